// Both databases: a stable tiebreak under every sort, pages computed in SQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { clearShopCaches, seedBigCategory } from "./shop-fixtures";

let shop: Shop;
let db: Database;
const COUNT = 130; // 11 pages of 12, 6 of 24
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  await seedBigCategory(db, COUNT);
});
afterAll(() => shop.close());

const cards = (html: string) =>
  [.../data-testid="product-grid"[\s\S]*?<\/ul>/.exec(html)![0].matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
const pager = (html: string) => /data-testid="pagination"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
const numbers = (html: string) => [...pager(html).matchAll(/>(\d+)<\/(a|span)>/g)].map((m) => Number(m[1]));
const link = (html: string, rel: string) =>
  new RegExp(`<a[^>]*rel="${rel}"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="${rel}"`).exec(pager(html));
const href = (html: string, rel: string) => {
  const m = link(html, rel);
  return m ? (m[1] ?? m[2]).replace(/&amp;/g, "&") : null;
};

async function page(path: string) {
  const { response, html } = await new Visitor(shop).page(path);
  expect(response.status, path).toBe(200);
  return html;
}

describe("pagination (spec §2, §9)", () => {
  it("shows 12 per page by default, first/previous blocked on the first page", async () => {
    const html = await page("/shop/testni-paneli");
    expect(cards(html)).toHaveLength(12);
    expect(html).toMatch(/data-testid="total-records">[^<]*130</);
    expect(numbers(html)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]); // at most 9 of 11
    expect(href(html, "first")).toBeNull();
    expect(href(html, "prev")).toBeNull();
    expect(href(html, "next")).toBe("/shop/testni-paneli?page=2");
    expect(href(html, "last")).toBe("/shop/testni-paneli?page=11");
  });

  it("blocks next and last on the last page and shows the rest", async () => {
    const html = await page("/shop/testni-paneli?page=11");
    expect(cards(html)).toHaveLength(COUNT - 120);
    expect(numbers(html)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(href(html, "next")).toBeNull();
    expect(href(html, "last")).toBeNull();
    expect(pager(html)).toMatch(/<span aria-disabled="true"[^>]*>Sljedeća<\/span>/);
    expect(href(html, "prev")).toBe("/shop/testni-paneli?page=10");
    expect(href(html, "first")).toBe("/shop/testni-paneli");
  });

  it("centres the numbers on a middle page", async () => {
    expect(numbers(await page("/shop/testni-paneli?page=6"))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("shows 24 per page when asked, and the links keep the choice", async () => {
    const html = await page("/shop/testni-paneli?limit=24");
    expect(cards(html)).toHaveLength(24);
    expect(numbers(html)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(href(html, "next")).toBe("/shop/testni-paneli?limit=24&page=2");
    expect(html).toMatch(/<option value="24" selected="">24<\/option>/);
  });

  it("lists every product exactly once across the pages, never the archived one", async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 6; p++) seen.push(...cards(await page(`/shop/testni-paneli?limit=24${p > 1 ? `&page=${p}` : ""}`)));
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
    expect(seen).not.toContain(`Testni panel TEST-${String(COUNT).padStart(4, "0")}`);
  });

  it("keeps page and per-page in the same order under every sort (stable tiebreak)", async () => {
    // Priorities repeat every 7 products, so sort 8 has many ties.
    const a = cards(await page("/shop/testni-paneli?sort=8&page=3"));
    const b = cards(await page("/shop/testni-paneli?sort=8&page=4"));
    expect(a.filter((name) => b.includes(name))).toEqual([]);
  });
});

describe("one-page view with load more (spec §2)", () => {
  it("appends the next page through a link and hides it on the last page", async () => {
    const first = await page("/shop/testni-paneli?view=onepage");
    expect(cards(first)).toHaveLength(12);
    expect(pager(first)).toBe("");
    expect(first).toMatch(/data-testid="load-more"[^>]*>Učitaj još</);
    const more = /data-testid="load-more"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-testid="load-more"/.exec(first)!;
    const next = (more[1] ?? more[2]).replace(/&amp;/g, "&");
    expect(next).toBe("/shop/testni-paneli?view=onepage&page=2");
    const second = await page(next);
    expect(cards(second).slice(0, 12)).toEqual(cards(first));
    expect(cards(second)).toHaveLength(24);
    const last = await page("/shop/testni-paneli?view=onepage&page=11");
    expect(cards(last)).toHaveLength(COUNT);
    expect(last).not.toContain('data-testid="load-more"');
  });
});

describe("bounded queries (no N+1)", () => {
  async function queriesFor(path: string) {
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    let n = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    try {
      await clearShopCaches();
      await page(path);
      return n;
    } finally {
      client.query = original;
    }
  }

  it("reads a category of 130 products with as many queries as one of 2", async () => {
    await page("/shop/usluge"); // warm the site's own caches
    const big = await queriesFor("/shop/testni-paneli?limit=24");
    const small = await queriesFor("/shop/usluge?limit=24");
    expect(big).toBe(small);
    expect(big).toBeLessThanOrEqual(20);
  });
});
