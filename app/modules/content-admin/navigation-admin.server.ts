import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import {
  categories,
  categoryTranslations,
  navigationItems,
  navigations,
  pages,
  pageTranslations,
  type LinkType,
} from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { isWebAddress } from "~/lib/links";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { NAVIGATION_ROUTES, NESTED_NAVIGATIONS, type NavigationChange, type NavigationHandle } from "./navigation.schema";

/**
 * The navigations of spec §3 ThemeNavigations (main in the header, footer1-4 in the footer),
 * edited in the backoffice: links to a page or post, a category, a part of the shop (a route
 * by name, so it follows the language) or an address, a label per language (Croatian
 * required, the others fall back to it), order, removal. A link of the main navigation can
 * sit under a top-level one (the header's dropdown); one level only. Every change
 * checks the navigation's version, is audited and clears the site context the header and
 * footer are built from (dataChanged("layout")), with the rendered pages derived from it.
 */
export const NAVIGATION_TITLES: Record<NavigationHandle, string> = {
  main: "Glavna navigacija",
  footer1: "Podnožje 1",
  footer2: "Podnožje 2",
  footer3: "Podnožje 3",
  footer4: "Podnožje 4",
};

type ItemRow = typeof navigationItems.$inferSelect;
export type NavigationItemView = {
  id: number;
  parentId: number | null;
  labels: Record<string, string>;
  linkType: LinkType;
  target: string;
  depth: number;
};

const refused = (code: string, key: string, field: string, status = 400) =>
  new DomainError(code, { message: `Navigation change refused: ${code}`, key, field, status });

async function navigationRow(executor: Executor, handle: NavigationHandle) {
  const [row] = await executor
    .select()
    .from(navigations)
    .where(and(eq(navigations.siteId, SITE_ID), eq(navigations.handle, handle)));
  return row ?? null;
}

/** Items in the order the storefront shows them: each parent followed by its children. */
function ordered(items: ItemRow[]): NavigationItemView[] {
  const walk = (parentId: number | null, depth: number): NavigationItemView[] =>
    items
      .filter((i) => i.parentId === parentId)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .flatMap((i) => [
        { id: i.id, parentId: i.parentId, labels: i.label, linkType: i.linkType, target: i.target, depth },
        ...walk(i.id, depth + 1),
      ]);
  return walk(null, 0);
}

export async function navigationView(handle: NavigationHandle) {
  const db = await getDb();
  const nav = await navigationRow(db, handle);
  const items = nav ? await db.select().from(navigationItems).where(eq(navigationItems.navigationId, nav.id)) : [];
  return {
    handle,
    title: nav?.title ?? NAVIGATION_TITLES[handle],
    version: nav?.version ?? 0,
    navigationId: nav?.id ?? null,
    items: ordered(items),
  };
}

/** The pages, posts and categories a link can name, by their Croatian slug (links follow translations, site.server.ts). */
export async function navigationLinkChoices() {
  const db = await getDb();
  const [pageRows, categoryRows] = await Promise.all([
    db
      .select({ slug: pageTranslations.slug, title: pageTranslations.title, postType: pages.postType })
      .from(pageTranslations)
      .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
      .where(and(eq(pages.siteId, SITE_ID), eq(pageTranslations.languageCode, "hrv"), inArray(pages.postType, ["page", "post"])))
      .orderBy(asc(pages.postType), asc(pageTranslations.title)),
    db
      .select({ slug: categoryTranslations.slug, name: categoryTranslations.name })
      .from(categoryTranslations)
      .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
      .where(and(eq(categories.siteId, SITE_ID), eq(categoryTranslations.languageCode, "hrv")))
      .orderBy(asc(categoryTranslations.name)),
  ]);
  return { pages: pageRows, categories: categoryRows };
}

function labelsOf(input: { labelHr: string; labelEn: string; labelDe: string }): Record<string, string> {
  const labels: Record<string, string> = { hr: input.labelHr.trim() };
  if (input.labelEn.trim()) labels.en = input.labelEn.trim();
  if (input.labelDe.trim()) labels.de = input.labelDe.trim();
  return labels;
}

type AddChange = Extract<NavigationChange, { intent: "add" }>;

/**
 * The parent of an "add": none for a top-level link; else a top-level link of the same
 * navigation, and only where the storefront shows sub-links (the header's dropdown).
 */
function parentOf(handle: NavigationHandle, items: ItemRow[], input: AddChange): number | null {
  if (input.parent === undefined) return null;
  if (!NESTED_NAVIGATIONS.includes(handle)) throw refused("notNested", "adminContent.navigations.errors.notNested", "parent");
  const parent = items.find((i) => i.id === input.parent);
  if (!parent) throw refused("noParent", "adminContent.navigations.errors.parent", "parent");
  if (parent.parentId !== null) throw refused("tooDeep", "adminContent.navigations.errors.depth", "parent");
  return parent.id;
}

/** The link of an "add": its type and target, checked against what exists. */
async function linkOf(tx: Executor, input: AddChange): Promise<{ linkType: LinkType; target: string }> {
  if (input.linkType === "route") {
    const route = NAVIGATION_ROUTES.find((r) => r === input.route);
    if (!route) throw refused("noRoute", "adminContent.navigations.errors.route", "route");
    return { linkType: "route", target: route };
  }
  if (input.linkType === "external") {
    const url = input.url.trim();
    if (!isWebAddress(url)) throw refused("badUrl", "adminContent.navigations.errors.url", "url");
    return { linkType: "external", target: url };
  }
  if (input.linkType === "category") {
    const [hit] = await tx
      .select({ slug: categoryTranslations.slug })
      .from(categoryTranslations)
      .where(and(eq(categoryTranslations.languageCode, "hrv"), eq(categoryTranslations.slug, input.category)));
    if (!hit) throw refused("noCategory", "adminContent.navigations.errors.category", "category");
    return { linkType: "category", target: hit.slug };
  }
  const [hit] = await tx
    .select({ slug: pageTranslations.slug, postType: pages.postType })
    .from(pageTranslations)
    .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
    .where(and(eq(pages.siteId, SITE_ID), eq(pageTranslations.languageCode, "hrv"), eq(pageTranslations.slug, input.page)));
  if (!hit) throw refused("noPage", "adminContent.navigations.errors.page", "page");
  return { linkType: hit.postType === "post" ? "post" : "page", target: hit.slug };
}

async function lockNavigation(tx: Executor, handle: NavigationHandle) {
  const [locked] = await tx
    .select()
    .from(navigations)
    .where(and(eq(navigations.siteId, SITE_ID), eq(navigations.handle, handle)))
    .for("update");
  if (locked) return locked;
  // A navigation the seed did not make (or an editor's database lost) starts empty at version 0.
  const [made] = await tx.insert(navigations).values({ siteId: SITE_ID, handle, title: NAVIGATION_TITLES[handle], version: 0 }).returning();
  return made;
}

/** Applies one change; returns the navigation's new version. */
export async function changeNavigation(staff: Pick<Staff, "id" | "email">, handle: NavigationHandle, change: NavigationChange) {
  const db = await getDb();
  const version = await db.transaction(async (tx) => {
    const nav = await lockNavigation(tx, handle);
    checkVersion(nav.version, change.version);
    const items = await tx.select().from(navigationItems).where(eq(navigationItems.navigationId, nav.id));
    const item = change.intent === "add" ? null : items.find((i) => i.id === change.itemId);
    if (change.intent !== "add" && !item) throw refused("noItem", "adminContent.navigations.errors.item", "", 404);
    let before: Record<string, unknown> | null = null;
    let after: Record<string, unknown> | null = null;
    switch (change.intent) {
      case "add": {
        const parentId = parentOf(handle, items, change);
        const link = await linkOf(tx, change);
        const last = items.filter((i) => i.parentId === parentId).reduce((max, i) => Math.max(max, i.position), -1);
        const label = labelsOf(change);
        await tx.insert(navigationItems).values({ navigationId: nav.id, parentId, position: last + 1, label, ...link });
        after = { label, ...link, parentId };
        break;
      }
      case "labels": {
        const label = labelsOf(change);
        await tx.update(navigationItems).set({ label }).where(eq(navigationItems.id, item!.id));
        before = { label: item!.label };
        after = { label };
        break;
      }
      case "move": {
        const siblings = items.filter((i) => i.parentId === item!.parentId).sort((a, b) => a.position - b.position || a.id - b.id);
        const from = siblings.findIndex((i) => i.id === item!.id);
        const to = change.to === "up" ? from - 1 : from + 1;
        if (to < 0 || to >= siblings.length) return nav.version; // already first or last: nothing to do
        [siblings[from], siblings[to]] = [siblings[to], siblings[from]];
        for (const [position, sibling] of siblings.entries())
          await tx.update(navigationItems).set({ position }).where(eq(navigationItems.id, sibling.id));
        before = { position: from };
        after = { position: to, label: item!.label };
        break;
      }
      case "remove":
        await tx.delete(navigationItems).where(eq(navigationItems.id, item!.id));
        // Its sub-links go with it (the foreign key cascades): the audit row names them.
        before = {
          label: item!.label,
          linkType: item!.linkType,
          target: item!.target,
          children: items.filter((i) => i.parentId === item!.id).map((i) => i.label),
        };
        break;
    }
    await tx
      .update(navigations)
      .set({ version: nav.version + 1 })
      .where(eq(navigations.id, nav.id));
    await recordAudit(tx, staff, { entity: "navigation", entityId: nav.id, action: change.intent, before, after: { handle, ...after } });
    return nav.version + 1;
  });
  await dataChanged("layout");
  return version;
}
