// PostgreSQL only: the request handler's answer while its PostgreSQL server is away (a proxy of the test's own is cut; skipped on PGlite).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../locales/de/http.json";
import en from "../../locales/en/http.json";
import hr from "../../locales/hr/http.json";
import { Visitor } from "../setup/client";
import { startDatabaseProxy, type DatabaseProxy } from "../setup/database-proxy";
import type { Shop } from "../setup/shop";

/**
 * Decision 0090 at the Remix boundary itself: the in-process request handler (the build's
 * own, without server.ts's page cache in front, tests/setup/shop.ts) answers a request that
 * met a database outage 503 with Retry-After, as the production server does: a document
 * with the translated "shop unavailable" message, a data request (a navigation with
 * JavaScript) with that message as its 503 error for the page's error boundary to show.
 * The database is this file's own PostgreSQL database, reached through a TCP proxy that the
 * test cuts (no stand-in for the driver: the pool's connections really die and are refused).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.info("database-outage-handler.test.ts skipped: it needs DATABASE_URL (PostgreSQL) to take a database server away.");

let proxy: DatabaseProxy;
let shop: Shop;
let shopper: Visitor;
let english: Visitor;
let german: Visitor;

// The shop's modules read DATABASE_URL once, when first imported: it names the proxy before any is.
if (onPostgres) {
  const target = new URL(process.env.DATABASE_URL!);
  proxy = await startDatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
  process.env.DATABASE_URL = proxy.urlFor(process.env.DATABASE_URL!, "shop-handler-outage");
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "1000";
}

beforeAll(async () => {
  if (!onPostgres) return;
  const { bootShop } = await import("../setup/shop");
  const { catalogue } = await import("../setup/product-pages");
  shop = await bootShop();
  const productId = String(await catalogue(shop).idOf("AK-PNL-SND-40"));
  // Shoppers with a cart (in each language: a cart belongs to one), so every page they ask
  // for reads the database and none is served from a cache of the process.
  [shopper, english, german] = [new Visitor(shop), new Visitor(shop), new Visitor(shop)];
  for (const [who, cart] of [
    [shopper, "/kosarica"],
    [english, "/en/cart"],
    [german, "/de/einkaufswagen"],
  ] as const) {
    const added = await who.post(cart, { intent: "add", productId, quantity: "1" }, { tokenFrom: cart });
    expect(added.status).toBe(302);
  }
}, 120_000);

afterAll(async () => {
  await proxy?.restore();
  await shop?.close();
  await proxy?.close();
});

describe.skipIf(!onPostgres)("the request handler while the database is away", () => {
  it("answers a document 503 with Retry-After and the translated message, in the path's language", async () => {
    await proxy.cut("refuse");
    try {
      for (const [who, path, message] of [
        [shopper, "/kosarica", hr.http.shopUnavailable],
        [english, "/en/cart", en.http.shopUnavailable],
        [german, "/de/einkaufswagen", de.http.shopUnavailable],
      ] as const) {
        const response = await who.get(path);
        expect([response.status, response.headers.get("Retry-After"), response.headers.get("Cache-Control")], path).toEqual([
          503,
          "5",
          "no-store",
        ]);
        expect(response.headers.get("Content-Type"), path).toMatch(/^text\/plain/);
        expect(await response.text(), path).toBe(message);
      }
    } finally {
      await proxy.restore();
    }
  });

  it("answers a data request 503 whose error carries the message for the error boundary", async () => {
    await proxy.cut("refuse");
    try {
      const response = await english.get("/en/cart.data");
      expect([response.status, response.headers.get("Retry-After"), response.headers.get("Cache-Control")]).toEqual([503, "5", "no-store"]);
      // Remix's encoding of the route's error: an error response (status 503) with the
      // message as its detail, not the sanitised "Unexpected Server Error".
      const body = await response.text();
      expect(body).toContain('"ErrorResponse"');
      expect(body).toContain(JSON.stringify(en.http.shopUnavailable));
      expect(body).toContain("503");
      expect(body).not.toContain("Unexpected Server Error");
    } finally {
      await proxy.restore();
    }
  });

  it("serves again once the database is back", async () => {
    await expect.poll(async () => (await shopper.get("/kosarica")).status, { timeout: 15_000, interval: 200 }).toBe(200);
    expect((await english.get("/en/cart.data")).status).toBe(200);
  });
});
