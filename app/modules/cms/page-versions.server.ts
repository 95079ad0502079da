import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { contentVersions } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";

/** What a history list shows of a kept version (a page's or a master's): which, how, who, when. */
export const versionSummary = {
  id: contentVersions.id,
  version: contentVersions.version,
  source: contentVersions.source,
  note: contentVersions.note,
  createdByEmail: contentVersions.createdByEmail,
  createdAt: contentVersions.createdAt,
};

/** A page translation's live state: its version number and its stored content. */
export type LivePage = { pageId: number; languageCode: string; version: number; content: unknown };

/**
 * Gives the page's live state a version row before something replaces it (a seeded or
 * form-saved page may have none), so the page's history can undo the change: the first
 * in-page publish, or sections linked to their master. `note` says why it was kept.
 */
export async function keepLiveVersion(staff: Pick<Staff, "id" | "email">, live: LivePage, note: string): Promise<void> {
  const db = await getDb();
  const [kept] = await db
    .select({ id: contentVersions.id })
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.kind, "page"),
        eq(contentVersions.entityId, live.pageId),
        eq(contentVersions.languageCode, live.languageCode),
        eq(contentVersions.version, live.version),
      ),
    )
    .limit(1);
  if (kept) return;
  await db.insert(contentVersions).values({
    siteId: SITE_ID,
    kind: "page",
    entityId: live.pageId,
    languageCode: live.languageCode,
    version: live.version,
    data: live.content as Record<string, unknown>,
    source: "create",
    note,
    createdBy: staff.id,
    createdByEmail: staff.email,
  });
}
