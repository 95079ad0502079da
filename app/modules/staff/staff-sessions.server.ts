import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { sessions } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { sessionIsOver } from "~/.server/session.server";
import { deviceOf, type Device } from "~/lib/user-agent";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";

/**
 * A backoffice user's own sessions (OWASP ASVS 3.3.4, decision 0085): the list on their
 * profile page and ending one of them or all the others. A session's id is its bearer
 * secret, so pages and forms name a session by a one-way handle of it instead; a handle
 * only ever matches among the user's own sessions, so nobody ends anyone else's.
 */
export type StaffSession = {
  handle: string;
  device: Device;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

export function sessionHandle(id: string): string {
  return createHash("sha256").update(`session|${id}`).digest("base64url").slice(0, 24);
}

type Row = { id: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date; userAgent: string | null; ip: string | null };

async function rowsOf(executor: Executor, userId: number): Promise<Row[]> {
  const rows = await executor
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt));
  // Rows over their limits but not yet purged are no sessions any more.
  const now = new Date();
  return rows.filter((row) => !sessionIsOver({ ...row, staff: true }, now));
}

/** The user's live sessions, the one of this request marked, the most recently used first. */
export async function listStaffSessions(staff: Staff, currentId: string): Promise<StaffSession[]> {
  const db = await getDb();
  return (await rowsOf(db, staff.id)).map((row) => ({
    handle: sessionHandle(row.id),
    device: deviceOf(row.userAgent),
    ip: row.ip || null,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  }));
}

const described = (row: Row) => ({ device: row.userAgent ?? "", ip: row.ip ?? "", createdAt: row.createdAt.toISOString() });

/**
 * Ends the user's session named by `handle`, audited. Returns whether it was the session of
 * this request (then the route signs the browser out). A handle that names none of the
 * user's sessions (someone else's, or one already ended) changes nothing.
 */
export async function endStaffSession(staff: Staff, currentId: string, handle: string): Promise<{ current: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = (await rowsOf(tx, staff.id)).find((candidate) => sessionHandle(candidate.id) === handle);
    if (!row) throw new DomainError("sessionNotFound", { message: "Session not found", key: "adminUsers.sessions.notFound", status: 404 });
    await tx.delete(sessions).where(and(eq(sessions.id, row.id), eq(sessions.userId, staff.id)));
    await recordAudit(tx, staff, { entity: "user", entityId: staff.id, action: "endSession", before: described(row) });
    return { current: row.id === currentId };
  });
}

/** Ends every session of the user but this request's, audited with how many ended. */
export async function endOtherStaffSessions(staff: Staff, currentId: string): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const others = (await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, staff.id))).filter(
      (row) => row.id !== currentId,
    );
    for (const row of others) await tx.delete(sessions).where(eq(sessions.id, row.id));
    await recordAudit(tx, staff, { entity: "user", entityId: staff.id, action: "endOtherSessions", after: { ended: others.length } });
    return others.length;
  });
}
