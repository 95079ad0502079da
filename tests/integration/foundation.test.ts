import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_FILES } from "~/lib/route-files";
import { ROUTE_KEYS, href, type RouteKey } from "~/lib/routes-table";
import { LOCALES } from "~/lib/locales";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";

let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

// The product page needs a product (without a slug it sends the visitor to the shop); this
// seeded one has only its Croatian slug, which every language uses.
const SAMPLE_PARAMS: Partial<Record<RouteKey, Record<string, string>>> = {
  event: { id: "1" },
  product: { slug: "aluminijski-falcani-panel-klik-fix-ral-7016" },
  priceEnquiry: { slug: "aluminijski-falcani-panel-klik-fix-ral-7016" },
  profileOrder: { slug: "2026-000001" },
  profileOrderInvoice: { slug: "2026-000001" },
  profileOrderCreditNote: { slug: "2026-000001" },
  profileOrderStorno: { slug: "2026-000001" },
  orderOffer: { slug: "2026-000001" },
  cardReturn: { orderId: "1" },
  download: { token: "not-a-token" },
  draftPreview: { token: "not-a-token" },
  form: { slug: "contact" },
};

// The request-quote cart's inquiry exists only in request-quote mode, off by default
// (tests/integration/cart-quote.test.ts covers it switched on). Checkout sends a visitor
// without a cart back to the cart (tests/integration/checkout.test.ts covers the rest).
// A visitor's order pages send them to log in; a card return without the provider's
// signature changes nothing and says so (tests/integration/card-payment.test.ts). A download
// link without a valid token is 404 (tests/integration/checkout.test.ts covers valid ones).
// An offer is shown only to its customer or with its link's token: anyone else gets 404
// (tests/integration/admin-enquiries.test.ts covers the offer itself). A draft's preview link
// without a valid token is 404 (tests/integration/draft-preview-link.test.ts covers valid ones).
const STATUS: Partial<Record<RouteKey, number>> = {
  cartInquiry: 404,
  checkout: 302,
  profileOrder: 302,
  profileOrderInvoice: 302,
  profileOrderCreditNote: 302,
  profileOrderStorno: 302,
  orderOffer: 404,
  cardReturn: 400,
  download: 404,
  draftPreview: 404,
};

describe("route table (spec §2 Routes)", () => {
  const cases = ROUTE_KEYS.flatMap((key) => LOCALES.map((locale) => [key, locale] as const));
  // Spec §5: the confirm-email view needs goal, goalType and confirmedEmail (else 404).
  const sampleQuery = (key: string) => (key === "confirmEmail" ? "?goal=Hvala&goalType=message&confirmedEmail=ana%40example.com" : "");
  it.each(cases)("%s answers in %s", async (key, locale) => {
    const path = href(key, locale, SAMPLE_PARAMS[key] ?? {}) + sampleQuery(key);
    const response = await new Visitor(shop).get(path);
    expect(response.status, path).toBe(STATUS[key] ?? 200);
  });

  it.each(ROUTE_KEYS.flatMap((key) => (ROUTE_FILES[key].aliases ?? []).map((alias) => [key, alias] as const)))(
    "%s also answers at its unprefixed alias /%s",
    async (key, alias) => {
      const path = "/" + alias.replace(/\/?:\w+\?$/, "").replace(":id", "1") + sampleQuery(key);
      expect((await new Visitor(shop).get(path)).status, path).toBe(STATUS[key] ?? 200);
    },
  );

  it("builds the localised paths the spec names", () => {
    expect(href("cart", "hr")).toBe("/kosarica");
    expect(href("cart", "en")).toBe("/en/cart");
    expect(href("cart", "de")).toBe("/de/einkaufswagen");
    expect(href("login", "hr")).toBe("/prijava");
    expect(href("login", "en")).toBe("/en/login");
    expect(href("product", "de", { slug: "x" })).toBe("/de/produkt/x");
    expect(href("checkoutSuccess", "hr")).toBe("/naplata/uspjesna");
    expect(href("search", "de")).toBe("/de/suche");
    expect(href("page", "hr")).toBe("/");
    expect(href("page", "en")).toBe("/en");
  });

  it("serves /sitemap.xml and /test", async () => {
    const visitor = new Visitor(shop);
    const sitemap = await visitor.get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("Content-Type")).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain("<urlset");
    expect(xml).toContain('hreflang="en"');
    expect((await visitor.get("/test")).status).toBe(200);
  });
});

describe("error layout (spec §8 Pages)", () => {
  it("answers an unknown slug with 404 and the translated message", async () => {
    const { response, html } = await new Visitor(shop).page("/ova-stranica-ne-postoji");
    expect(response.status).toBe(404);
    expect(html).toContain("Ova stranica nije pronađena");
  });

  it("answers unknown deeper paths with 404 in every language", async () => {
    const visitor = new Visitor(shop);
    const en = await visitor.page("/en/no/such/page");
    expect(en.response.status).toBe(404);
    expect(en.html).toContain("This page could not be found");
    const de = await visitor.page("/de/gibt/es/nicht");
    expect(de.response.status).toBe(404);
    expect(de.html).toContain("Diese Seite wurde nicht gefunden");
  });
});

describe("error and splash views", () => {
  it("renders a bad request with its status and the translated generic message", async () => {
    const { response, html } = await new Visitor(shop).page("/en/event/not-a-number");
    expect(response.status).toBe(400);
    expect(html).toContain("An error occurred");
    expect(html).toContain('data-testid="error-status"');
  });

  it("plays the splash intro only on the configured forced domain", async () => {
    const forced = await new Visitor(shop, "http://intro.alu-krov.hr").page("/");
    expect(forced.html).toContain('data-testid="splash"');
    const normal = await new Visitor(shop).page("/");
    expect(normal.html).not.toContain('data-testid="splash"');
  });
});

describe("unknown paths (addFailedRequest semantics)", () => {
  it("answers a configured redirect with 301 and logs other unknown paths", async () => {
    const { redirects, failedRequests } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const db = await shop.db();
    await db.insert(redirects).values({ fromPath: "/stari/katalog", toPath: "/shop" });
    const moved = await new Visitor(shop).get("/stari/katalog");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/shop");

    const visitor = new Visitor(shop);
    expect((await visitor.get("/nema/ovoga")).status).toBe(404);
    expect((await visitor.get("/nema/ovoga")).status).toBe(404);
    const [logged] = await db.select().from(failedRequests).where(eq(failedRequests.path, "/nema/ovoga"));
    expect(logged.hits).toBe(2);
  });
});
