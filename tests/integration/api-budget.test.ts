// Both databases: the 404 log is capped and purged by raw SQL (an insert guarded by a count, on conflict; age arithmetic).
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { failedRequests } from "~/.server/db/schema";
import {
  FAILED_REQUESTS_MAX_AGE_DAYS,
  FAILED_REQUESTS_MAX_ROWS,
  FAILED_REQUESTS_NEW_PER_MINUTE,
  handleUnknownPath,
  purgeFailedRequests,
} from "~/modules/redirects/redirects.server";
import { API_BUDGETS } from "~/modules/api/api-rate-limit.server";
import { apiDocument, apiKeyFor, rawCall } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The API's own budgets and bounded inputs, and the bounded 404 log (decision 0084): reads
 * get a generous budget, writes a tight one, per integration key or per storefront shopper;
 * over it, the API's JSON 429 with Retry-After; a malformed or over-long URL is the JSON 400
 * or 414; the 404 log anyone writes stays within its cap and is purged by age.
 */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

const call = (path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  rawCall(shop, path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "X-Api-Key": token, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const read = (token: string, headers?: Record<string, string>) =>
  call("/api/v1/cms/element/getByHandlers", token, { handlers: ["footer"] }, headers);
const write = (token: string, cartId = 999_999) => call("/api/v1/ecommerce/cart/clearCart", token, { cartId, protectCode: "x" });

async function expectJsonFailure(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({ errored: true, statusCode: status, message: expect.any(String) });
}

describe("the API's budgets (decision 0084)", () => {
  it("an integration key: its rate_limit for writes, then a JSON 429 with Retry-After; its reads go on", async () => {
    const { token } = await apiKeyFor("tight", { rateLimit: 10 });
    for (let i = 0; i < 10; i++) expect((await write(token)).status).not.toBe(429);
    const refused = await write(token);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    await expectJsonFailure(refused, 429);
    for (let i = 0; i < 30; i++) expect((await read(token)).status).toBe(200);
  });

  it("a storefront key: each shopper a generous read budget and a tighter write one of their own", async () => {
    const { token } = await apiKeyFor("storefront", { kind: "storefront", rateLimit: 120 });
    for (let i = 0; i < 130; i++) expect((await read(token)).status, `read ${i}`).toBe(200);
    for (let i = 0; i < API_BUDGETS.shopper.write; i++) expect((await write(token, 4242)).status).not.toBe(429);
    const refused = await write(token, 4242);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    await expectJsonFailure(refused, 429);
    // Another cart is another shopper.
    expect((await write(token, 4343)).status).not.toBe(429);
  });
});

describe("the document (/api/docs)", () => {
  it("documents for every operation its budget, the 429 with Retry-After, and the 400, 414 and 431 of a bad URL or headers", async () => {
    const document = await apiDocument(shop);
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods)) as unknown as {
      operationId: string;
      "x-budget": string;
      responses: Record<string, { headers?: Record<string, unknown> }>;
    }[];
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) {
      expect(["read", "write"], op.operationId).toContain(op["x-budget"]);
      expect(Object.keys(op.responses), op.operationId).toEqual(expect.arrayContaining(["400", "414", "429", "431"]));
      expect(op.responses["429"].headers, op.operationId).toHaveProperty("Retry-After");
    }
    const byId = (id: string) => operations.find((op) => op.operationId === id)!;
    expect(byId("v1.product.web.filter")["x-budget"]).toBe("read");
    expect(byId("v1.ecommerce.cart.addItem")["x-budget"]).toBe("write");
  });
});

describe("the URL of an API call is a bounded input answered in JSON", () => {
  // The query's escapes are checked on the request as sent (Remix re-encodes the query
  // before the router): tests/integration/api-http-boundary.test.ts.
  it("a malformed percent-escape in the path is a JSON 400", async () => {
    const { token } = await apiKeyFor("escapes");
    await expectJsonFailure(await call("/api/v1/cms/term/get/%zz", token), 400);
    await expectJsonFailure(await call("/api/v1/cms/term/get/%E0%A4%A", token), 400);
  });

  it("an over-long query string or URL is a JSON 414; an unknown operation a JSON 404", async () => {
    const { token } = await apiKeyFor("long");
    await expectJsonFailure(await call(`/api/v1/cms/term/filter?type=${"a".repeat(5_000)}`, token), 414);
    await expectJsonFailure(await call(`/api/v1/cms/term/get/${"1".repeat(9_000)}`, token), 414);
    await expectJsonFailure(await call("/api/v1/no/such/operation", token), 404);
  });
});

describe("the 404 log stays bounded (decision 0084)", () => {
  const rows = async () => (await db.select({ n: count() }).from(failedRequests))[0].n;

  it("records at most FAILED_REQUESTS_NEW_PER_MINUTE new paths a minute from one sender; hits on known ones still count", async () => {
    const before = await rows();
    for (let i = 0; i < FAILED_REQUESTS_NEW_PER_MINUTE + 25; i++) {
      expect((await shop.handle(new Request(`http://localhost:3000/nema-te-stranice-${i}`))).status).toBe(404);
    }
    expect(await rows()).toBeLessThanOrEqual(before + FAILED_REQUESTS_NEW_PER_MINUTE);
    await shop.handle(new Request("http://localhost:3000/nema-te-stranice-0"));
    const [first] = await db.select().from(failedRequests).where(eq(failedRequests.path, "/nema-te-stranice-0"));
    expect(first.hits).toBe(2);
  });

  it("adds no row once the log holds FAILED_REQUESTS_MAX_ROWS; the purge drops rows unseen too long and trims to the cap", async () => {
    await db.execute(
      sql`insert into ${failedRequests} (path, last_seen_at) select '/staro-' || g, now() - interval '1 day' * (g % 200) from generate_series(1, ${FAILED_REQUESTS_MAX_ROWS}) g on conflict do nothing`,
    );
    expect(await rows()).toBeGreaterThanOrEqual(FAILED_REQUESTS_MAX_ROWS);
    await handleUnknownPath("/posve-nova-stranica", "address:192.0.2.1");
    expect(await db.select().from(failedRequests).where(eq(failedRequests.path, "/posve-nova-stranica"))).toEqual([]);

    const removed = await purgeFailedRequests();
    expect(removed).toBeGreaterThan(0);
    const [{ oldest }] = await db.select({ oldest: sql<string>`min(${failedRequests.lastSeenAt})::text` }).from(failedRequests);
    expect(Date.now() - new Date(oldest).getTime()).toBeLessThanOrEqual(FAILED_REQUESTS_MAX_AGE_DAYS * 86_400_000);
    expect(await rows()).toBeLessThan(FAILED_REQUESTS_MAX_ROWS);

    // Over the cap (rows written before the cap existed): the newest are kept.
    await db.execute(
      sql`insert into ${failedRequests} (path) select '/svjeze-' || g from generate_series(1, ${FAILED_REQUESTS_MAX_ROWS}) g on conflict do nothing`,
    );
    await purgeFailedRequests();
    expect(await rows()).toBe(FAILED_REQUESTS_MAX_ROWS);
    expect(await db.select().from(failedRequests).where(eq(failedRequests.path, "/svjeze-1"))).toHaveLength(1);
  });
});
