import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { and, eq, gt, lt, or } from "drizzle-orm";
import { getDb } from "./db/client.server";
import { apiRefreshTokens, sessions, users } from "./db/schema";
import { env, isProduction } from "./env.server";

const THIRTY_DAYS = 60 * 60 * 24 * 30; // spec §9 default cookie max age, 2592000 s

/**
 * A backoffice user's session ends after a working day without a request
 * (docs/decisions/0043): it is written with this expiry at sign-in and slid
 * forward by backoffice requests, at most once a minute. Customers keep their 30 days.
 */
export const BACKOFFICE_IDLE_MS = 8 * 60 * 60 * 1000;
const SLIDE_EVERY_MS = 60 * 1000;

/** The expiry of a session row written for `userId`: a working day for backoffice users. */
async function expiryOf(userId: number | undefined, expires: Date | undefined): Promise<Date> {
  if (userId) {
    const db = await getDb();
    const [user] = await db.select({ backoffice: users.isBackofficeUser }).from(users).where(eq(users.id, userId));
    if (user?.backoffice) return new Date(Date.now() + BACKOFFICE_IDLE_MS);
  }
  return expires ?? new Date(Date.now() + THIRTY_DAYS * 1000);
}

/**
 * Moves a backoffice session's end to a working day from now. The condition makes it a
 * write at most once a minute (and shortens a longer one, e.g. made at the shop's sign-in).
 */
export async function slideBackofficeSession(id: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const end = new Date(now.getTime() + BACKOFFICE_IDLE_MS);
  await db
    .update(sessions)
    .set({ expiresAt: end })
    .where(and(eq(sessions.id, id), or(lt(sessions.expiresAt, new Date(end.getTime() - SLIDE_EVERY_MS)), gt(sessions.expiresAt, end))));
}

/** The session cookie holds only a signed, random id; the data lives in the sessions table. */
export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: isProduction,
  path: "/",
  maxAge: THIRTY_DAYS,
  secrets: env.SESSION_SECRETS,
});

export type SessionData = {
  userId?: number;
  redirectTo?: string;
  /** Backoffice sign-in and re-authentication (decision 0086): when the password was last given (ms). */
  authAt?: number;
  /** This session went through the backoffice sign-in, second factor included where owed (decision 0086). */
  backofficeSignIn?: boolean;
  /** Between the password and the second factor: no userId yet (decision 0086). */
  pendingSignIn?: { userId: number; redirectTo: string; enrol: boolean; until: number };
};

export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const db = await getDb();
    const id = randomBytes(24).toString("base64url");
    await db.insert(sessions).values({
      id,
      userId: data.userId ?? null,
      data,
      expiresAt: await expiryOf(data.userId, expires),
    });
    return id;
  },
  async readData(id) {
    const db = await getDb();
    const [row] = await db
      .select({ data: sessions.data })
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
    return (row?.data as SessionData) ?? null;
  },
  async updateData(id, data, expires) {
    const db = await getDb();
    await db
      .update(sessions)
      .set({ data, userId: data.userId ?? null, expiresAt: await expiryOf(data.userId, expires) })
      .where(eq(sessions.id, id));
  },
  async deleteData(id) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, id));
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/**
 * A new session id for the same data (after login or a privilege change), so that an id
 * known before cannot ride on the new rights. Returns the Set-Cookie header.
 */
export async function rotateSession(session: Session<SessionData>, data: SessionData): Promise<string> {
  if (session.id) await sessionStorage.destroySession(session);
  const fresh = await sessionStorage.getSession();
  for (const [key, value] of Object.entries(data)) fresh.set(key as keyof SessionData, value as never);
  return sessionStorage.commitSession(fresh);
}

/** Ends every session of a user except the one given (password change or reset, a deactivated backoffice user). */
export async function endOtherSessions(userId: number, keepId?: string) {
  const db = await getDb();
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  for (const row of rows) if (row.id !== keepId) await db.delete(sessions).where(eq(sessions.id, row.id));
}

export async function purgeExpiredSessions() {
  const db = await getDb();
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  // The API's refresh tokens past their end (app/modules/api/api-tokens.server.ts) go with them.
  await db.delete(apiRefreshTokens).where(lt(apiRefreshTokens.expiresAt, new Date()));
}
