// Both databases: sorting by name follows the database's collation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { layeredNavigation } from "~/modules/catalog/layered-navigation.server";
import { searchProducts, type ProductQuery } from "~/modules/catalog/product-list.server";
import { bootShop, type Shop } from "../setup/shop";
import { attribute, categoryId, expectedOrder, productsIn, withAnswer, withNumberBetween, withValues } from "./shop-fixtures";

let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

const ids = (list: { records: { id: number }[] }) => list.records.map((r) => r.id);

describe("searchProducts: sort options (spec §9)", () => {
  // Gutters and drainage has no sortTypes: all eight options apply. It has sub-categories,
  // equal prices (24,90) and equal priorities, so the tiebreak shows too.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("orders a category by option %i, ties by id", async (sort) => {
    const id = await categoryId(db, "oluci-i-odvodnja");
    const rows = await productsIn(db, "oluci-i-odvodnja");
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const list = await searchProducts({ categoryId: id, mainCategory: id, sort, limit: 50, page: 1 }, "hr");
    expect(ids(list)).toEqual(expectedOrder(rows, sort));
    expect(list.totalRecords).toBe(rows.length);
  });

  it("sorts by the name in the visitor's language, falling back to Croatian", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const en = await searchProducts({ categoryId: id, sort: 5, limit: 50 }, "en");
    const names = en.records.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(en.records.map((r) => r.name)).toContain("Aluminium tile-effect panel Tegola");
  });

  it("restricts the sort to the category's sortTypes and falls back to its default", async () => {
    // Trapezoidal sheets offer 3,4,5,6 and default to 3 (cheapest first).
    const id = await categoryId(db, "trapezni-limovi");
    const rows = await productsIn(db, "trapezni-limovi");
    for (const asked of [1, 2, 7, 8, 99, undefined]) {
      const list = await searchProducts({ categoryId: id, sort: asked, limit: 50 }, "hr");
      expect(ids(list), `sort ${asked}`).toEqual(expectedOrder(rows, 3));
    }
    expect(ids(await searchProducts({ categoryId: id, sort: 6, limit: 50 }, "hr"))).toEqual(expectedOrder(rows, 6));
    // Tools default to 4 (most expensive first).
    const tools = await categoryId(db, "alati");
    expect(ids(await searchProducts({ categoryId: tools, limit: 50 }, "hr"))).toEqual(expectedOrder(await productsIn(db, "alati"), 4));
  });
});

describe("searchProducts: what is listed (spec §5)", () => {
  it("never lists archived products or hidden variants", async () => {
    const all = await searchProducts({ limit: 480, page: 1 }, "hr");
    const skus = all.records.map((r) => r.sku);
    expect(skus).not.toContain("AK-PNL-KLASIK-OLD");
    expect(skus.filter((sku) => /^AK-PNL-TEG-\d/.test(sku))).toEqual([]);
    expect(skus).toContain("AK-PNL-TEG");
    expect(all.totalRecords).toBe(skus.length);
  });

  it("lists a category's sub-categories' products in the parent", async () => {
    const parent = await searchProducts({ categoryId: await categoryId(db, "oluci-i-odvodnja"), limit: 50 }, "hr");
    const gutters = await searchProducts({ categoryId: await categoryId(db, "oluci"), limit: 50 }, "hr");
    const pipes = await searchProducts({ categoryId: await categoryId(db, "odvodne-cijevi"), limit: 50 }, "hr");
    expect(new Set(ids(parent))).toEqual(new Set([...ids(gutters), ...ids(pipes)]));
  });

  it("filters by value ids (any of them within an attribute, all attributes together)", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const boja = await attribute(db, "boja");
    const materijal = await attribute(db, "materijal");
    const chosen = [boja.valueId("ral-7016"), boja.valueId("ral-3009")];
    const rows = await productsIn(db, "krovni-paneli");
    const coloured = await withValues(db, boja.id, chosen);
    const list = await searchProducts({ categoryId: id, filters: { [boja.id]: chosen }, limit: 50 }, "hr");
    const expected = rows.filter((r) => coloured.has(r.id)).map((r) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids(list))).toEqual(new Set(expected));

    const aluminium = await withValues(db, materijal.id, [materijal.valueId("aluminij")]);
    const both = await searchProducts(
      { categoryId: id, filters: { [boja.id]: chosen, [materijal.id]: [materijal.valueId("aluminij")] }, limit: 50 },
      "hr",
    );
    expect(new Set(ids(both))).toEqual(new Set(expected.filter((p) => aluminium.has(p))));
  });

  it("filters yes/no", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const attr = await attribute(db, "rekonstrukcija");
    const yes = await searchProducts({ categoryId: id, filters: { [attr.id]: true }, limit: 50 }, "hr");
    const no = await searchProducts({ categoryId: id, filters: { [attr.id]: false }, limit: 50 }, "hr");
    expect(yes.records.map((r) => r.sku)).toContain("AK-PNL-TEG");
    expect(no.records.map((r) => r.sku)).toEqual(["AK-PNL-SND-40"]);
  });

  it("applies a number range only when both ends are set", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const debljina = await attribute(db, "debljina");
    const all = await searchProducts({ categoryId: id, limit: 50 }, "hr");
    const halfOpen = await searchProducts({ categoryId: id, filters: { [debljina.id]: { min: 0.6, max: null } }, limit: 50 }, "hr");
    expect(halfOpen.totalRecords).toBe(all.totalRecords);
    const rows = await productsIn(db, "krovni-paneli");
    for (const [min, max] of [
      [0.6, 0.6],
      [0.65, 0.75],
      [0.5, 1],
    ]) {
      const inside = await withNumberBetween(db, debljina.id, min, max);
      const range = await searchProducts({ categoryId: id, filters: { [debljina.id]: { min, max } }, limit: 50 }, "hr");
      expect(new Set(ids(range)), `${min}-${max}`).toEqual(new Set(rows.filter((r) => inside.has(r.id)).map((r) => r.id)));
      expect(range.totalRecords).toBeLessThan(all.totalRecords);
    }
    // The configurable panel carries its variants' 0,5 and 0,7 mm: it matches 0,7.
    const seven = await searchProducts({ categoryId: id, filters: { [debljina.id]: { min: 0.65, max: 0.75 } }, limit: 50 }, "hr");
    expect(seven.records.map((r) => r.sku)).toContain("AK-PNL-TEG");
  });

  it("filters a date range and the discount and featured flags", async () => {
    const date = await attribute(db, "dostupno_od");
    const dated = await searchProducts({ filters: { [date.id]: { min: "2026-12-01", max: "2026-12-31" } }, limit: 50 }, "hr");
    expect(dated.records.map((r) => r.sku)).toContain("AK-PNL-KLK-7016");
    const discounted = await searchProducts({ discount: true, limit: 480 }, "hr");
    expect(discounted.records.length).toBeGreaterThan(0);
    expect(discounted.records.every((r) => r.finalPriceCents < r.retailPriceCents)).toBe(true);
    const featured = await searchProducts({ featured: true, limit: 50 }, "hr");
    expect(featured.records.map((r) => r.sku)).toContain("AK-PNL-SND-40");
    expect(featured.records.map((r) => r.sku)).not.toContain("AK-PNL-KLK-7016"); // tagged Novo only
  });

  it("ignores unknown attributes and values of the wrong shape instead of failing", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const boja = await attribute(db, "boja");
    const all = await searchProducts({ categoryId: id, limit: 50 }, "hr");
    const odd = await searchProducts(
      { categoryId: id, filters: { 99999: [1], [boja.id]: { min: 1, max: 2 }, archived: true }, limit: 50 },
      "hr",
    );
    expect(odd.totalRecords).toBe(all.totalRecords);
  });

  it("finds products by keywords in the name, without case or diacritics", async () => {
    const found = await searchProducts({ keywords: "SINDRA rustika" }, "hr");
    expect(found.records.map((r) => r.sku)).toEqual(["AK-PNL-SNG-8017"]);
    expect(found.perPage).toBe(10); // spec §9 default limit
  });

  it("returns an empty result for an empty query (spec §5)", async () => {
    const queries: ProductQuery[] = [
      {},
      { filters: { archived: false } },
      { filters: {} },
      { keywords: "   " },
      { sort: 3 },
      { featured: true },
    ];
    for (const query of queries) {
      expect(await searchProducts(query, "hr")).toEqual({ records: [], totalRecords: 0, totalPages: 0, page: 1, perPage: 10 });
    }
  });

  it("shows the last page for a page past the end", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const list = await searchProducts({ categoryId: id, limit: 3, page: 99 }, "hr");
    expect(list.totalPages).toBe(Math.ceil(list.totalRecords / 3));
    expect(list.page).toBe(list.totalPages);
    expect(list.records.length).toBe(list.totalRecords - 3 * (list.totalPages - 1));
  });
});

describe("layered navigation (spec §3 Layered filter)", () => {
  it("lists the filterable attributes of a category with value counts", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const rows = await productsIn(db, "krovni-paneli");
    const boja = await attribute(db, "boja");
    const filters = await layeredNavigation({ categoryId: id }, "hr");
    expect(filters.map((f) => f.attributeCode)).toEqual(["boja", "materijal", "debljina", "premaz", "rekonstrukcija", "dostupno_od"]);
    const colours = filters.find((f) => f.attributeCode === "boja")!;
    expect(colours.type).toBe("visualSwatch");
    expect(colours.label).toBe("Boja");
    for (const value of colours.values) {
      const having = await withValues(db, boja.id, [Number(value.key)]);
      expect(value.totalProducts, value.valueLabel).toBe(rows.filter((r) => having.has(r.id)).length);
      expect(value.swatch).toMatch(/^#[0-9A-F]{6}$/i);
    }
    const thickness = filters.find((f) => f.attributeCode === "debljina")!;
    expect(thickness.values).toEqual([expect.objectContaining({ key: "range", minValue: 0.5, maxValue: 0.7 })]);
    // Shown in the locale's notation (as a reader of that language writes them): "0,5" in Croatian and German, "0.5" in English.
    expect(thickness.values[0]).toMatchObject({ minLabel: "0,5", maxLabel: "0,7" });
    const thicknessIn = async (locale: "en" | "de") =>
      (await layeredNavigation({ categoryId: id }, locale)).find((f) => f.attributeCode === "debljina")!.values[0];
    expect(await thicknessIn("en")).toMatchObject({ minLabel: "0.5", maxLabel: "0.7" });
    expect(await thicknessIn("de")).toMatchObject({ minLabel: "0,5", maxLabel: "0,7" });
    const renovation = filters.find((f) => f.attributeCode === "rekonstrukcija")!;
    expect(renovation.values.map((v) => [v.key, v.totalProducts])).toEqual([
      ["yes", 4],
      ["no", 1],
    ]);
    expect((await layeredNavigation({ categoryId: id }, "en")).find((f) => f.attributeCode === "boja")!.label).toBe("Colour");
  });

  it("counts each value among the products matching the other active filters", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const boja = await attribute(db, "boja");
    const materijal = await attribute(db, "materijal");
    const rekonstrukcija = await attribute(db, "rekonstrukcija");
    const filters = await layeredNavigation(
      { categoryId: id, filters: { [boja.id]: [boja.valueId("ral-7016")], [rekonstrukcija.id]: true } },
      "hr",
    );
    const rows = await productsIn(db, "krovni-paneli");
    const yes = await withAnswer(db, rekonstrukcija.id, true);
    const renovating = rows.filter((r) => yes.has(r.id));
    // Colour counts ignore the colour filter but respect yes/no.
    for (const value of filters.find((f) => f.attributeCode === "boja")!.values) {
      const having = await withValues(db, boja.id, [Number(value.key)]);
      expect(value.totalProducts, value.valueLabel).toBe(renovating.filter((r) => having.has(r.id)).length);
    }
    // Material counts respect both.
    const anthracite = await withValues(db, boja.id, [boja.valueId("ral-7016")]);
    const aluminium = await withValues(db, materijal.id, [materijal.valueId("aluminij")]);
    const material = filters.find((f) => f.attributeCode === "materijal")!;
    expect(material.values.find((v) => v.key === String(materijal.valueId("aluminij")))!.totalProducts).toBe(
      renovating.filter((r) => anthracite.has(r.id) && aluminium.has(r.id)).length,
    );
    expect(rows.length).toBeGreaterThan(renovating.length);
  });
});
