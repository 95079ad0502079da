import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { apiRefreshTokens, sessions } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { ApiError } from "./api-errors.server";
import { REFUSED } from "./api-refusals";

/**
 * The API's sign-in tokens (spec §7 Auth, §9 "Token prefixes token. and refresh_token.").
 * - The access token is signed (HMAC of the session secret) and lives 15 minutes; it names
 *   its refresh row, whose session carries the user exactly as the shop's cookie does, so
 *   every shared service sees the same signed-in user, and ending the session (sign-out,
 *   password change, a blocked account) ends the token at once.
 * - The refresh token is random, stored as a hash, used once: a refresh marks it used and
 *   issues the next of its family; a used token presented again means it was copied, and
 *   the whole family is revoked and its session ended (decision 0057). Within
 *   REFRESH_GRACE_MS of its use it answers with the pair it was rotated to instead (decision 0122).
 */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * An app at token expiry sends its calls' refreshes side by side, all with the same token:
 * the ones that lose the race must get the winner's pair, not sign the user out.
 */
export const REFRESH_GRACE_MS = 30_000;
const ACCESS_PREFIX = "token.";
const REFRESH_PREFIX = "refresh_token.";

export type ApiTokens = { accessToken: string; refreshToken: string; expiresIn: number; tokenType: "Bearer" };
export type BearerIdentity = { userId: number; sessionId: string; family: string };

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");
const sign = (payload: string) => createHmac("sha256", env.SESSION_SECRETS[0]).update(`api-access:${payload}`).digest("base64url");

/**
 * The token a refresh token is rotated to: derived (keyed by the session secret) rather than
 * random, so that a second refresh in the grace window can answer with the same pair while
 * only hashes are stored. Unguessable without both the secret and the rotated token.
 */
const successorOf = (presented: string) =>
  `${REFRESH_PREFIX}${createHmac("sha256", env.SESSION_SECRETS[0]).update(`api-refresh-successor:${presented}`).digest("base64url")}`;

function accessToken(refreshId: number, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ r: refreshId, e: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_S })).toString("base64url");
  return `${ACCESS_PREFIX}${payload}.${sign(payload)}`;
}

/** A new token family for a session the shop's sign-in opened. */
export async function issueTokens(userId: number, sessionId: string): Promise<ApiTokens> {
  return issueInFamily(randomUUID(), userId, sessionId);
}

async function issueInFamily(family: string, userId: number, sessionId: string): Promise<ApiTokens> {
  const db = await getDb();
  const refreshToken = `${REFRESH_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiRefreshTokens)
    .values(refreshRow(family, userId, sessionId, refreshToken))
    .returning({ id: apiRefreshTokens.id });
  return pair(row.id, refreshToken, Date.now());
}

const refreshRow = (family: string, userId: number, sessionId: string, refreshToken: string) => ({
  family,
  userId,
  sessionId,
  tokenHash: hash(refreshToken),
  expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
});

const pair = (refreshId: number, refreshToken: string, issuedAt: number): ApiTokens => ({
  accessToken: accessToken(refreshId, issuedAt),
  refreshToken,
  expiresIn: ACCESS_TOKEN_TTL_S,
  tokenType: "Bearer",
});

const invalidRefresh = () => new ApiError(401, "Invalid refresh token");

/**
 * GET /api/v1/refresh: rotates a refresh token. The row is claimed and its successor
 * written in one transaction, so of two refreshes racing with one token exactly one
 * rotates; the other, like any refresh within REFRESH_GRACE_MS of the rotation, gets the
 * same pair (the access token's expiry counts from the rotation). Later it is a reuse.
 */
export async function rotateRefreshToken(presented: string | null): Promise<ApiTokens> {
  if (!presented || !presented.startsWith(REFRESH_PREFIX) || presented.length > 200) throw invalidRefresh();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(apiRefreshTokens)
    .where(eq(apiRefreshTokens.tokenHash, hash(presented)));
  if (!row || row.revokedAt || row.expiresAt < new Date()) throw invalidRefresh();
  if (!row.sessionId || !(await liveSession(row.sessionId))) throw invalidRefresh();
  const sessionId = row.sessionId;
  const next = successorOf(presented);
  const rotatedAt = new Date();
  const rotated = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(apiRefreshTokens)
      .set({ usedAt: rotatedAt })
      .where(and(eq(apiRefreshTokens.id, row.id), isNull(apiRefreshTokens.usedAt)))
      .returning({ id: apiRefreshTokens.id });
    if (!claimed.length) return null;
    const [successor] = await tx
      .insert(apiRefreshTokens)
      .values(refreshRow(row.family, row.userId, sessionId, next))
      .returning({ id: apiRefreshTokens.id });
    return successor.id;
  });
  if (rotated !== null) return pair(rotated, next, rotatedAt.getTime());
  const again = await rotatedRecently(row.id, next);
  if (again) return again;
  await revokeFamily(row.family);
  throw new ApiError(401, "Refresh token reused; signed out");
}

/** The pair a used refresh token was rotated to, while the grace window after its use lasts. */
async function rotatedRecently(id: number, next: string): Promise<ApiTokens | null> {
  const db = await getDb();
  const [used] = await db
    .select({ usedAt: apiRefreshTokens.usedAt, revokedAt: apiRefreshTokens.revokedAt })
    .from(apiRefreshTokens)
    .where(eq(apiRefreshTokens.id, id));
  if (!used?.usedAt || used.revokedAt || Date.now() - used.usedAt.getTime() > REFRESH_GRACE_MS) return null;
  const [successor] = await db
    .select({ id: apiRefreshTokens.id })
    .from(apiRefreshTokens)
    .where(and(eq(apiRefreshTokens.tokenHash, hash(next)), isNull(apiRefreshTokens.revokedAt)));
  return successor ? pair(successor.id, next, used.usedAt.getTime()) : null;
}

/** Ends a family: its tokens stop working and its session ends (sign-out, reuse). */
export async function revokeFamily(family: string): Promise<void> {
  const db = await getDb();
  const rows = await db
    .update(apiRefreshTokens)
    .set({ revokedAt: new Date() })
    .where(eq(apiRefreshTokens.family, family))
    .returning({ sessionId: apiRefreshTokens.sessionId });
  for (const sessionId of new Set(rows.map((r) => r.sessionId).filter((id): id is string => Boolean(id)))) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  }
}

async function liveSession(sessionId: string) {
  const db = await getDb();
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())));
  return session ?? null;
}

/**
 * The identity behind `Authorization: Bearer token....`, or null without the header. A
 * malformed, forged, expired or revoked token is a 401 (the client refreshes, spec §4 Auth).
 */
export async function bearerIdentity(header: string | null): Promise<BearerIdentity | null> {
  if (!header) return null;
  const match = /^Bearer\s+(token\.[A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(header.trim());
  if (!match) throw new ApiError(401, REFUSED.tokenInvalid.message);
  const payload = match[1].slice(ACCESS_PREFIX.length);
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ApiError(401, REFUSED.tokenInvalid.message);
  let claims: { r?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw new ApiError(401, REFUSED.tokenInvalid.message);
  }
  if (typeof claims.r !== "number" || typeof claims.e !== "number") throw new ApiError(401, REFUSED.tokenInvalid.message);
  if (claims.e * 1000 < Date.now()) throw new ApiError(401, REFUSED.tokenExpired.message);
  const db = await getDb();
  const [row] = await db
    .select({
      userId: apiRefreshTokens.userId,
      sessionId: apiRefreshTokens.sessionId,
      family: apiRefreshTokens.family,
      revokedAt: apiRefreshTokens.revokedAt,
    })
    .from(apiRefreshTokens)
    .innerJoin(sessions, and(eq(sessions.id, apiRefreshTokens.sessionId), gt(sessions.expiresAt, new Date())))
    .where(eq(apiRefreshTokens.id, claims.r));
  if (!row || row.revokedAt || !row.sessionId) throw new ApiError(401, REFUSED.tokenRevoked.message);
  return { userId: row.userId, sessionId: row.sessionId, family: row.family };
}
