import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCache } from "~/.server/cache.server";
import type { Database } from "~/.server/db/client.server";
import { products, productTranslations } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * /sitemap.xml (spec §1 SiteMapOptions lastmod, hreflang, images): pages,
 * categories and products in every language, valid XML, cached until content changes.
 */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

const sitemap = async () => {
  const response = await new Visitor(shop).get("/sitemap.xml");
  expect(response.headers.get("Content-Type")).toContain("application/xml");
  return response.text();
};

const parseXml = (xml: string) => new new JSDOM("").window.DOMParser().parseFromString(xml, "text/xml");

/** The <url> element whose <loc> is `loc`. */
function urlEntry(xml: string, loc: string) {
  const document = parseXml(xml);
  return [...document.getElementsByTagName("url")].find((u) => u.getElementsByTagName("loc")[0]?.textContent === loc) ?? null;
}

describe("robots.txt", () => {
  it("names the sitemap by its absolute URL (PUBLIC_URL) and keeps crawlers out of the backoffice and the API", async () => {
    const response = await new Visitor(shop).get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(text).toMatch(/^Sitemap: https?:\/\//m);
    for (const path of ["/admin", "/api/", "/actions/"]) expect(text).toContain(`Disallow: ${path}\n`);
  });
});

describe("sitemap.xml", () => {
  it("is well-formed XML in the sitemap namespace", async () => {
    const document = parseXml(await sitemap());
    expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(document.documentElement.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  });

  it("lists a product in hr, en and de with its translated slugs, lastmod and images", async () => {
    const xml = await sitemap();
    const entry = urlEntry(xml, "http://localhost:3000/en/product/aluminium-tile-effect-panel-tegola");
    expect(entry).not.toBeNull();
    const alternates = [...entry!.getElementsByTagName("xhtml:link")].map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]);
    expect(alternates).toEqual([
      ["hr", "http://localhost:3000/product/aluminijski-panel-crijep-tegola"],
      ["en", "http://localhost:3000/en/product/aluminium-tile-effect-panel-tegola"],
      ["de", "http://localhost:3000/de/produkt/aluminium-dachpfannenpaneel-tegola"],
    ]);
    expect(entry!.getElementsByTagName("lastmod")[0]?.textContent).toMatch(/^\d{4}-\d\d-\d\dT/);
    const images = [...entry!.getElementsByTagName("image:loc")].map((i) => i.textContent);
    expect(images.length).toBeGreaterThan(0);
    expect(images[0]).toMatch(/^http:\/\/localhost:3000\/media\/.+\/large\/.+\.webp/);
  });

  it("lists categories in every language, never archived products or variants", async () => {
    const xml = await sitemap();
    expect(urlEntry(xml, "http://localhost:3000/shop/oluci-i-odvodnja")).not.toBeNull();
    const [archived] = await db
      .select({ slug: productTranslations.slug })
      .from(products)
      .innerJoin(productTranslations, eq(productTranslations.productId, products.id))
      .where(and(eq(products.archived, true), eq(productTranslations.languageCode, "hrv")))
      .limit(1);
    expect(archived).toBeDefined();
    expect(xml).not.toContain(`/product/${archived!.slug}<`);
  });

  it("is kept until content changes: a product edit that clears the catalogue caches shows up", async () => {
    const before = await sitemap();
    expect(before).not.toContain("tegola-novi-naziv");
    const rename = (from: string, to: string) => db.update(productTranslations).set({ slug: to }).where(eq(productTranslations.slug, from));
    await rename("aluminium-tile-effect-panel-tegola", "tegola-novi-naziv");
    expect(await sitemap()).not.toContain("tegola-novi-naziv"); // cached
    await clearCache("product-detail");
    expect(await sitemap()).toContain("http://localhost:3000/en/product/tegola-novi-naziv");
    await rename("tegola-novi-naziv", "aluminium-tile-effect-panel-tegola");
  });

  // DESIGN.md "Trust boundaries" (decision 0032): "Absolute URLs in mails, sitemap, canonical/hreflang links ... come from PUBLIC_URL".
  it("names only PUBLIC_URL (http://localhost:3000 in the tests), whatever Host or X-Forwarded-Host a request brings", async () => {
    const spoofer = new Visitor(shop, "http://evil.example");
    const response = await spoofer.get("/sitemap.xml", { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    const locs = [...parseXml(await response.text()).getElementsByTagName("loc")].map((loc) => loc.textContent ?? "");
    expect(locs.length).toBeGreaterThan(10);
    expect(locs.filter((loc) => !loc.startsWith("http://localhost:3000/"))).toEqual([]);
    // And the page itself: canonical and hreflang links.
    const page = await (await spoofer.get("/en/shop", { "X-Forwarded-Host": "evil.example" })).text();
    const document = new JSDOM(page).window.document;
    const links = [...document.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]')].map(
      (link) => link.getAttribute("href") ?? "",
    );
    expect(links).toContain("http://localhost:3000/en/shop");
    expect(links.filter((href) => !href.startsWith("http://localhost:3000/"))).toEqual([]);
    expect(page).not.toContain("evil.example");
  });
});
