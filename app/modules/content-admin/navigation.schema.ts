import { z } from "zod/v4";
import { id, integer, text } from "~/lib/schema-fields";

/** spec §3 ThemeNavigations: the header's main navigation and the footer's four columns. */
export const NAVIGATION_HANDLES = ["main", "footer1", "footer2", "footer3", "footer4"] as const;
export type NavigationHandle = (typeof NAVIGATION_HANDLES)[number];

/** What an editor links to from a navigation: a CMS page or post, a product category, a part of the shop, an address. */
export const NAVIGATION_LINK_TYPES = ["page", "category", "route", "external"] as const;

/**
 * The parts of the shop a navigation can link to: routes of app/lib/routes-table.ts that need
 * no parameter. Stored by name, so the link follows the visitor's language (/pretraga,
 * /en/search, /de/suche).
 */
export const NAVIGATION_ROUTES = ["shop", "blog", "search", "events", "cart", "checkout", "profile", "login", "register"] as const;
export type NavigationRoute = (typeof NAVIGATION_ROUTES)[number];

/** Only the header's main navigation has sub-links (a dropdown); the footer's columns are one level each. */
export const NESTED_NAVIGATIONS: readonly NavigationHandle[] = ["main"];

const labels = {
  labelHr: text({ max: 120, required: true }),
  labelEn: text({ max: 120 }),
  labelDe: text({ max: 120 }),
};
const version = integer({ min: 0 });
const itemId = id();

/** One form per change of a navigation's links, each with the navigation's version (a stale screen is refused). */
export const navigationChangeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    version,
    linkType: z.enum(NAVIGATION_LINK_TYPES),
    page: text({ max: 200 }),
    category: text({ max: 200 }),
    route: text({ max: 50 }),
    url: text({ max: 500 }),
    // A top-level link of the same navigation to put this one under; none: top level.
    parent: id().optional(),
    ...labels,
  }),
  z.object({ intent: z.literal("labels"), version, itemId, ...labels }),
  z.object({ intent: z.literal("move"), version, itemId, to: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("remove"), version, itemId }),
]);
export type NavigationChange = z.output<typeof navigationChangeSchema>;

/** The add form alone, for its HTML constraints. */
export const navigationAddSchema = navigationChangeSchema.options[0];
