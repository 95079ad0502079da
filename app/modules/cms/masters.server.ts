import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { contentDrafts, contentVersions, masterComponents, pageTranslations } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { versionSummary } from "./page-versions.server";
import { parseComponents, type StoredComponent } from "./page-components.schema";

/**
 * Master components (spec §2 "choose master component"): a section kept in one place. A page
 * stores a reference (`{ type: "master", masterId }`), never a copy, and renders the master's
 * published content. A master has its own draft (content_drafts, kind "master", decision 0133):
 * "Spremi skicu" changes no page, "Objavi" puts it live and clears the page cache
 * (dataChanged("page")), so every page that uses it shows the change at once; editors in
 * edit mode and the draft preview see the draft.
 */
export type MasterUse = { pageId: number; languageCode: string; title: string; slug: string };
/** What a master's draft and its versions hold. */
export type MasterState = { name: string; component: Record<string, unknown> };
export type MasterDraftInfo = { revision: number; baseVersion: number; updatedByEmail: string; updatedAt: string };
export type MasterDetail = {
  id: number;
  name: string;
  component: StoredComponent;
  version: number;
  draft: { name: string; component: StoredComponent; info: MasterDraftInfo } | null;
  usedBy: MasterUse[];
};

export const masterDraftOf = (masterId: number) =>
  and(
    eq(contentDrafts.siteId, SITE_ID),
    eq(contentDrafts.kind, "master"),
    eq(contentDrafts.entityId, masterId),
    eq(contentDrafts.languageCode, "*"),
  );

/**
 * The masters' components by id, checked by their schemas (a master that no longer parses is
 * left out and logged). With `drafts` (edit mode, the draft preview) a master's draft is shown
 * instead of its published state.
 */
export async function mastersById(ids: readonly number[], { drafts = false } = {}): Promise<Map<number, StoredComponent>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: masterComponents.id, component: masterComponents.component })
    .from(masterComponents)
    .where(and(eq(masterComponents.siteId, SITE_ID), inArray(masterComponents.id, wanted)));
  const drafted = drafts
    ? await db
        .select({ id: contentDrafts.entityId, data: contentDrafts.data })
        .from(contentDrafts)
        .where(
          and(
            eq(contentDrafts.siteId, SITE_ID),
            eq(contentDrafts.kind, "master"),
            eq(contentDrafts.languageCode, "*"),
            inArray(contentDrafts.entityId, wanted),
          ),
        )
    : [];
  const draftOf = new Map(drafted.map((d) => [d.id, (d.data as MasterState).component]));
  const found = new Map<number, StoredComponent>();
  for (const row of rows) {
    const { components, skipped } = parseComponents([draftOf.get(row.id) ?? row.component]);
    if (skipped.length > 0) console.warn(`Master component ${row.id} skipped: ${skipped[0].reason}`);
    // A master is one plain section: a reference to another master inside it is not followed.
    if (components[0] && components[0].type !== "master") found.set(row.id, components[0]);
  }
  return found;
}

/** The page translations (live content) that reference a master. */
export async function masterUses(masterId: number): Promise<MasterUse[]> {
  const db = await getDb();
  const reference = JSON.stringify([{ type: "master", masterId }]);
  return db
    .select({
      pageId: pageTranslations.pageId,
      languageCode: pageTranslations.languageCode,
      title: pageTranslations.title,
      slug: pageTranslations.slug,
    })
    .from(pageTranslations)
    .where(sql`${pageTranslations.components} @> ${reference}::jsonb`)
    .orderBy(pageTranslations.pageId, pageTranslations.languageCode);
}

export async function listMasters() {
  const db = await getDb();
  const rows = await db
    .select({ id: masterComponents.id, name: masterComponents.name, component: masterComponents.component })
    .from(masterComponents)
    .where(eq(masterComponents.siteId, SITE_ID))
    .orderBy(masterComponents.name);
  return rows.map((row) => ({ id: row.id, name: row.name, type: String(row.component.type ?? "?") }));
}

export async function masterDetail(id: number): Promise<MasterDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(masterComponents)
    .where(and(eq(masterComponents.id, id), eq(masterComponents.siteId, SITE_ID)));
  if (!row) return null;
  const [component] = parseComponents([row.component]).components;
  if (!component) return null;
  const draft = await readMasterDraft(id);
  const [drafted] = draft ? parseComponents([draft.state.component]).components : [];
  return {
    id: row.id,
    name: row.name,
    component,
    version: row.version,
    draft: draft && drafted ? { name: draft.state.name, component: drafted, info: draft.info } : null,
    usedBy: await masterUses(id),
  };
}

export async function readMasterDraft(
  id: number,
  executor?: Executor,
): Promise<{ id: number; state: MasterState; info: MasterDraftInfo } | null> {
  const db = executor ?? (await getDb());
  const [row] = await db.select().from(contentDrafts).where(masterDraftOf(id));
  if (!row) return null;
  return {
    id: row.id,
    state: row.data as MasterState,
    info: {
      revision: row.revision,
      baseVersion: row.baseVersion,
      updatedByEmail: row.updatedByEmail,
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/** The master's kept versions, newest first (its history: who published what, when). */
export async function masterVersions(id: number, limit = 30) {
  const db = await getDb();
  const rows = await db
    .select(versionSummary)
    .from(contentVersions)
    .where(and(eq(contentVersions.siteId, SITE_ID), eq(contentVersions.kind, "master"), eq(contentVersions.entityId, id)))
    .orderBy(desc(contentVersions.version), desc(contentVersions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
