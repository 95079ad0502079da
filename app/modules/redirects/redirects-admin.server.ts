import { and, asc, count, desc, eq, ilike, inArray, ne, or } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb, type Executor } from "~/.server/db/client.server";
import { failedRequests, redirects } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { isLocalPath, localPathOrNull } from "~/lib/local-path";
import { id, integer, text } from "~/lib/schema-fields";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";

/**
 * Redirects and the logged 404s in the backoffice (decision 0055, spec §7
 * addFailedRequest). A redirect goes from a local path to a local path (an address of this
 * shop written with PUBLIC_URL is taken as its path); like the slug redirects of the
 * catalogue (slug-redirects.server.ts) there are no chains or loops: a target that is itself
 * redirected is followed to its end, redirects to the source are pointed at the new
 * target, and one that would lead back to itself is refused. Redirects are read fresh when
 * a path is unknown and 404s and redirects are never in the page cache, so no cache is
 * cleared. A 404 turned into a redirect leaves the log.
 */
export const REDIRECT_STATUSES = [301, 302] as const;
type RedirectRow = typeof redirects.$inferSelect;

const refused = (key: string, field: string, status = 400) =>
  new DomainError("redirectRefused", { message: `Redirect refused: ${key}`, key: `adminCommunity.redirects.errors.${key}`, field, status });
export const redirectNotFound = () =>
  new DomainError("redirectNotFound", { message: "Redirect not found", key: "adminCommunity.redirects.notFound", status: 404 });

/**
 * A target as typed: a local path, or an absolute address on PUBLIC_URL made into its path;
 * stored percent-encoded (`/kategorija/čavli` as `/kategorija/%C4%8Davli`), as a Location
 * header must be.
 */
export function targetPath(value: string): string | null {
  const origin = env.PUBLIC_URL;
  if (origin && value.startsWith(`${origin}/`)) value = value.slice(origin.length);
  else if (origin && value === origin) value = "/";
  return localPathOrNull(value);
}

/** A source as typed, percent-encoded as a browser asks for it (the path a visit is looked up by). */
const sourcePath = (value: string) => localPathOrNull(value) ?? value;

const pathField = text({ max: 500, required: true });

export const redirectFormFields = {
  fromPath: pathField.refine((value) => value === "" || isLocalPath(value), "adminCommunity.redirects.errors.fromLocal"),
  toPath: pathField.refine((value) => value === "" || targetPath(value) !== null, "adminCommunity.redirects.errors.toLocal"),
  status: integer({ min: 301, max: 302 }).default(301),
};
export const redirectSchema = z.object({ intent: z.literal("save"), version: integer({ min: 0 }).optional(), ...redirectFormFields });
export type RedirectInput = z.output<typeof redirectSchema>;
export const redirectPageSchema = z.discriminatedUnion("intent", [
  redirectSchema,
  z.object({ intent: z.literal("delete"), version: integer({ min: 0 }) }),
]);

export const redirectListQuery = listQuery({ sorts: ["fromPath", "toPath", "createdAt"], sort: "createdAt", dir: "desc" }, {});
export type RedirectListQuery = z.output<typeof redirectListQuery>;
export const failedListQuery = listQuery({ sorts: ["hits", "lastSeenAt", "path"], sort: "hits", dir: "desc" }, {});
export type FailedListQuery = z.output<typeof failedListQuery>;

/** The 404 log's actions: one turned into a redirect (its path is the source), or ticked ones ignored (removed from the log). */
export const failedActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("redirect"), failedId: id(), toPath: redirectFormFields.toPath, status: redirectFormFields.status }),
  z.object({ intent: z.literal("ignore"), ids: z.array(id()).max(100).default([]) }),
]);

function redirectWhere(query: RedirectListQuery) {
  return query.q ? or(ilike(redirects.fromPath, likePattern(query.q)), ilike(redirects.toPath, likePattern(query.q))) : undefined;
}

async function selectRedirects(query: RedirectListQuery, limit: number, offset: number) {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select()
    .from(redirects)
    .where(redirectWhere(query))
    .orderBy(direction(redirects[query.sort]), direction(redirects.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ id: r.id, fromPath: r.fromPath, toPath: r.toPath, status: r.status, createdAt: r.createdAt.toISOString() }));
}
export type RedirectListRow = Awaited<ReturnType<typeof selectRedirects>>[number];

export async function listRedirects(query: RedirectListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(redirects).where(redirectWhere(query));
  const page = listPage(total, query);
  return { rows: await selectRedirects(query, page.limit, page.offset), page };
}
export const exportRedirects = (query: RedirectListQuery) => selectRedirects(query, CSV_MAX_ROWS, 0);

const failedWhere = (query: FailedListQuery) => (query.q ? ilike(failedRequests.path, likePattern(query.q)) : undefined);

async function selectFailedRequests(query: FailedListQuery, limit: number, offset: number) {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select()
    .from(failedRequests)
    .where(failedWhere(query))
    .orderBy(direction(failedRequests[query.sort]), direction(failedRequests.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ id: r.id, path: r.path, hits: r.hits, lastSeenAt: r.lastSeenAt.toISOString() }));
}
export type FailedListRow = Awaited<ReturnType<typeof selectFailedRequests>>[number];

export async function listFailedRequests(query: FailedListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(failedRequests).where(failedWhere(query));
  const page = listPage(total, query);
  return { rows: await selectFailedRequests(query, page.limit, page.offset), page };
}

/** Every logged address of the filtered list in the list's order (the CSV), bounded by CSV_MAX_ROWS. */
export const exportFailedRequests = (query: FailedListQuery) => selectFailedRequests(query, CSV_MAX_ROWS, 0);

export async function redirectDetail(redirectId: number) {
  const db = await getDb();
  const [row] = await db.select().from(redirects).where(eq(redirects.id, redirectId));
  return row ? { id: row.id, version: row.version, fromPath: row.fromPath, toPath: row.toPath, status: row.status } : null;
}

const auditView = (r: RedirectRow) => ({ fromPath: r.fromPath, toPath: r.toPath, status: r.status });

/**
 * Where `to` finally leads (a target that is itself redirected is followed), refused when
 * it comes back to `from` (a loop). Other redirects to `from` are pointed at the end, so no
 * visitor takes two hops.
 */
async function settleTarget(tx: Executor, from: string, typed: string, except: number | null): Promise<string> {
  let to = targetPath(typed)!;
  const seen = new Set([from]);
  for (let hop = 0; hop < 20; hop++) {
    if (seen.has(to)) throw refused("loop", "toPath", 409);
    seen.add(to);
    const [next] = await tx
      .select({ toPath: redirects.toPath })
      .from(redirects)
      .where(and(eq(redirects.fromPath, to), except ? ne(redirects.id, except) : undefined));
    if (!next) break;
    to = next.toPath;
  }
  await tx
    .update(redirects)
    .set({ toPath: to })
    .where(and(eq(redirects.toPath, from), except ? ne(redirects.id, except) : undefined));
  return to;
}

async function refuseTakenSource(tx: Executor, from: string, except: number | null) {
  const [taken] = await tx
    .select({ id: redirects.id })
    .from(redirects)
    .where(and(eq(redirects.fromPath, from), except ? ne(redirects.id, except) : undefined));
  if (taken) throw refused("fromTaken", "fromPath", 409);
}

async function insertRedirect(tx: Executor, staff: Staff, typed: { fromPath: string; toPath: string; status: number }) {
  const input = { ...typed, fromPath: sourcePath(typed.fromPath) };
  await refuseTakenSource(tx, input.fromPath, null);
  const toPath = await settleTarget(tx, input.fromPath, input.toPath, null);
  const [row] = await tx.insert(redirects).values({ fromPath: input.fromPath, toPath, status: input.status }).returning();
  // The path is answered now: it leaves the 404 log.
  await tx.delete(failedRequests).where(eq(failedRequests.path, input.fromPath));
  await recordAudit(tx, staff, { entity: "redirect", entityId: row.id, action: "create", after: auditView(row) });
  return row.id;
}

export async function createRedirect(staff: Staff, input: RedirectInput): Promise<number> {
  const db = await getDb();
  return db.transaction((tx) => insertRedirect(tx, staff, input));
}

export async function updateRedirect(staff: Staff, redirectId: number, typed: RedirectInput): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(redirects).where(eq(redirects.id, redirectId)).for("update");
    if (!before) throw redirectNotFound();
    checkVersion(before.version, typed.version ?? -1);
    const input = { ...typed, fromPath: sourcePath(typed.fromPath) };
    await refuseTakenSource(tx, input.fromPath, redirectId);
    const toPath = await settleTarget(tx, input.fromPath, input.toPath, redirectId);
    const [after] = await tx
      .update(redirects)
      .set({ fromPath: input.fromPath, toPath, status: input.status, version: before.version + 1 })
      .where(eq(redirects.id, redirectId))
      .returning();
    await tx.delete(failedRequests).where(eq(failedRequests.path, input.fromPath));
    await recordAudit(tx, staff, {
      entity: "redirect",
      entityId: redirectId,
      action: "update",
      ...changedFields(auditView(before), auditView(after)),
    });
  });
}

export async function deleteRedirect(staff: Staff, redirectId: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(redirects).where(eq(redirects.id, redirectId)).for("update");
    if (!before) throw redirectNotFound();
    checkVersion(before.version, version);
    await tx.delete(redirects).where(eq(redirects.id, redirectId));
    await recordAudit(tx, staff, { entity: "redirect", entityId: redirectId, action: "delete", before: auditView(before) });
  });
}

/** A logged 404 made into a redirect from its path; it leaves the log. */
export async function redirectFailedRequest(staff: Staff, failedId: number, toPath: string, status: number): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [failed] = await tx.select().from(failedRequests).where(eq(failedRequests.id, failedId)).for("update");
    if (!failed)
      throw new DomainError("failedNotFound", {
        message: "Logged 404 not found",
        key: "adminCommunity.redirects.failedNotFound",
        status: 404,
      });
    if (!isLocalPath(failed.path)) throw refused("fromLocal", "toPath");
    return insertRedirect(tx, staff, { fromPath: failed.path, toPath, status });
  });
}

/** Ticked 404s removed from the log ("ignore"); one that comes again is logged again. */
export async function ignoreFailedRequests(staff: Staff, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const gone = await tx.delete(failedRequests).where(inArray(failedRequests.id, ids)).returning();
    for (const row of gone) {
      await recordAudit(tx, staff, {
        entity: "failedRequest",
        entityId: row.id,
        action: "ignore",
        before: { path: row.path, hits: row.hits, lastSeenAt: row.lastSeenAt.toISOString() },
      });
    }
    return gone.length;
  });
}
