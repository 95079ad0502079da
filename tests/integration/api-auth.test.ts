import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeys, apiRefreshTokens, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { API_JSON_LIMIT } from "~/modules/api/api-router.server";
import { REFRESH_GRACE_MS } from "~/modules/api/api-tokens.server";
import { apiClient, apiKeyFor, documentedMismatch, rawCall } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The headless API's door (decision 0057): the envelope, keys and
 * their budgets, sign-in with rotating refresh tokens, the origin rules and bounded bodies.
 */
let shop: Shop;
let key: string;
beforeAll(async () => {
  shop = await bootShop();
  key = (await apiKeyFor("auth test")).token;
});
afterAll(() => shop.close());

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Api-Key": key, ...headers },
  body: JSON.stringify(body),
});

describe("the envelope and the key", () => {
  it("answers an unknown path and a wrong method with the failure shape, not the HTML 404", async () => {
    const unknown = await rawCall(shop, "/api/v1/nope/nothing", { headers: { "X-Api-Key": key } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ errored: true, statusCode: 404, message: "Not found" });
    const wrong = await rawCall(shop, "/api/v1/login", { headers: { "X-Api-Key": key } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("POST");
  });

  it("refuses a call without a key, with a made-up key and with a revoked key", async () => {
    const body = { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };
    expect(await (await rawCall(shop, "/api/v1/login", json(body, { "X-Api-Key": "" }))).json()).toMatchObject({
      statusCode: 401,
      message: "API key required",
    });
    expect(await (await rawCall(shop, "/api/v1/login", json(body, { "X-Api-Key": `ak_${"x".repeat(43)}` }))).json()).toMatchObject({
      statusCode: 401,
      message: "Invalid API key",
    });
    const revoked = await apiKeyFor("revoked");
    const db = await shop.db();
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, revoked.key.id));
    expect((await rawCall(shop, "/api/v1/login", json(body, { "X-Api-Key": revoked.token }))).status).toBe(401);
  });

  it("records a key's last use and holds it to its budget a minute", async () => {
    const small = await apiKeyFor("small budget", { rateLimit: 2 });
    const call = () => rawCall(shop, "/api/v1/refresh", { headers: { "X-Api-Key": small.token, refreshToken: "refresh_token.nothing" } });
    expect((await call()).status).toBe(401);
    expect((await call()).status).toBe(401);
    const third = await call();
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ errored: true, statusCode: 429 });
    const db = await shop.db();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, small.key.id));
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("refuses an unknown language, site or store header", async () => {
    const call = (headers: Record<string, string>) => rawCall(shop, "/api/v1/refresh", { headers: { "X-Api-Key": key, ...headers } });
    expect(await (await call({ "X-Language-Code": "fr" })).json()).toMatchObject({ statusCode: 400, message: "Unknown language code" });
    expect(await (await call({ "X-Site-Id": "7" })).json()).toMatchObject({ statusCode: 400, message: "Unknown site" });
    expect(await (await call({ "X-Store-Id": "9" })).json()).toMatchObject({ statusCode: 400, message: "Store is not defined" });
  });
});

describe("bounded JSON bodies", () => {
  it("answers malformed JSON with 400, another type with 415 and an oversized body with 413", async () => {
    const post = (body: string, type = "application/json") =>
      rawCall(shop, "/api/v1/login", { method: "POST", headers: { "X-Api-Key": key, "Content-Type": type }, body });
    expect(await (await post("{nope")).json()).toMatchObject({ statusCode: 400, message: "Malformed JSON" });
    expect((await post("username=a", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await post(JSON.stringify({ username: "x".repeat(API_JSON_LIMIT) }))).status).toBe(413);
  });

  it("names the refused field of a body the schema refuses", async () => {
    const response = await rawCall(shop, "/api/v1/login", json({ username: "not-an-email", password: "short" }));
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["body.username", "body.password"]));
    expect(await documentedMismatch(shop, "v1.login", 400, body)).toEqual([]);
  });
});

/** Moves a refresh token's use back past the grace window, as if the clock had moved on. */
async function ageUse(refreshToken: string) {
  const db = await shop.db();
  const tokenHash = createHash("sha256").update(refreshToken).digest("base64url");
  await db
    .update(apiRefreshTokens)
    .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1_000) })
    .where(eq(apiRefreshTokens.tokenHash, tokenHash));
}

describe("the key in the body (spec §7's login body)", () => {
  it("takes the key from the sign-in's body, and from no other call's body", async () => {
    const post = (path: string, body: object) =>
      rawCall(shop, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const login = await post("/api/auth/login", { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, apiKey: key });
    expect(login.status).toBe(200);
    // Signed out again: the tests below count this user's tokens.
    const { data } = (await login.json()) as { data: { tokens: { accessToken: string } } };
    const logout = await rawCall(shop, "/api/auth/logout", {
      method: "POST",
      headers: { "X-Api-Key": key, Authorization: `Bearer ${data.tokens.accessToken}` },
    });
    expect(logout.status).toBe(200);
    const elsewhere = await post("/api/v1/ecommerce/cart/getCart", { cartId: 1, protectCode: "x", apiKey: key });
    expect(await elsewhere.json()).toMatchObject({ errored: true, statusCode: 401, message: "API key required" });
  });
});

describe("sign-in, tokens and refresh", () => {
  it("answers a wrong password with the spec's message", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const result = await api.login(DEMO_CUSTOMER.email, "Wrong-password-1");
    expect(result).toMatchObject({
      ok: false,
      status: 401,
      failure: { errored: true, statusCode: 401, message: "Unknown username or password!" },
    });
  });

  it("signs in, calls with the bearer token, rotates the refresh token and revokes the family on reuse", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    expect(login.data.tokens.accessToken).toMatch(/^token\./);
    expect(login.data.tokens.refreshToken).toMatch(/^refresh_token\./);
    expect(login.data.user.email).toBe(DEMO_CUSTOMER.email);
    expect(await documentedMismatch(shop, "v1.login", 200, { data: login.data })).toEqual([]);

    const me = await api.call("legacyUser");
    expect(me.ok && me.data.user.email).toBe(DEMO_CUSTOMER.email);

    const first = login.data.tokens;
    expect(await api.refresh()).toBe(true);
    const second = api.tokens!;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await api.call("legacyUser")).ok).toBe(true);

    // The first refresh token again, after the grace window: someone copied it. The whole sign-in ends.
    await ageUse(first.refreshToken);
    const replay = await rawCall(shop, "/api/v1/refresh", { headers: { "X-Api-Key": key, refreshToken: first.refreshToken } });
    expect(await replay.json()).toMatchObject({ statusCode: 401, message: "Refresh token reused; signed out" });
    expect(
      await (
        await rawCall(shop, "/api/auth/user", { headers: { "X-Api-Key": key, Authorization: `Bearer ${second.accessToken}` } })
      ).json(),
    ).toMatchObject({ statusCode: 401 });
    const again = await rawCall(shop, "/api/v1/refresh", { headers: { "X-Api-Key": key, refreshToken: second.refreshToken } });
    expect(again.status).toBe(401);
    const db = await shop.db();
    const family = await db.select().from(apiRefreshTokens).where(eq(apiRefreshTokens.userId, login.data.user.id));
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it("answers two refreshes racing with one token with the same new pair, and still revokes a reuse after the grace window", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    const refresh = (token: string) => rawCall(shop, "/api/v1/refresh", { headers: { "X-Api-Key": key, refreshToken: token } });
    const first = login.data.tokens.refreshToken;
    const racing = await Promise.all([refresh(first), refresh(first)]);
    expect(racing.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(racing.map((r) => r.json()))) as { data: { tokens: { refreshToken: string } } }[];
    expect(a.data.tokens.refreshToken).not.toBe(first);
    expect(b).toEqual(a);
    // A third call a moment later, still within the window: the same pair again, and it works.
    expect(await (await refresh(first)).json()).toEqual(a);
    const next = a.data.tokens as { accessToken: string; refreshToken: string };
    const bearer = { headers: { "X-Api-Key": key, Authorization: `Bearer ${next.accessToken}` } };
    expect((await rawCall(shop, "/api/auth/user", bearer)).status).toBe(200);

    await ageUse(first);
    expect(await (await refresh(first)).json()).toMatchObject({ statusCode: 401, message: "Refresh token reused; signed out" });
    expect((await rawCall(shop, "/api/auth/user", bearer)).status).toBe(401);
    expect((await refresh(next.refreshToken)).status).toBe(401);
  });

  it("refuses a forged or tampered access token, and a signed-out one", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    const [prefix, payload, signature] = login.data.tokens.accessToken.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ r: 1, e: 9_999_999_999 })).toString("base64url");
    for (const token of [`${prefix}.${forgedPayload}.${signature}`, "token.abc.def", `${prefix}.${payload}.${"A".repeat(43)}`]) {
      const response = await rawCall(shop, "/api/auth/user", { headers: { "X-Api-Key": key, Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
    }
    expect((await api.call("logout")).ok).toBe(true);
    expect((await api.call("legacyUser")).status).toBe(401);
  });

  it("ends the tokens with the sessions a password change ends, and refuses a blocked customer's token", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    const db = await shop.db();
    await db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, login.data.user.id));
    expect((await api.call("legacyUser")).status).toBe(401);
    await db.update(users).set({ blockedAt: null }).where(eq(users.id, login.data.user.id));
    expect((await api.call("legacyUser")).ok).toBe(true);
    // What a password change or reset does to every other sign-in (session.server.ts).
    const { endOtherSessions } = await import("~/.server/session.server");
    await endOtherSessions(login.data.user.id);
    expect((await api.call("legacyUser")).status).toBe(401);
    expect(await api.refresh()).toBe(false);
  });

  it("renews an expired access token in the tests' client through the published client's refresh, once", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    // Sixteen minutes on: the 15-minute access token has run out.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60_000 });
    try {
      const me = await api.call("legacyUser");
      expect(me.ok && me.data.user.email).toBe(DEMO_CUSTOMER.email);
      expect(api.tokens?.refreshToken).not.toBe(login.data.tokens.refreshToken);
      // A refresh the shop refuses signs the client out; the call answers its 401.
      api.tokens = { accessToken: login.data.tokens.accessToken, refreshToken: "refresh_token.unknown" };
      const refused = await api.call("legacyUser");
      expect(refused.ok ? null : refused.failure).toMatchObject({ statusCode: 401, message: "Access token expired" });
      expect(api.tokens).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks for a token where a user is needed", async () => {
    const response = await rawCall(shop, "/api/auth/user", { headers: { "X-Api-Key": key } });
    expect(await response.json()).toEqual({ errored: true, statusCode: 401, message: "Access token required" });
  });
});

describe("origins", () => {
  it("lets a configured origin call and preflight, and refuses any other", async () => {
    const preflight = await rawCall(shop, "/api/v1/login", {
      method: "OPTIONS",
      headers: { Origin: "https://app.example.test", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example.test");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("X-Api-Key");
    const other = await rawCall(
      shop,
      "/api/v1/login",
      json({ username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }, { Origin: "https://evil.example" }),
    );
    expect(other.status).toBe(403);
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("refuses a cookie-carrying post from another origin, and takes a bearer call from it", async () => {
    const cookie = await rawCall(shop, "/api/v1/logout", {
      ...json({}, { Origin: "https://app.example.test" }),
      headers: { ...json({}).headers, Origin: "https://app.example.test", Cookie: "__session=abc" },
    });
    expect(await cookie.json()).toMatchObject({ statusCode: 403, message: expect.stringContaining("Cookie authentication") });
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    const bearer = await rawCall(shop, "/api/v1/logout", {
      method: "POST",
      headers: { "X-Api-Key": key, Origin: "https://app.example.test", Authorization: `Bearer ${login.data.tokens.accessToken}` },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example.test");
  });
});
