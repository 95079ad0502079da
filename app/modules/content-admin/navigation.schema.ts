import { z } from "zod/v4";
import { id, integer, text } from "~/lib/schema-fields";

/** spec §3 ThemeNavigations: the header's main navigation and the footer's four columns. */
export const NAVIGATION_HANDLES = ["main", "footer1", "footer2", "footer3", "footer4"] as const;
export type NavigationHandle = (typeof NAVIGATION_HANDLES)[number];

/** What an editor links to from a navigation: a CMS page or post, a product category, an address. */
export const NAVIGATION_LINK_TYPES = ["page", "category", "external"] as const;

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
    url: text({ max: 500 }),
    ...labels,
  }),
  z.object({ intent: z.literal("labels"), version, itemId, ...labels }),
  z.object({ intent: z.literal("move"), version, itemId, to: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("remove"), version, itemId }),
]);
export type NavigationChange = z.output<typeof navigationChangeSchema>;

/** The add form alone, for its HTML constraints. */
export const navigationAddSchema = navigationChangeSchema.options[0];
