import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { apiKeys } from "~/.server/db/schema";
import { ApiError } from "./api-errors.server";

/**
 * API keys (spec §7: "Requests send headers for API key"; issue 17 item 2). A key is
 * `ak_` and 32 random bytes; only its hash is looked up. Keys are created, revoked and
 * shown with their last use on /admin/api-keys; the last use is written at most once a
 * minute per key, so a busy key does not write on every call.
 */
export type ApiKey = typeof apiKeys.$inferSelect;
export type ApiKeyKind = ApiKey["kind"];

const hashKey = (token: string) => createHash("sha256").update(token).digest("base64url");
const LAST_USE_EVERY_MS = 60_000;
export const API_KEY_PATTERN = /^ak_[A-Za-z0-9_-]{43}$/;

export async function createApiKey(
  { name, kind = "integration", rateLimit = 120, createdBy = null }: { name: string; kind?: ApiKeyKind; rateLimit?: number; createdBy?: number | null },
  executor?: Executor,
): Promise<{ key: ApiKey; token: string }> {
  const db = executor ?? (await getDb());
  const token = `ak_${randomBytes(32).toString("base64url")}`;
  const [key] = await db
    .insert(apiKeys)
    .values({ name, kind, rateLimit, createdBy, prefix: token.slice(0, 10), tokenHash: hashKey(token), publicToken: kind === "storefront" ? token : null })
    .returning();
  return { key, token };
}

export async function revokeApiKey(id: number, executor?: Executor): Promise<ApiKey | null> {
  const db = executor ?? (await getDb());
  const [key] = await db.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning();
  return key ?? null;
}

export async function listApiKeys(): Promise<ApiKey[]> {
  const db = await getDb();
  return db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** The key a call names, or a 401: unknown, malformed and revoked keys alike. */
export async function verifyApiKey(token: string | null): Promise<ApiKey> {
  if (!token) throw new ApiError(401, "API key required");
  if (!API_KEY_PATTERN.test(token)) throw new ApiError(401, "Invalid API key");
  const db = await getDb();
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.tokenHash, hashKey(token)));
  if (!key || key.revokedAt) throw new ApiError(401, "Invalid API key");
  const now = new Date();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USE_EVERY_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS)))));
  }
  return key;
}

/**
 * The public key a storefront on this shop's domain uses (spec §7 domainDetect returns
 * "apiKeyToken"): the newest live storefront key, made on first use.
 */
export async function storefrontKeyToken(): Promise<string> {
  const db = await getDb();
  const [key] = await db
    .select({ token: apiKeys.publicToken })
    .from(apiKeys)
    .where(and(eq(apiKeys.kind, "storefront"), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id))
    .limit(1);
  if (key?.token) return key.token;
  return (await createApiKey({ name: "Storefront", kind: "storefront", rateLimit: 600 })).token;
}
