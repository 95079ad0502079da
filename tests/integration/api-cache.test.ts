import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { apiClient, apiDocument, apiKeyFor, rawCall } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The catalogue's reads as an app or a CDN keeps them: an ETag of the body, 304 for a
 * conditional call, a public Cache-Control only without a token; and the 429's Retry-After.
 */
let shop: Shop;
let key: string;
let productId: number;
beforeAll(async () => {
  shop = await bootShop();
  key = (await apiKeyFor("cache test")).token;
  const db = await shop.db();
  productId = (await db.select().from(products).where(eq(products.sku, "AK-PNL-TEG")))[0].id;
});
afterAll(() => shop.close());

const get = (path: string, headers: Record<string, string> = {}) => rawCall(shop, path, { headers: { "X-Api-Key": key, ...headers } });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  rawCall(shop, path, {
    method: "POST",
    headers: { "X-Api-Key": key, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("cacheable catalogue reads", () => {
  it("answers a product with an ETag and a public Cache-Control, and a call naming that ETag with an empty 304", async () => {
    const path = `/api/v1/product/web/get?id=${productId}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=300");
    const vary = first.headers.get("Vary") ?? "";
    for (const name of ["Authorization", "X-Api-Key", "X-Language-Code"]) expect(vary).toContain(name);
    expect((await first.json()).data.product.id).toBe(productId);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await get(path, { "If-None-Match": ifNoneMatch });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=300");
    }
    // Another language is another answer: the Croatian ETag does not match it.
    const english = await get(path, { "If-None-Match": etag, "X-Language-Code": "en" });
    expect(english.status).toBe(200);
    expect(english.headers.get("ETag")).not.toBe(etag);
    expect((await get(path, { "If-None-Match": '"stale"' })).status).toBe(200);
  });

  it("answers the POST reads of lists, categories and CMS posts with an ETag and 304", async () => {
    const calls: [string, unknown][] = [
      ["/api/v1/product/web/filter", { limit: 5 }],
      ["/api/v1/product/web/category/filter", { tree: true }],
      ["/api/v2/cms/post/filterStandard", { postTypeSlugs: ["post"] }],
    ];
    for (const [path, body] of calls) {
      const first = await post(path, body);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("ETag");
      expect(etag, path).toBeTruthy();
      const again = await post(path, body, { "If-None-Match": etag! });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe("");
      // Another input, another answer.
      if (path.endsWith("/product/web/filter")) expect((await post(path, { limit: 6 }, { "If-None-Match": etag! })).status).toBe(200);
    }
  });

  it("answers a signed-in call privately and never for storing, as group prices differ", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    const path = `/api/v1/product/web/get?id=${productId}`;
    const signedIn = await get(path, { Authorization: `Bearer ${login.data.tokens.accessToken}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(signedIn.headers.get("ETag")).toBeTruthy();
  });

  it("keeps every other call out of caches, failures of cacheable reads included", async () => {
    const missing = await get("/api/v1/product/web/get?id=999999");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
    expect(missing.headers.get("ETag")).toBeNull();
    const cart = await get("/api/v1/ecommerce/cart/getNewCartSession");
    expect(cart.headers.get("Cache-Control")).toBe("no-store");
    expect(cart.headers.get("ETag")).toBeNull();
  });
});

describe("the budget's refusal", () => {
  it("tells the client in Retry-After how many seconds to wait", async () => {
    const small = await apiKeyFor("tiny budget", { rateLimit: 1 });
    const call = () => rawCall(shop, "/api/v1/logout", { method: "POST", headers: { "X-Api-Key": small.token } });
    await call();
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
  });
});

describe("the document", () => {
  it("describes the ETag, the 304 and If-None-Match of every cacheable read, and Retry-After of every 429", async () => {
    const document = (await apiDocument(shop)) as unknown as {
      paths: Record<string, Record<string, { parameters: { name: string }[]; responses: Record<string, { headers?: object }> }>>;
    };
    const product = document.paths["/api/v1/product/web/get"].get;
    expect(product.responses["304"]).toBeDefined();
    expect(product.responses["200"].headers).toHaveProperty("ETag");
    expect(product.responses["200"].headers).toHaveProperty("Cache-Control");
    expect(product.parameters.map((p) => p.name)).toContain("If-None-Match");
    expect(document.paths["/api/v1/product/web/filter"].post.responses["304"]).toBeDefined();
    expect(document.paths["/api/v1/cms/post/filterStandard"].post.responses["304"]).toBeDefined();
    expect(document.paths["/api/v1/ecommerce/cart/getNewCartSession"].get.responses["304"]).toBeUndefined();
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) expect(operation.responses["429"].headers).toHaveProperty("Retry-After");
    }
  });
});
