import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";

let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const get = (path: string) => new Visitor(shop).page(path);
/** The hrefs of the result links, in order. */
const resultLinks = (html: string) =>
  [...html.matchAll(/data-testid="search-result"[\s\S]*?href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
const tabHref = (html: string, category: string) => {
  const tag = new RegExp(`<a[^>]*data-testid="search-tab-${category}"[^>]*>`).exec(html)?.[0];
  return tag ? /href="([^"]+)"/.exec(tag)?.[1].replace(/&amp;/g, "&") : undefined;
};

describe("the search page", () => {
  it("answers at its path in every language with the form and the four tabs", async () => {
    for (const [path, title] of [
      ["/pretraga", "Pretraga"],
      ["/en/search", "Search"],
      ["/de/suche", "Suche"],
    ]) {
      const { response, html } = await get(path);
      expect(response.status, path).toBe(200);
      expect(html).toContain(`<title>${title} | Alu Krov d.o.o.</title>`);
      expect(html).toMatch(/<form[^>]*method="get"[^>]*data-testid="search-form"/);
      for (const tab of ["products", "posts", "productCategories", "pages"]) expect(html).toContain(`data-testid="search-tab-${tab}"`);
    }
  });

  it("shows products for the text in the default tab, with the query in the title", async () => {
    const { response, html } = await get("/pretraga?search=celik");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Pretraga: celik | Alu Krov d.o.o.</title>");
    expect(html).toContain('name="robots" content="noindex, follow"');
    expect(html).toContain("Klamerica za falcani panel Klik-Fix (100 kom)");
    expect(html).toMatch(
      /data-testid="search-tab-products"[^>]*aria-current="page"|aria-current="page"[^>]*data-testid="search-tab-products"/,
    );
    expect(resultLinks(html)).toContain("/product/klamerica-za-falcani-panel-klik-fix-100-kom");
  });

  it("keeps the text in the tab links and leaves the page out, so a tab starts at page 1", async () => {
    const { html } = await get("/pretraga?search=oluk&category=products&page=2");
    expect(tabHref(html, "posts")).toBe("/pretraga?search=oluk&category=posts");
    expect(tabHref(html, "productCategories")).toBe("/pretraga?search=oluk&category=productCategories");
    const categories = await get("/pretraga?search=oluk&category=productCategories");
    expect(resultLinks(categories.html)).toEqual(expect.arrayContaining(["/shop/oluci", "/shop/oluci-i-odvodnja"]));
    const en = await get("/en/search?search=gutter&category=productCategories");
    expect(tabHref(en.html, "pages")).toBe("/en/search?search=gutter&category=pages");
    expect(resultLinks(en.html)).toContain("/en/shop/gutters");
  });

  it("pages with links that keep the text and the category", async () => {
    const first = await get("/pretraga?search=ral&category=products");
    expect(first.html).toContain('data-testid="pagination"');
    expect(first.html).toContain('href="/pretraga?search=ral&amp;category=products&amp;page=2"');
    const second = await get("/pretraga?search=ral&category=products&page=2");
    expect(second.html).toMatch(/aria-current="page"[^>]*>2</);
    const overlap = resultLinks(second.html).filter((link) => resultLinks(first.html).includes(link));
    expect(overlap).toEqual([]);
  });

  it("finds pages, and untranslated products under /en by their Croatian text and slug", async () => {
    const pages = await get("/pretraga?search=kolacica&category=pages");
    expect(resultLinks(pages.html)).toContain("/politika-kolacica");
    const en = await get("/en/search?search=polukruzni");
    expect(resultLinks(en.html)).toContain("/en/product/polukruzni-oluk-150-mm-ral-8017-3-m");
  });

  it("shows the missing-categories message for an unknown category, with status 400", async () => {
    const hr = await get("/pretraga?search=krov&category=nepoznato");
    expect(hr.response.status).toBe(400);
    expect(hr.html).toContain("Odaberite barem jednu kategoriju pretrage.");
    const de = await get("/de/suche?search=krov&category=");
    expect(de.response.status).toBe(400);
    expect(de.html).toContain("Wählen Sie mindestens eine Suchkategorie.");
  });

  it("echoes the query escaped, never as markup", async () => {
    const attack = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const { response, html } = await get(`/pretraga?search=${encodeURIComponent(attack)}`);
    expect(response.status).toBe(200);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert");
  });

  it("survives very long and odd input", async () => {
    const long = await get(`/pretraga?search=${"krov ".repeat(400)}&page=-3`);
    expect(long.response.status).toBe(200);
    const value =
      /id="search-text"[^>]*value="([^"]*)"/.exec(long.html)?.[1] ?? /value="([^"]*)"[^>]*id="search-text"/.exec(long.html)?.[1];
    expect(value!.length).toBeLessThanOrEqual(100);
    for (const odd of ["%27%29%20OR%201%3D1", "%F0%9F%98%80", "%3A*%20%7C%20!", "&page=abc", "&page=99999999999999999999"]) {
      const { response } = await get(`/pretraga?search=${odd}`);
      expect(response.status, odd).toBe(200);
    }
    // Control characters in the address are refused before the page reads them (decision 0083).
    for (const odd of ["a%00b", "abcd%00efgh%07"]) expect((await get(`/pretraga?search=${odd}`)).response.status, odd).toBe(400);
  });

  it("puts a GET search box for products in the header of every page", async () => {
    const hr = await get("/");
    expect(hr.html).toMatch(/<form[^>]*method="get"[^>]*action="\/pretraga"[^>]*data-testid="header-search"/);
    expect(hr.html).toContain('<input type="hidden" name="category" value="products"/>');
    const en = await get("/en/cart");
    expect(en.html).toMatch(/action="\/en\/search"[^>]*data-testid="header-search"/);
  });
});
