import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { auditLog, contentDrafts, contentVersions, masterComponents, pages, pageTranslations } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";
import type { MasterState } from "./masters.server";
import { readPageContent, savePageContent } from "./page-content.server";
import { keepLiveVersion } from "./page-versions.server";
import type { StoredComponent } from "./page-components.schema";
import { sectionPrint } from "./section-print";

/**
 * Copies of a master (decision 0133). Before pages referenced masters, "add master" copied
 * the master's fields into the page, and "save as master" still leaves the section it was
 * saved from on its page: both are sections whose fields equal a state the master had then.
 * A copy is recognised as a section (not a reference) whose fields equal the master's
 * current state or any state it had since — its kept versions and, for the edits made
 * before masters had versions, the audit trail's before and after. A copy an editor changed
 * on its page is its own section and is not offered. Linking replaces the copy with the
 * reference (its hidden flag kept) through savePageContent, the one write path of page
 * content (version check, version row, audit, page cache).
 */
type Actor = Pick<Staff, "id" | "email">;
export type MasterCopy = { pageId: number; languageCode: string; title: string; version: number; indexes: number[] };

/** Every state the master has had that the shop still knows, as section prints. */
async function masterPrints(masterId: number): Promise<Set<string>> {
  const db = await getDb();
  const [master, versions, audits] = await Promise.all([
    db
      .select({ component: masterComponents.component })
      .from(masterComponents)
      .where(and(eq(masterComponents.id, masterId), eq(masterComponents.siteId, SITE_ID))),
    db
      .select({ data: contentVersions.data })
      .from(contentVersions)
      .where(and(eq(contentVersions.siteId, SITE_ID), eq(contentVersions.kind, "master"), eq(contentVersions.entityId, masterId))),
    db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, SITE_ID), eq(auditLog.entity, "masterComponent"), eq(auditLog.entityId, masterId))),
  ]);
  const states = [
    ...master.map((m) => m.component),
    ...versions.map((v) => (v.data as MasterState).component),
    ...audits.flatMap((a) => [a.before?.component, a.after?.component]),
  ];
  return new Set(states.flatMap((state) => (state && typeof state === "object" ? [sectionPrint(state)] : [])).filter((p) => p !== null));
}

/** The page translations (live content) that hold a copy of the master, with the copies' places. */
export async function masterCopies(masterId: number): Promise<MasterCopy[]> {
  const prints = await masterPrints(masterId);
  if (prints.size === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      pageId: pageTranslations.pageId,
      languageCode: pageTranslations.languageCode,
      title: pageTranslations.title,
      version: pageTranslations.version,
      components: pageTranslations.components,
    })
    .from(pageTranslations)
    .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
    .where(eq(pages.siteId, SITE_ID))
    .orderBy(pageTranslations.pageId, pageTranslations.languageCode);
  return rows.flatMap((row) => {
    const list = Array.isArray(row.components) ? row.components : [];
    const indexes = list.flatMap((entry, index) => {
      if ((entry as { type?: unknown } | null)?.type === "master") return [];
      const print = sectionPrint(entry);
      return print !== null && prints.has(print) ? [index] : [];
    });
    return indexes.length > 0
      ? [{ pageId: row.pageId, languageCode: row.languageCode, title: row.title, version: row.version, indexes }]
      : [];
  });
}

const asReference = (masterId: number, entry: unknown): StoredComponent => ({
  type: "master",
  masterId,
  ...((entry as { hidden?: unknown }).hidden === true ? { hidden: true } : {}),
});

/**
 * Replaces the copies with references: on every page holding one, or on one page translation.
 * An open in-page draft of such a page started from the same live version gets the same
 * change (and moves to the new version), so publishing it later neither brings the copy back
 * nor is refused for it. Returns how many sections were linked.
 */
export async function linkMasterCopies(staff: Actor, masterId: number, only?: { pageId: number; languageCode: string }): Promise<number> {
  const copies = (await masterCopies(masterId)).filter(
    (copy) => !only || (copy.pageId === only.pageId && copy.languageCode === only.languageCode),
  );
  if (only && copies.length === 0)
    throw new DomainError("noCopy", { message: "noCopy", key: "adminContent.masters.errors.noCopy", status: 409 });
  const db = await getDb();
  let linked = 0;
  for (const copy of copies) {
    const live = await readPageContent(copy.pageId, copy.languageCode);
    if (!live) continue;
    await keepLiveVersion(staff, { ...copy, version: live.version, content: live.content }, "kept before linking to a master");
    const components = live.content.components.map((entry, index) => (copy.indexes.includes(index) ? asReference(masterId, entry) : entry));
    const { version } = await savePageContent(staff, {
      pageId: copy.pageId,
      languageCode: copy.languageCode,
      content: { ...live.content, components },
      expectedVersion: copy.version,
      source: "form",
      note: `linked to master ${masterId}`,
    });
    linked += copy.indexes.length;
    const draftOf = and(
      eq(contentDrafts.siteId, SITE_ID),
      eq(contentDrafts.kind, "page"),
      eq(contentDrafts.entityId, copy.pageId),
      eq(contentDrafts.languageCode, copy.languageCode),
      eq(contentDrafts.baseVersion, copy.version),
    );
    const [draft] = await db.select().from(contentDrafts).where(draftOf);
    if (draft) {
      const drafted = (draft.data as { components?: unknown[] }).components ?? [];
      const prints = new Set(copy.indexes.map((index) => sectionPrint(live.content.components[index])));
      const relinked = drafted.map((entry) =>
        (entry as { type?: unknown } | null)?.type !== "master" && prints.has(sectionPrint(entry)) ? asReference(masterId, entry) : entry,
      );
      await db
        .update(contentDrafts)
        .set({
          data: { ...draft.data, components: relinked },
          baseVersion: version,
          // The editor's open screen holds the copy: its next change is refused until it reloads.
          revision: draft.revision + 1,
          updatedBy: staff.id,
          updatedByEmail: staff.email,
          updatedAt: new Date(),
        })
        .where(eq(contentDrafts.id, draft.id));
    }
  }
  await recordAudit(db, staff, {
    entity: "masterComponent",
    entityId: masterId,
    action: "linkCopies",
    after: { pages: copies.map((c) => ({ pageId: c.pageId, languageCode: c.languageCode, sections: c.indexes })) },
  });
  return linked;
}
