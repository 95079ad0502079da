import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, ilike, isNotNull, isNull, lt, or } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { apiKeys, users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import { likePattern } from "~/modules/kernel/list.server";
import { ApiError } from "./api-errors.server";
import { REFUSED } from "./api-refusals";

/**
 * API keys (spec §7: "Requests send headers for API key"; decision 0057). A key is
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
  {
    name,
    kind = "integration",
    rateLimit = 120,
    createdBy = null,
  }: { name: string; kind?: ApiKeyKind; rateLimit?: number; createdBy?: number | null },
  executor?: Executor,
): Promise<{ key: ApiKey; token: string }> {
  const db = executor ?? (await getDb());
  const token = `ak_${randomBytes(32).toString("base64url")}`;
  const [key] = await db
    .insert(apiKeys)
    .values({
      name,
      kind,
      rateLimit,
      createdBy,
      prefix: token.slice(0, 10),
      tokenHash: hashKey(token),
      publicToken: kind === "storefront" ? token : null,
    })
    .returning();
  return { key, token };
}

export async function revokeApiKey(id: number, executor?: Executor): Promise<ApiKey | null> {
  const db = executor ?? (await getDb());
  const [key] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return key ?? null;
}

export async function listApiKeys(): Promise<ApiKey[]> {
  const db = await getDb();
  return db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** The key a call names, or a 401: unknown, malformed and revoked keys alike. */
export async function verifyApiKey(token: string | null): Promise<ApiKey> {
  if (!token) throw new ApiError(401, REFUSED.keyRequired.message);
  if (!API_KEY_PATTERN.test(token)) throw new ApiError(401, REFUSED.keyInvalid.message);
  const db = await getDb();
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.tokenHash, hashKey(token)));
  if (!key || key.revokedAt) throw new ApiError(401, REFUSED.keyInvalid.message);
  const now = new Date();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USE_EVERY_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS)))),
      );
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

/** The /admin/api-keys list: search by name or prefix, live or revoked keys, with who made each. */
export type ApiKeyState = "live" | "revoked";
export type ApiKeyListRow = Omit<ApiKey, "tokenHash" | "publicToken"> & { createdByEmail: string | null };

export async function listApiKeysForAdmin({ q, state }: { q?: string; state?: ApiKeyState } = {}): Promise<ApiKeyListRow[]> {
  const db = await getDb();
  const conditions = [];
  if (q) conditions.push(or(ilike(apiKeys.name, likePattern(q)), ilike(apiKeys.prefix, likePattern(q))));
  if (state === "live") conditions.push(isNull(apiKeys.revokedAt));
  if (state === "revoked") conditions.push(isNotNull(apiKeys.revokedAt));
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      kind: apiKeys.kind,
      prefix: apiKeys.prefix,
      rateLimit: apiKeys.rateLimit,
      createdBy: apiKeys.createdBy,
      createdByEmail: users.email,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

type Actor = { id: number; email: string };

/** Creates a key from the backoffice, with its audit row; the token is shown once and never stored in clear (except a storefront key, which is public). */
export async function createApiKeyAsStaff(
  staff: Actor,
  input: { name: string; kind: ApiKeyKind; rateLimit: number },
): Promise<{ key: ApiKey; token: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const created = await createApiKey({ ...input, createdBy: staff.id }, tx);
    await recordAudit(tx, staff, {
      entity: "apiKey",
      entityId: created.key.id,
      action: "create",
      after: { name: input.name, kind: input.kind, rateLimit: input.rateLimit, prefix: created.key.prefix },
    });
    return created;
  });
}

/** Revokes a live key from the backoffice, with its audit row; an unknown or already revoked key is a 404. */
export async function revokeApiKeyAsStaff(staff: Actor, id: number): Promise<ApiKey> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const key = await revokeApiKey(id, tx);
    if (!key) throw new DomainError("apiKeyNotFound", { message: "API key not found", key: "adminApi.notFound", status: 404 });
    await recordAudit(tx, staff, {
      entity: "apiKey",
      entityId: id,
      action: "revoke",
      before: { revokedAt: null },
      after: { revokedAt: key.revokedAt },
    });
    return key;
  });
}
