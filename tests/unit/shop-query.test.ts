import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as ProductList from "~/modules/catalog/product-list.server";
import { hasFilters, otherParams, parseShopParams, rangeEnd, shopSearch, type FilterDef } from "~/modules/catalog/shop-query";

// The database client is replaced: searchProducts must answer an empty query without it.
const { getDb } = vi.hoisted(() => ({
  getDb: vi.fn(async () => {
    throw new Error("the database must not be touched");
  }),
}));
vi.mock("~/.server/db/client.server", () => ({ getDb }));

const defs: FilterDef[] = [
  { id: 1, code: "boja", type: "visualSwatch" },
  { id: 3, code: "debljina", type: "numberField" },
  { id: 5, code: "rekonstrukcija", type: "yesNo" },
  { id: 6, code: "dostupno_od", type: "date" },
  { id: 7, code: "montaza", type: "dateTime" },
];
const defaults = { sort: 3, sorts: [3, 4, 5, 6] };
const parse = (query: string) => parseShopParams(new URLSearchParams(query), defs, defaults);
const canonical = (query: string) => {
  const params = new URLSearchParams(query);
  return shopSearch(parseShopParams(params, defs, defaults), defs, defaults, otherParams(params, defs));
};

describe("shop URL state (spec §4 Product list)", () => {
  it("reads comma-joined and repeated value ids, sorted and without duplicates", () => {
    expect(parse("boja=14,12&boja=12").values).toEqual({ boja: [12, 14] });
    expect(canonical("boja=14&boja=12")).toBe("?boja=12,14");
  });

  it("reads yes/no and a min/max pair, keeping a half-filled range", () => {
    expect(parse("rekonstrukcija=yes").yesNo).toEqual({ rekonstrukcija: true });
    expect(parse("rekonstrukcija=no").yesNo).toEqual({ rekonstrukcija: false });
    expect(parse("debljina_min=0.5&debljina_max=0,7").ranges).toEqual({ debljina: { min: "0.5", max: "0.7" } });
    expect(parse("debljina_min=0.5").ranges).toEqual({ debljina: { min: "0.5", max: null } });
    expect(canonical("debljina_min=0.9&debljina_max=0.5")).toBe("?debljina_min=0.5&debljina_max=0.9");
    expect(parse("dostupno_od_min=2026-01-01&montaza_max=2026-05-01T10:30").ranges).toEqual({
      dostupno_od: { min: "2026-01-01", max: null },
      montaza: { min: null, max: "2026-05-01T10:30" },
    });
  });

  it("drops what is not a value of the filter's type", () => {
    expect(parse("boja=abc,-1,1e5,,12").values).toEqual({ boja: [12] });
    expect(parse("rekonstrukcija=maybe").yesNo).toEqual({});
    expect(rangeEnd("numberField", "abc")).toBeNull();
    expect(rangeEnd("date", "2026-02-31")).toBeNull();
    expect(rangeEnd("dateTime", "2026-05-01")).toBeNull();
    expect(hasFilters(parse("debljina_min=x&boja=y"))).toBe(false);
  });

  it("accepts only allowed page, limit, sort and view values", () => {
    expect(parse("page=abc&limit=999&sort=99&view=grid")).toMatchObject({ page: 1, limit: 12, sort: 3, view: "pages" });
    expect(parse("page=4&limit=24&sort=6&view=onepage")).toMatchObject({ page: 4, limit: 24, sort: 6, view: "onepage" });
    expect(parse("sort=1").sort).toBe(3); // not among the category's sortTypes
  });

  it("writes one canonical URL per view: defaults left out, filters first, page last, other parameters kept", () => {
    expect(canonical("sort=3&limit=12&view=pages&page=1&debljina_min=&debljina_max=&rekonstrukcija=")).toBe("");
    expect(canonical("page=2&sort=5&rekonstrukcija=yes&boja=3&utm_source=news")).toBe(
      "?boja=3&rekonstrukcija=yes&sort=5&page=2&utm_source=news",
    );
    expect(canonical("nepoznato=1")).toBe("?nepoznato=1");
  });

  it("is its own fixed point, so the loader's redirect cannot loop", () => {
    for (const query of ["boja=3,1&page=2", "debljina_max=1&view=onepage", "rekonstrukcija=no&limit=24&x=%2C"]) {
      const once = canonical(query);
      expect(canonical(once.slice(1))).toBe(once);
    }
  });
});

describe("searchProducts without a query (spec §5)", () => {
  let searchProducts: typeof ProductList.searchProducts;
  // Loaded once, with time for a cold import on a busy machine (the catalogue's server code is large).
  beforeAll(async () => {
    ({ searchProducts } = await import("~/modules/catalog/product-list.server"));
  }, 60_000);

  beforeEach(() => {
    getDb.mockClear();
  });

  it("returns an empty result without touching the database", async () => {
    for (const query of [{}, { filters: { archived: false } }, { keywords: "  " }, { sort: 4 }, { featured: true }]) {
      expect(await searchProducts(query, "hr")).toEqual({ records: [], totalRecords: 0, totalPages: 0, page: 1, perPage: 10 });
    }
    expect(getDb).not.toHaveBeenCalled();
  });

  it("asks the database as soon as the query names anything", async () => {
    for (const query of [
      { limit: 5 },
      { page: 2 },
      { keywords: "panel" },
      { mainCategory: 1 },
      { select: ["name"] },
      { filters: { 1: [3] } },
    ]) {
      await expect(searchProducts(query, "hr")).rejects.toThrow("the database must not be touched");
    }
    expect(getDb).toHaveBeenCalled();
  });
});
