import { randomBytes } from "node:crypto";
import { customersChanged } from "./customer-views.server";
import { createSession, createSessionStorage, type Session } from "@remix-run/node";
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { WISHLIST_FETCH_LIMIT } from "~/lib/wishlist-fields";
import { createSecretCookie } from "./cookies.server";
import { currentUserColumns, type CurrentUser } from "./current-user.server";
import { getDb } from "./db/client.server";
import { apiRefreshTokens, comments, sessions, users, wishlistEntries } from "./db/schema";
import { clientAddressOf } from "./http/client-address.server";

const THIRTY_DAYS = 60 * 60 * 24 * 30; // spec §9 default cookie max age, 2592000 s

/**
 * A backoffice user's session ends after 30 minutes without a request or 12 hours after
 * sign-in, whichever comes first (OWASP ASVS 3.3.2, decision 0085). Checked in
 * `lookupSession`, the one place every session is read. Customers keep their 30 days.
 */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
export const STAFF_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** The stored last use may lag this much: a session row is written at most once a minute, not per request. */
export const LAST_USE_EVERY_MS = 60 * 1000;

type StoredTimes = { expiresAt: Date; createdAt: Date; lastSeenAt: Date; staff: boolean | null };

/**
 * Whether a stored session is over at `now`: its end has passed, or it is a backoffice
 * user's and was idle too long or is too old. (The idle limit counts from the stored last
 * use, which lags by up to a minute, so a session may end up to a minute early, never late.)
 */
export function sessionIsOver(row: StoredTimes, now: Date): boolean {
  const at = now.getTime();
  if (row.expiresAt.getTime() <= at) return true;
  if (!row.staff) return false;
  return at - row.lastSeenAt.getTime() >= STAFF_IDLE_MS || at - row.createdAt.getTime() >= STAFF_LIFETIME_MS;
}

/** Whether `userId` is a backoffice user: their session rows end 12 h after they began. */
async function isStaff(userId: number | undefined): Promise<boolean> {
  if (!userId) return false;
  const db = await getDb();
  const [user] = await db.select({ staff: users.isBackofficeUser }).from(users).where(eq(users.id, userId));
  return user?.staff === true;
}

const defaultEnd = (expires: Date | undefined) => expires ?? new Date(Date.now() + THIRTY_DAYS * 1000);

/** The session cookie holds only a signed, random id; the data lives in the sessions table. */
export const sessionCookie = createSecretCookie("__session", { maxAge: THIRTY_DAYS });

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

/** Stores a new session and returns its id. */
async function insertSession(data: SessionData, expires: Date | undefined): Promise<string> {
  const db = await getDb();
  const id = randomBytes(24).toString("base64url");
  const staff = await isStaff(data.userId);
  const now = new Date();
  await db.insert(sessions).values({
    id,
    userId: data.userId ?? null,
    data,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: staff ? new Date(now.getTime() + STAFF_LIFETIME_MS) : defaultEnd(expires),
  });
  return id;
}

export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  createData: insertSession,
  readData: async (id) => (await lookupSession(id))?.data ?? null,
  async updateData(id, data, expires) {
    const db = await getDb();
    // A staff session's end stays where its start put it; writing it never extends it.
    const staffEnd = sql`${sessions.createdAt} + ${sql.raw(`interval '${STAFF_LIFETIME_MS / 1000} seconds'`)}`;
    await db
      .update(sessions)
      .set({ data, userId: data.userId ?? null, expiresAt: (await isStaff(data.userId)) ? staffEnd : defaultEnd(expires) })
      .where(eq(sessions.id, id));
    await customersChanged();
  },
  // Sign-out and every rotation end a session here: no kept page may show it signed in after.
  async deleteData(id) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, id));
    await customersChanged();
  },
});

/**
 * A live session with its user and the user's kept products, read in one statement (the
 * session, user and wishlist were three on every signed-in page, decision 0070). The user
 * is null for a session without one and for a blocked or deactivated user (decisions 0040,
 * 0043), who is then signed out at their next request; a backoffice user keeps no wishlist.
 */
export type SessionRead = {
  data: SessionData;
  user: CurrentUser | null;
  wishlist: number[];
  /** What the customer has commented on ("product:12"): such a page shows them their own comments. */
  commentedOn: string[];
};

const keptProductIds = sql<number[]>`coalesce((
  select array_agg(kept.product_id order by kept.id desc) from (
    select ${wishlistEntries.productId} as product_id, ${wishlistEntries.id} as id from ${wishlistEntries}
    where ${wishlistEntries.userId} = ${users.id} and not ${users.isBackofficeUser}
    order by ${wishlistEntries.id} desc limit ${WISHLIST_FETCH_LIMIT}
  ) kept), '{}')`;

const commentedEntities = sql<string[]>`coalesce((
  select array_agg(distinct ${comments.entityType} || ':' || ${comments.entityId}) from ${comments}
  where ${comments.userId} = ${users.id}), '{}')`;

/**
 * The data of a live session, with its user and their wishlist, or null. A session found
 * over is deleted on the spot. With the request, its use is noted (time, browser, address)
 * when the stored one is a minute old or was never noted.
 */
async function lookupSession(id: string, request?: Request): Promise<SessionRead | null> {
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .select({
      data: sessions.data,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      staff: users.isBackofficeUser,
      blockedAt: users.blockedAt,
      user: currentUserColumns,
      wishlist: keptProductIds,
      commentedOn: commentedEntities,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  if (sessionIsOver(row, now)) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (request && (row.userAgent === null || now.getTime() - row.lastSeenAt.getTime() >= LAST_USE_EVERY_MS)) {
    await db
      .update(sessions)
      .set({
        lastSeenAt: now,
        userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 512),
        ip: clientAddressOf(request) ?? "",
      })
      // Several loaders of one request look the session up at once: the first write wins, the rest match nothing.
      .where(
        and(eq(sessions.id, id), or(isNull(sessions.userAgent), lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_USE_EVERY_MS)))),
      );
  }
  const data = row.data as SessionData;
  const user = data.userId && row.user?.id === data.userId && row.blockedAt === null ? row.user : null;
  return { data, user, wishlist: user ? (row.wishlist ?? []).map(Number) : [], commentedOn: user ? (row.commentedOn ?? []) : [] };
}

/**
 * The request's session, and whether its cookie named one that is over or gone (ended
 * elsewhere, expired, its user deactivated): the backoffice then says so at its sign-in.
 */
export async function readSession(
  request: Request,
): Promise<{ session: Session<SessionData>; ended: boolean } & Omit<SessionRead, "data">> {
  const id: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || id === "")
    return { session: createSession<SessionData>(), ended: false, user: null, wishlist: [], commentedOn: [] };
  const read = await lookupSession(id, request);
  return {
    session: createSession<SessionData>(read?.data ?? {}, id),
    ended: read === null,
    user: read?.user ?? null,
    wishlist: read?.wishlist ?? [],
    commentedOn: read?.commentedOn ?? [],
  };
}

/** A live session by its id (the API's bearer token names one), with its user and wishlist, or null. */
export function readSessionById(id: string): Promise<SessionRead | null> {
  return lookupSession(id);
}

export async function getSession(request: Request): Promise<Session<SessionData>> {
  return (await readSession(request)).session;
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

/**
 * The same as `rotateSession`, by value (decision 0097): ends the session `replacing` names
 * and opens a new one with `data`; returns the new id. The route writes its cookie
 * (`sessionCookieOf`), the API puts it in its tokens.
 */
export async function openSession(data: SessionData, replacing: string | null): Promise<string> {
  if (replacing) await sessionStorage.destroySession(createSession<SessionData>({}, replacing));
  return insertSession(data, sessionCookie.expires);
}

/** Ends a session by its id (sign-out). */
export async function closeSession(id: string | null): Promise<void> {
  if (id) await sessionStorage.destroySession(createSession<SessionData>({}, id));
}

/** The session cookie naming `id`, or (null) removing it: what commitSession and destroySession send. */
export async function sessionCookieOf(id: string | null): Promise<string> {
  return id ? sessionCookie.serialize(id) : sessionCookie.serialize("", { maxAge: undefined, expires: new Date(0) });
}

/** Ends every session of a user except the one given (password change or reset, a deactivated backoffice user). */
export async function endOtherSessions(userId: number, keepId?: string): Promise<number> {
  const db = await getDb();
  const mine = eq(sessions.userId, userId);
  const ended = await db
    .delete(sessions)
    .where(keepId ? and(mine, ne(sessions.id, keepId)) : mine)
    .returning({ id: sessions.id });
  if (ended.length) await customersChanged();
  return ended.length;
}

export async function purgeExpiredSessions() {
  const db = await getDb();
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  // Backoffice sessions idle past their limit (refused at lookup already).
  const staff = db.select({ id: users.id }).from(users).where(eq(users.isBackofficeUser, true));
  await db.delete(sessions).where(and(lt(sessions.lastSeenAt, new Date(Date.now() - STAFF_IDLE_MS)), inArray(sessions.userId, staff)));
  // The API's refresh tokens past their end (app/modules/api/api-tokens.server.ts) go with them.
  await db.delete(apiRefreshTokens).where(lt(apiRefreshTokens.expiresAt, new Date()));
}
