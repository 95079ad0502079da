import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { crumbsOf, headOf } from "../setup/structured-data";
import { attribute, productsIn, withValues } from "./shop-fixtures";

let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

const grid = (html: string) => /data-testid="product-grid"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
const gridNames = (html: string) => [...grid(html).matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
const total = (html: string) => Number(/data-testid="total-records">[^<]*?(\d+)</.exec(html)?.[1]);
const sortSelect = (html: string) => /<select name="sort"[\s\S]*?<\/select>/.exec(html)![0];

async function get(path: string) {
  const { response, html } = await new Visitor(shop).page(path);
  return { status: response.status, location: response.headers.get("Location"), html };
}

describe("the category page (spec §2)", () => {
  it("shows the category's title, description, filters, featured products, total and grid", async () => {
    const { status, html } = await get("/shop/krovni-paneli");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Aluminijski krovni paneli<\/h1>/);
    expect(html).toContain("Lagani aluminijski krovni paneli s izgledom crijepa");
    expect(html).toContain("<title>Aluminijski krovni paneli | Alu Krov d.o.o.</title>");
    expect(html).toMatch(/<meta name="description" content="Lagani aluminijski krovni paneli/);
    expect(html).toContain('data-testid="filter-panel"');
    expect(html).toMatch(/<input type="checkbox" name="boja"[^>]*value="\d+"/);
    expect(html).toContain('style="background-color:#383E42"');
    expect(html).toMatch(/<input type="radio" name="rekonstrukcija"[^>]*value="yes"/);
    expect(html).toMatch(/<input type="number" name="debljina_min"/);
    expect(html).toMatch(/<input type="date" name="dostupno_od_max"/);
    const featured = /data-testid="featured-products"[\s\S]*?<\/section>/.exec(html)![0];
    expect(featured).toContain("Aluminijski panel crijep Tegola"); // tagged Top proizvodi
    expect(featured).not.toContain("Klik-Fix"); // tagged Novo only
    const rows = await productsIn(db, "krovni-paneli");
    expect(total(html)).toBe(rows.length);
    expect(gridNames(html)).toHaveLength(rows.length);
    expect(html).not.toContain("Krovni panel Klasik"); // archived
    expect(html).not.toContain("AK-PNL-KLASIK-OLD");
  });

  it("offers only the category's sort options, its default selected", async () => {
    const { html } = await get("/shop/trapezni-limovi");
    const select = sortSelect(html);
    expect([...select.matchAll(/<option value="(\d)"/g)].map((m) => m[1])).toEqual(["3", "4", "5", "6"]);
    expect(select).toMatch(/<option value="3" selected="">Najjeftinije<\/option>/);
    // An option the category does not offer is dropped from the URL.
    expect(await get("/shop/trapezni-limovi?sort=1")).toMatchObject({ status: 302, location: "/shop/trapezni-limovi" });
    const asked = await get("/shop/trapezni-limovi?sort=4");
    expect(sortSelect(asked.html)).toMatch(/<option value="4" selected="">/);
    const prices = [...grid(asked.html).matchAll(/text-lg font-bold[^>]*>([\d.,]+)/g)].map((m) =>
      Number(m[1].replace(/\./g, "").replace(",", ".")),
    );
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("lists every category and all products at /shop", async () => {
    const { status, html } = await get("/shop");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Trgovina<\/h1>/);
    const links = /data-testid="category-links"[\s\S]*?<\/nav>/.exec(html)![0];
    for (const slug of ["krovni-paneli", "trapezni-limovi", "oluci-i-odvodnja", "opsavi", "pribor", "alati", "usluge"])
      expect(links).toContain(`href="/shop/${slug}"`);
    expect(links).not.toContain('href="/shop/oluci"'); // a sub-category: listed on its parent's page
    expect(total(html)).toBeGreaterThanOrEqual(50);
    expect(gridNames(html)).toHaveLength(12);
  });

  it("links a parent category to its sub-categories and a sub-category back through the breadcrumb", async () => {
    const parent = await get("/shop/oluci-i-odvodnja");
    expect(/data-testid="category-links"[\s\S]*?<\/nav>/.exec(parent.html)![0]).toContain('href="/shop/oluci"');
    const child = await get("/shop/oluci");
    const crumbs = /data-testid="breadcrumb"[\s\S]*?<\/nav>/.exec(child.html)![0];
    expect(crumbs).toContain('href="/shop"');
    expect(crumbs).toContain('href="/shop/oluci-i-odvodnja"');
  });

  it("answers an unknown category with the translated 404", async () => {
    const hr = await get("/shop/nepostojeca-kategorija");
    expect(hr.status).toBe(404);
    expect(hr.html).toContain("Ova stranica nije pronađena");
    const en = await get("/en/shop/no-such-category");
    expect(en.status).toBe(404);
    expect(en.html).toContain("This page could not be found");
  });
});

describe("languages", () => {
  it("maps the category to its translated slug and links the language switch to it", async () => {
    const { status, html } = await get("/en/shop/roof-panels");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Roof panels<\/h1>/);
    expect(html).toContain("Aluminium tile-effect panel Tegola");
    const switcher = /data-testid="language-switch"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(switcher).toContain('href="/shop/krovni-paneli"');
    expect(switcher).toContain('href="/de/shop/dachpaneele"');
    expect(html.toLowerCase()).toContain('<link rel="canonical" href="http://localhost:3000/en/shop/roof-panels"/>');
  });

  it("keeps the filters when switching language", async () => {
    const { html } = await get("/de/shop/dachpaneele?rekonstrukcija=yes");
    const switcher = /data-testid="language-switch"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(switcher).toContain('href="/en/shop/roof-panels?rekonstrukcija=yes"');
  });

  it("redirects a Croatian slug under another language to the translated one", async () => {
    expect(await get("/en/shop/krovni-paneli?sort=3")).toMatchObject({ status: 301, location: "/en/shop/roof-panels?sort=3" });
  });
});

describe("filter state in the URL (spec §4 Product list)", () => {
  it("filters by comma-joined value ids and turns a no-JS form submission into that URL", async () => {
    const boja = await attribute(db, "boja");
    const [a, b] = [boja.valueId("ral-7016"), boja.valueId("ral-3009")];
    // What a browser without JavaScript submits: repeated names, empty inputs, default selects.
    const submitted = await get(
      `/shop/krovni-paneli?boja=${b}&boja=${a}&debljina_min=&debljina_max=&rekonstrukcija=&sort=1&limit=12&view=pages`,
    );
    expect(submitted).toMatchObject({ status: 302, location: `/shop/krovni-paneli?boja=${a},${b}` });
    const { status, html } = await get(`/shop/krovni-paneli?boja=${a},${b}`);
    expect(status).toBe(200);
    const rows = await productsIn(db, "krovni-paneli");
    const having = await withValues(db, boja.id, [a, b]);
    expect(total(html)).toBe(rows.filter((r) => having.has(r.id)).length);
    expect(html).toMatch(new RegExp(`name="boja"[^>]*checked=""[^>]*value="${a}"`));
  });

  it("filters yes/no and applies a range only with both ends", async () => {
    const all = total((await get("/shop/krovni-paneli")).html);
    expect(total((await get("/shop/krovni-paneli?rekonstrukcija=no")).html)).toBe(1);
    const half = await get("/shop/krovni-paneli?debljina_min=0.6");
    expect(half.status).toBe(200);
    expect(total(half.html)).toBe(all);
    expect(half.html).toMatch(/name="debljina_min"[^>]*value="0.6"/); // kept for the visitor to finish
    expect(total((await get("/shop/krovni-paneli?debljina_min=0.6&debljina_max=0.6")).html)).toBeLessThan(all);
    // Ends given the wrong way round are swapped; a decimal comma is read as a point.
    expect(await get("/shop/krovni-paneli?debljina_min=0,7&debljina_max=0.5")).toMatchObject({
      status: 302,
      location: "/shop/krovni-paneli?debljina_min=0.5&debljina_max=0.7",
    });
  });

  it("resets to page 1 when filters, sort or per-page change (the form has no page field)", async () => {
    const { html } = await get("/shop?page=2");
    const form = /<form[^>]*data-testid="shop-form"[\s\S]*?<\/form>/.exec(html)![0];
    expect(form).toMatch(/<form method="get" action="\/shop"/);
    expect(form).not.toMatch(/name="page"/);
  });

  it.each([
    ["/shop/krovni-paneli?page=abc", "/shop/krovni-paneli"],
    ["/shop/krovni-paneli?limit=999", "/shop/krovni-paneli"],
    ["/shop/krovni-paneli?sort=99", "/shop/krovni-paneli"],
    ["/shop/krovni-paneli?page=-3&limit=24", "/shop/krovni-paneli?limit=24"],
    ["/shop/krovni-paneli?boja=abc,-1,1e5", "/shop/krovni-paneli"],
    ["/shop/krovni-paneli?debljina_min=abc&debljina_max=0.7", "/shop/krovni-paneli?debljina_max=0.7"],
    ["/shop/krovni-paneli?dostupno_od_min=2026-02-31&dostupno_od_max=2026-12-31", "/shop/krovni-paneli?dostupno_od_max=2026-12-31"],
    ["/shop/krovni-paneli?rekonstrukcija=maybe", "/shop/krovni-paneli"],
    ["/shop/krovni-paneli?page=50", "/shop/krovni-paneli"],
  ])("answers the bad query %s with a redirect to %s, never a 500", async (path, location) => {
    expect(await get(path)).toMatchObject({ status: 302, location });
    expect((await get(location)).status).toBe(200);
  });

  it("keeps parameters it does not know, like an unknown filter code", async () => {
    const { status, html } = await get("/shop/krovni-paneli?nepoznato=1&utm_source=x");
    expect(status).toBe(200);
    expect(total(html)).toBe((await productsIn(db, "krovni-paneli")).length);
  });

  it("shows a message when no product matches", async () => {
    const { status, html } = await get("/shop/alati?rekonstrukcija=yes");
    expect(status).toBe(200);
    expect(html).toContain("Nijedan proizvod ne odgovara odabranim filtrima.");
  });
});

describe("structured data and link previews (decision 0036)", () => {
  const origin = "http://localhost:3000";

  it("gives a category a BreadcrumbList matching its visible breadcrumb, and Open Graph tags", async () => {
    const { html } = await get("/shop/oluci");
    const head = headOf(html);
    expect(head.breadcrumb).toEqual(["Trgovina", "Oluci i odvodnja", "Oluci"]);
    expect(crumbsOf(head.one("BreadcrumbList"), origin)).toEqual([
      { name: "Trgovina", item: `${origin}/shop` },
      { name: "Oluci i odvodnja", item: `${origin}/shop/oluci-i-odvodnja` },
      { name: "Oluci", item: `${origin}/shop/oluci` },
    ]);
    expect(head.meta("og:type")).toBe("website");
    expect(head.meta("og:url")).toBe(`${origin}/shop/oluci`);
    expect(head.meta("og:title")).toBe(head.document.title);
    expect(head.meta("og:description")).toBe(head.meta("description"));
    expect(head.meta("og:locale")).toBe("hr_HR");
    expect(new URL(head.meta("og:image")!).origin).toBe(origin);
    expect(head.meta("twitter:card")).toBeTruthy();
  });

  it("translates the trail in English and keeps a filtered list's canonical query in og:url", async () => {
    const { html } = await get("/en/shop/roof-panels");
    const head = headOf(html);
    expect(head.meta("og:locale")).toBe("en_GB");
    expect(head.meta("og:url")).toBe(head.canonical);
    const names = crumbsOf(head.one("BreadcrumbList"), origin).map((c) => c.name);
    expect(names[0]).toBe("Shop");
    expect(head.breadcrumb).toEqual(names);
  });

  it("has no BreadcrumbList on the shop root, which shows no breadcrumb", async () => {
    const head = headOf((await get("/shop")).html);
    expect(head.jsonLd.filter((o) => o["@type"] === "BreadcrumbList")).toEqual([]);
    expect(head.meta("og:url")).toBe(`${origin}/shop`);
  });
});

describe("numbers in the filters, in the notation of the page's language", () => {
  it("writes a number range in the page's language: '0,5 – 0,7 mm' in Croatian, '0.5 – 0.7 mm' in English", async () => {
    const hr = (await get("/shop/krovni-paneli")).html;
    expect(hr).toMatch(/Raspon: 0,5 – 0,7(<!-- -->)? mm/);
    expect(hr).toContain('placeholder="0,5"');
    expect(hr).not.toMatch(/Raspon: 0\.5/);
    const en = (await get("/en/shop/roof-panels")).html;
    expect(en).toMatch(/Range: 0\.5 – 0\.7(<!-- -->)? mm/);
  });
});
