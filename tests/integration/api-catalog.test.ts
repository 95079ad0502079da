import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { products } from "~/.server/db/schema";
import type { ShopApiClient } from "../setup/api-client";
import { apiClient, documentedMismatch, dataOf as ok } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";
import { categoryId, expectedOrder, productsIn } from "./shop-fixtures";

/**
 * Spec §7 Product over the headless API (decision 0060): the same services as the
 * shop's category and product pages, only listable products, the language of X-Language-Code.
 */
let shop: Shop;
let db: Database;
let hr: ShopApiClient;
let en: ShopApiClient;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  hr = await apiClient(shop);
  en = await apiClient(shop, { language: "en" });
});
afterAll(() => shop.close());

describe("POST product/web/filter", () => {
  it("answers an empty result for a query with nothing in it (spec §5), and only archived", async () => {
    for (const body of [{}, { filters: { archived: true } }, { keywords: "  " }]) {
      const data = ok(await hr.call("product.web.filter", { body }));
      expect(data.records).toEqual([]);
      expect(data.totalRecords).toBe(0);
      expect(await documentedMismatch(shop, "v1.product.web.filter", 200, { data })).toEqual([]);
    }
  });

  it("lists a category in its sort order, limited to its sortTypes, with the default limit 10", async () => {
    const id = await categoryId(db, "trapezni-limovi");
    const rows = await productsIn(db, "trapezni-limovi");
    const asked = ok(await hr.call("product.web.filter", { body: { mainCategory: id, sort: 6, limit: 50 } }));
    expect(asked.records.map((r) => r.id)).toEqual(expectedOrder(rows, 6));
    // 1 is not among the category's sortTypes (3,4,5,6): its default 3 applies.
    const refused = ok(await hr.call("product.web.filter", { body: { mainCategory: id, sort: 1, limit: 50 } }));
    expect(refused.records.map((r) => r.id)).toEqual(expectedOrder(rows, 3));
    const paged = ok(await hr.call("product.web.filter", { body: { page: 1 } }));
    expect(paged.perPage).toBe(10);
    expect(paged.records.length).toBeLessThanOrEqual(10);
    expect(await documentedMismatch(shop, "v1.product.web.filter", 200, { data: asked })).toEqual([]);
  });

  it("never lists archived or hidden products", async () => {
    const all = ok(await hr.call("product.web.filter", { body: { limit: 480, allowUnlimited: true } }));
    const skus = all.records.map((r) => r.sku);
    expect(skus).not.toContain("AK-PNL-KLASIK-OLD");
    expect(skus.filter((sku) => /^AK-PNL-TEG-\d/.test(sku))).toEqual([]);
    expect(skus).toContain("AK-PNL-TEG");
  });

  it("names products in the caller's language", async () => {
    const data = ok(await en.call("product.web.filter", { body: { keywords: "Tegola", limit: 20 } }));
    expect(data.records.map((r) => r.name)).toContain("Aluminium tile-effect panel Tegola");
  });

  it("bounds the limit: over 100 only with allowUnlimited, never over 480; a bad sort is 400", async () => {
    const over = await hr.call("product.web.filter", { body: { limit: 101 } });
    expect(over).toMatchObject({ ok: false, status: 400 });
    expect((await hr.call("product.web.filter", { body: { limit: 481, allowUnlimited: true } })).status).toBe(400);
    expect((await hr.call("product.web.filter", { body: { sort: 9, page: 1 } })).status).toBe(400);
    if (!over.ok) expect(await documentedMismatch(shop, "v1.product.web.filter", 400, over.failure)).toEqual([]);
  });
});

describe("POST product/layered/navigation", () => {
  it("gives a category's facets with counts", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const data = ok(await hr.call("product.layered.navigation", { body: { categoryId: id, filters: {} } }));
    expect(data.filters.length).toBeGreaterThan(0);
    expect(data.filters.every((f) => f.values.every((v) => v.totalProducts >= 0))).toBe(true);
    expect(await documentedMismatch(shop, "v1.product.layered.navigation", 200, { data })).toEqual([]);
  });
});

describe("filters by attribute code or id (decision 0128)", () => {
  it("filters by an attribute's code as by its id, and refuses a key naming no attribute instead of ignoring it", async () => {
    const id = await categoryId(db, "krovni-paneli");
    const all = ok(await hr.call("product.web.filter", { body: { categoryId: id } })).totalRecords;
    const facets = ok(await hr.call("product.layered.navigation", { body: { categoryId: id } })).filters;
    // A value some of the category's products have and some have not: the filter must narrow the list.
    const [facet, choice] = facets
      .flatMap((f) => f.values.map((v) => [f, v] as const))
      .find(([, v]) => /^\d+$/.test(v.key) && v.totalProducts > 0 && v.totalProducts < all)!;
    const value = Number(choice.key);
    const byId = ok(await hr.call("product.web.filter", { body: { categoryId: id, filters: { [facet.attributeID]: [value] } } }));
    const byCode = ok(await hr.call("product.web.filter", { body: { categoryId: id, filters: { [facet.attributeCode]: [value] } } }));
    expect(byId.totalRecords).toBe(choice.totalProducts);
    expect(byCode.records.map((r) => r.id)).toEqual(byId.records.map((r) => r.id));

    const unknown = await hr.call("product.web.filter", { body: { categoryId: id, filters: { colour: [value] } } });
    expect(unknown).toMatchObject({ ok: false, status: 400 });
    if (!unknown.ok) {
      expect(unknown.failure.errors).toEqual([{ field: "body.filters.colour", message: expect.stringContaining("Unknown filter") }]);
      expect(await documentedMismatch(shop, "v1.product.web.filter", 400, unknown.failure)).toEqual([]);
    }
    const navigation = await hr.call("product.layered.navigation", { body: { categoryId: id, filters: { colour: [value] } } });
    expect(navigation).toMatchObject({ ok: false, status: 400 });
  });
});

describe("GET product/web/get", () => {
  const skuRow = async (sku: string) => (await db.select().from(products).where(eq(products.sku, sku)))[0];

  it("reads a product by id and by its English slug in English", async () => {
    const row = await skuRow("AK-PNL-TEG");
    const byId = ok(await en.call("product.web.get", { query: { id: String(row.id) } }));
    expect(byId.product.name).toBe("Aluminium tile-effect panel Tegola");
    const bySlug = ok(await en.call("product.web.get", { query: { slug: byId.product.slug } }));
    expect(bySlug.product.id).toBe(row.id);
    expect(bySlug.redirectTo).toBeNull();
    expect(await documentedMismatch(shop, "v1.product.web.get", 200, { data: bySlug })).toEqual([]);
    expect(await documentedMismatch(shop, "v1.product.web.get", 200, { data: byId })).toEqual([]);
  });

  it("answers 404 for unknown, archived and hidden products and 400 without slug or id", async () => {
    const archived = await skuRow("AK-PNL-KLASIK-OLD");
    const [hidden] = await db
      .select()
      .from(products)
      .where(and(eq(products.isVisibleIndividually, false), eq(products.archived, false)))
      .limit(1);
    for (const query of [{ id: "999999" }, { slug: "nema-takvog-proizvoda" }, { id: String(archived.id) }, { id: String(hidden.id) }]) {
      const result = await hr.call("product.web.get", { query });
      expect(result, JSON.stringify(query)).toMatchObject({ ok: false, status: 404, failure: { message: "Product not found" } });
    }
    expect((await hr.call("product.web.get", { query: {} })).status).toBe(400);
    expect((await hr.call("product.web.get", { query: { id: "abc" } })).status).toBe(400);
  });
});

describe("product categories and tags", () => {
  it("reads a category in English with its sort options; an unknown id is 404", async () => {
    const id = await categoryId(db, "trapezni-limovi");
    const data = ok(await en.call("product.web.category.get", { params: { id: String(id) } }));
    expect(data.category).toMatchObject({
      name: "Trapezoidal sheets",
      slug: "trapezoidal-sheets",
      sortTypes: [3, 4, 5, 6],
      sortDefaultType: 3,
    });
    expect(await documentedMismatch(shop, "v1.product.web.category.get", 200, { data })).toEqual([]);
    expect((await hr.call("product.web.category.get", { params: { id: "999999" } })).status).toBe(404);
    expect((await hr.call("product.web.category.get", { params: { id: "x" } })).status).toBe(404);
  });

  it("gives the category tree, or a flat list by id", async () => {
    const tree = ok(await hr.call("product.web.category.filter", { body: { tree: true } }));
    expect(tree.categories.map((c) => c.slug)).toContain("krovni-paneli");
    expect(tree.categories.every((c) => c.parentId === null)).toBe(true);
    expect(await documentedMismatch(shop, "v1.product.web.category.filter", 200, { data: tree })).toEqual([]);
    // The tree is documented at any depth: a node's children are nodes (CategoryNode refers to itself).
    const [root] = tree.categories;
    const deep = { categories: [{ ...root, children: [{ ...root, id: 90001, children: [{ ...root, id: 90002, children: [] }] }] }] };
    expect(await documentedMismatch(shop, "v1.product.web.category.filter", 200, { data: deep })).toEqual([]);
    const broken = { categories: [{ ...root, children: [{ ...root, id: 90001, children: [{ id: "x" }] }] }] };
    expect(await documentedMismatch(shop, "v1.product.web.category.filter", 200, { data: broken })).not.toEqual([]);
    const flat = ok(await hr.call("product.web.category.filter", { body: { tree: false } }));
    const ids = flat.categories.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("lists the product tags", async () => {
    const data = ok(await hr.call("product.web.tag.filter", { body: {} }));
    expect(data.records.map((t) => t.name)).toContain("Top proizvodi");
    expect(await documentedMismatch(shop, "v1.product.web.tag.filter", 200, { data })).toEqual([]);
  });
});

describe("GET product/checkBundles", () => {
  it("tells a bundle's parts and a simple product's none; unknown is 404", async () => {
    const [bundle] = await db
      .select()
      .from(products)
      .where(and(eq(products.format, "bundle"), eq(products.archived, false), eq(products.isVisibleIndividually, true)))
      .limit(1);
    const data = ok(await hr.call("product.checkBundles", { query: { product: String(bundle.id) } }));
    expect(data.isBundle).toBe(true);
    expect(data.parts.length).toBeGreaterThan(0);
    expect(await documentedMismatch(shop, "v1.product.checkBundles", 200, { data })).toEqual([]);
    const simple = (await db.select().from(products).where(eq(products.sku, "AK-PNL-TEG")))[0];
    expect(ok(await hr.call("product.checkBundles", { query: { product: String(simple.id) } })).isBundle).toBe(false);
    expect((await hr.call("product.checkBundles", { query: { product: "999999" } })).status).toBe(404);
  });
});
