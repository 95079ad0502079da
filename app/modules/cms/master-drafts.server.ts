import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { contentDrafts, contentVersions, masterComponents } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";
import { masterDraftOf, type MasterState } from "./masters.server";
import { parseComponents } from "./page-components.schema";

/**
 * A master's draft → publish flow (decision 0133), the in-page editor's model for pages
 * (editing/page-drafts.server.ts) on the master's row: its draft is a content_drafts row
 * (kind "master", language "*"), every published state a content_versions row, and the two
 * checks that keep editors from overwriting each other:
 * - a draft save posts the draft `revision` the screen showed (0: no draft) and the live
 *   `version`; another editor's save in between is a 409 naming them (`editing.errors.draftChanged`);
 * - Publish refuses a draft made on an older live version (`adminContent.masters.errors.liveChanged`).
 * Only Publish and Restore change what pages show, so only they clear the page cache.
 */
type Actor = Pick<Staff, "id" | "email">;

const refused = (code: string, key: string, status: number, values?: Record<string, string | number>) =>
  new DomainError(code, { message: code, key, status, values });
const notFound = () => refused("noMaster", "editing.errors.noMaster", 404);
const liveChanged = () => refused("liveChanged", "adminContent.masters.errors.liveChanged", 409);

async function lockedMaster(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(masterComponents)
    .where(and(eq(masterComponents.id, id), eq(masterComponents.siteId, SITE_ID)))
    .for("update");
  if (!row) throw notFound();
  return row;
}

/** The section checked by its own schema; a refusal names the field the screen shows it at. */
function checkedComponent(component: Record<string, unknown>): Record<string, unknown> {
  const { components, skipped } = parseComponents([component]);
  if (skipped.length === 0 && components[0] && components[0].type !== "master") return components[0] as Record<string, unknown>;
  const path = skipped[0]?.issues?.[0]?.path ?? [];
  throw new DomainError("invalidComponent", {
    message: "Master component refused",
    key: "editing.errors.invalidSection",
    status: 400,
    field: path.map(String).join("."),
  });
}

/**
 * Saves the posted name and fields (merged over the draft, or over the live master when
 * there is no draft yet) as the master's draft. Pages keep showing the published master.
 */
export async function saveMasterDraft(
  staff: Actor,
  id: number,
  input: { revision: number; version: number; name: string; fields: Record<string, unknown> },
): Promise<{ revision: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockedMaster(tx, id);
    const [draft] = await tx.select().from(contentDrafts).where(masterDraftOf(id)).for("update");
    if (draft && draft.revision !== input.revision)
      throw refused("draftChanged", "editing.errors.draftChanged", 409, { who: draft.updatedByEmail });
    if (!draft && input.revision !== 0) throw refused("draftGone", "editing.errors.draftGone", 409);
    if (!draft && input.version !== row.version) throw liveChanged();
    const base = draft ? (draft.data as MasterState).component : row.component;
    const component = checkedComponent({ ...base, ...input.fields, type: row.component.type });
    const state: MasterState = { name: input.name, component };
    const who = { updatedBy: staff.id, updatedByEmail: staff.email, updatedAt: new Date() };
    if (draft) {
      await tx
        .update(contentDrafts)
        .set({ data: state, revision: draft.revision + 1, ...who })
        .where(eq(contentDrafts.id, draft.id));
      return { revision: draft.revision + 1 };
    }
    await tx.insert(contentDrafts).values({
      siteId: SITE_ID,
      kind: "master",
      entityId: id,
      languageCode: "*",
      data: state,
      baseVersion: row.version,
      revision: 1,
      ...who,
    });
    return { revision: 1 };
  });
}

/** Throws the draft away (pages are untouched); a draft changed meanwhile is a 409. */
export async function discardMasterDraft(id: number, revision: number): Promise<void> {
  const db = await getDb();
  const [draft] = await db.select().from(contentDrafts).where(masterDraftOf(id));
  if (!draft) return;
  if (draft.revision !== revision) throw refused("draftChanged", "editing.errors.draftChanged", 409, { who: draft.updatedByEmail });
  await db.delete(contentDrafts).where(and(eq(contentDrafts.id, draft.id), eq(contentDrafts.revision, revision)));
}

type LiveWrite = { state: MasterState; source: "publish" | "restore"; note: string };

/** Replaces the live master (version + 1), keeps the version and the audit row, drops the draft. */
async function writeLive(tx: Executor, staff: Actor, row: Awaited<ReturnType<typeof lockedMaster>>, write: LiveWrite): Promise<number> {
  const keep = {
    siteId: SITE_ID,
    kind: "master" as const,
    entityId: row.id,
    languageCode: "*",
    createdBy: staff.id,
    createdByEmail: staff.email,
  };
  // The state before the first publish gets its version row too, so it can be restored.
  const [kept] = await tx
    .select({ id: contentVersions.id })
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, "master"), eq(contentVersions.entityId, row.id), eq(contentVersions.version, row.version)))
    .limit(1);
  const before: MasterState = { name: row.name, component: row.component };
  if (!kept) await tx.insert(contentVersions).values({ ...keep, version: row.version, data: before, source: "create", note: "" });
  const version = row.version + 1;
  await tx
    .update(masterComponents)
    .set({ name: write.state.name, component: write.state.component, version, updatedAt: new Date() })
    .where(eq(masterComponents.id, row.id));
  await tx.insert(contentVersions).values({ ...keep, version, data: write.state, source: write.source, note: write.note });
  await tx.delete(contentDrafts).where(masterDraftOf(row.id));
  await recordAudit(tx, staff, {
    entity: "masterComponent",
    entityId: row.id,
    action: write.source,
    before: { ...before, version: row.version },
    after: { ...write.state, version },
  });
  return version;
}

/** Puts the draft live: every page that uses the master shows it at once. */
export async function publishMasterDraft(staff: Actor, id: number, revision: number): Promise<{ version: number }> {
  const db = await getDb();
  const version = await db.transaction(async (tx) => {
    const row = await lockedMaster(tx, id);
    const [draft] = await tx.select().from(contentDrafts).where(masterDraftOf(id)).for("update");
    if (!draft) throw refused("noDraft", "editing.errors.noDraft", 409);
    if (draft.revision !== revision) throw refused("draftChanged", "editing.errors.draftChanged", 409, { who: draft.updatedByEmail });
    if (draft.baseVersion !== row.version) throw liveChanged();
    const state = draft.data as MasterState;
    return writeLive(tx, staff, row, {
      state: { name: state.name, component: checkedComponent(state.component) },
      source: "publish",
      note: "",
    });
  });
  await dataChanged("page");
  return { version };
}

/**
 * Makes a kept version live again ("restore of n"); `version` is the live version the
 * screen showed. An open draft is dropped: it was made on what the editor chose to replace.
 */
export async function restoreMasterVersion(
  staff: Actor,
  id: number,
  input: { versionId: number; version: number },
): Promise<{ version: number }> {
  const db = await getDb();
  const version = await db.transaction(async (tx) => {
    const row = await lockedMaster(tx, id);
    if (row.version !== input.version) throw liveChanged();
    const [kept] = await tx
      .select({ version: contentVersions.version, data: contentVersions.data })
      .from(contentVersions)
      .where(and(eq(contentVersions.id, input.versionId), eq(contentVersions.kind, "master"), eq(contentVersions.entityId, id)));
    if (!kept) throw refused("noVersion", "editing.errors.noVersion", 404);
    const state = kept.data as MasterState;
    return writeLive(tx, staff, row, {
      state: { name: state.name, component: checkedComponent(state.component) },
      source: "restore",
      note: `restore of ${kept.version}`,
    });
  });
  await dataChanged("page");
  return { version };
}
