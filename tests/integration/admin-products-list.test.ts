// Both databases: the low-stock filter and the list's search in SQL.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, categoryTranslations, productCategories, productTags, productTranslations, products, tags } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * The backoffice product list (decision 0047): search by name or SKU, the filters (low
 * stock being exactly the dashboard's figure), the CSV and the bulk actions, for the
 * editor scope (bulk price changes: admin-product-prices.test.ts).
 */
let shop: Shop;
let admin: Visitor;

beforeAll(async () => {
  shop = await bootShop();
  admin = await loginAsAdmin(new Visitor(shop));
}, 60_000);
afterAll(() => shop?.close());

const idsOf = (html: string) => [...html.matchAll(/href="\/admin\/products\/(\d+)"/g)].map((m) => Number(m[1]));

async function simpleProducts(n: number) {
  const db = await shop.db();
  return db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(isNull(products.parentId), eq(products.format, "simple"), eq(products.archived, false)))
    .orderBy(products.id)
    .limit(n);
}

describe("/admin/products", () => {
  it("lists products (not variants) with name, SKU and links to the editor, and a link to a new product", async () => {
    const { response, html } = await admin.page("/admin/products?perPage=100");
    expect(response.status).toBe(200);
    expect(html).toContain('href="/admin/products/new"');
    const db = await shop.db();
    const variants = await db.select({ id: products.id }).from(products).where(eq(products.parentId, products.parentId));
    const shown = new Set(idsOf(html));
    expect(shown.size).toBeGreaterThan(0);
    for (const v of variants) expect(shown.has(v.id)).toBe(false);
  });

  it("searches by SKU and by a name in any language", async () => {
    const db = await shop.db();
    const [p] = await simpleProducts(1);
    const [en] = await db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, p.id), eq(productTranslations.languageCode, "eng")));
    expect(idsOf((await admin.page(`/admin/products?q=${encodeURIComponent(p.sku)}`)).html)).toContain(p.id);
    await db
      .update(productTranslations)
      .set({ name: "Zzqx Unikatni Naziv" })
      .where(and(eq(productTranslations.productId, p.id), eq(productTranslations.languageCode, "eng")));
    expect(idsOf((await admin.page("/admin/products?q=unikatni%20naziv")).html)).toEqual([p.id]);
    if (en)
      await db
        .update(productTranslations)
        .set({ name: en.name })
        .where(and(eq(productTranslations.productId, p.id), eq(productTranslations.languageCode, "eng")));
  });

  it("filters low stock exactly as the dashboard counts it, and by format, tag, category (with subcategories) and visibility", async () => {
    const db = await shop.db();
    const ids = (await simpleProducts(4)).map((p) => p.id);
    await db.update(products).set({ stock: null });
    await db.update(products).set({ stock: 5 }).where(eq(products.id, ids[0]));
    await db.update(products).set({ stock: 0 }).where(eq(products.id, ids[1]));
    await db.update(products).set({ stock: 6 }).where(eq(products.id, ids[2]));
    await db.update(products).set({ stock: 1, madeToOrder: true }).where(eq(products.id, ids[3]));
    // A variant running low makes its configurable product a low-stock row (once).
    const [variant] = await db
      .select({ id: products.id, parentId: products.parentId })
      .from(products)
      .where(and(eq(products.archived, false)))
      .then((rows) => rows.filter((r) => r.parentId !== null));
    if (variant) await db.update(products).set({ stock: 2, madeToOrder: false }).where(eq(products.id, variant.id));
    const low = idsOf((await admin.page("/admin/products?stock=low&perPage=100")).html).sort();
    expect(low).toEqual([ids[0], ids[1], ...(variant ? [variant.parentId!] : [])].sort());
    const dashboard = (await admin.page("/admin")).html;
    const figure = /data-testid="figure-low-stock"[\s\S]*?>(\d+)</.exec(dashboard);
    expect(dashboard).toContain('href="/admin/products?stock=low"');
    expect(figure?.[1]).toBe(String(low.length));
    expect(idsOf((await admin.page("/admin/products?stock=untracked&perPage=100")).html)).not.toContain(ids[0]);
    expect(idsOf((await admin.page("/admin/products?stock=madeToOrder&perPage=100")).html)).toContain(ids[3]);

    for (const id of idsOf((await admin.page("/admin/products?format=configurable&perPage=100")).html)) {
      const [row] = await db.select({ format: products.format }).from(products).where(eq(products.id, id));
      expect(row.format).toBe("configurable");
    }
    const [tag] = await db.select().from(tags).limit(1);
    const tagged = (await db.select({ id: productTags.productId }).from(productTags).where(eq(productTags.tagId, tag.id))).map((r) => r.id);
    const taggedRows = idsOf((await admin.page(`/admin/products?tag=${tag.id}&perPage=100`)).html);
    expect(taggedRows.length).toBeGreaterThan(0);
    for (const id of taggedRows) expect(tagged).toContain(id);

    // A parent category lists the products of its subcategories (the seed has gutters under "oluci-i-odvodnja").
    const members = await db
      .select({ categoryId: productCategories.categoryId, productId: productCategories.productId, parentId: categories.parentId })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .innerJoin(products, and(eq(products.id, productCategories.productId), isNull(products.parentId)));
    // The seed also files them under the parent: take one out of the parent, so only the subcategory holds it.
    const child = members.find((m) => m.parentId !== null)!;
    const [direct] = await db
      .delete(productCategories)
      .where(and(eq(productCategories.productId, child.productId), eq(productCategories.categoryId, child.parentId!)))
      .returning();
    expect(idsOf((await admin.page(`/admin/products?category=${child.parentId}&perPage=100`)).html)).toContain(child.productId);
    expect(idsOf((await admin.page(`/admin/products?category=${child.categoryId}&perPage=100`)).html)).toContain(child.productId);
    if (direct) await db.insert(productCategories).values(direct);
    await db.update(products).set({ isVisibleIndividually: false }).where(eq(products.id, ids[2]));
    const hidden = idsOf((await admin.page("/admin/products?visibility=hidden&perPage=100")).html);
    expect(hidden).toContain(ids[2]);
    expect(idsOf((await admin.page("/admin/products?visibility=visible&perPage=100")).html)).not.toContain(ids[2]);
    await db.update(products).set({ isVisibleIndividually: true }).where(eq(products.id, ids[2]));
  });

  it("sorts by price and by SKU", async () => {
    const db = await shop.db();
    const byPrice = idsOf((await admin.page("/admin/products?sort=price&dir=asc&perPage=100")).html);
    const prices = await db.select({ id: products.id, price: products.priceCents }).from(products).where(inArray(products.id, byPrice));
    const ordered = byPrice.map((id) => prices.find((p) => p.id === id)!.price);
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
    const bySku = idsOf((await admin.page("/admin/products?sort=sku&dir=desc&perPage=25")).html);
    const skus = await db.select({ id: products.id }).from(products).where(isNull(products.parentId)).orderBy(asc(products.sku));
    expect(bySku).toEqual(
      skus
        .map((p) => p.id)
        .reverse()
        .slice(0, 25),
    );
  });

  it("refuses a query no control produces with a 400", async () => {
    for (const query of ["sort=password", "stock=plenty", "format=box", "category=x"])
      expect((await admin.get(`/admin/products?${query}`)).status, query).toBe(400);
  });

  it("exports the filtered list in the import's columns", async () => {
    const [p] = await simpleProducts(1);
    const response = await admin.get(`/admin/products.csv?q=${encodeURIComponent(p.sku)}`);
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const [header, ...lines] = text.trimEnd().split("\r\n");
    expect(header.startsWith("sku;parent_sku;format;visible;name_hr;slug_hr;short_description_hr;description_hr;name_en;")).toBe(true);
    expect(
      header.endsWith(";retail_price;sale_price;membership_price;vat_rate;stock;stock_exported;shipping_weight_g;categories;tags"),
    ).toBe(true);
    expect(lines.some((line) => line.startsWith(`${p.sku};;simple;`))).toBe(true);
  });
});

describe("bulk actions", () => {
  it("hides, publishes, adds to a category and tags the ticked products", async () => {
    const db = await shop.db();
    const two = (await simpleProducts(3)).slice(1).map((p) => p.id);
    await admin.post("/admin/products", { intent: "hide", ids: two.map(String) });
    expect((await db.select().from(products).where(inArray(products.id, two))).every((p) => !p.isVisibleIndividually)).toBe(true);
    await admin.post("/admin/products", { intent: "publish", ids: two.map(String) });
    expect((await db.select().from(products).where(inArray(products.id, two))).every((p) => p.isVisibleIndividually)).toBe(true);
    const [category] = await db
      .select({ id: categoryTranslations.categoryId })
      .from(categoryTranslations)
      .where(eq(categoryTranslations.languageCode, "hrv"))
      .orderBy(categoryTranslations.categoryId)
      .limit(1);
    await admin.post("/admin/products", { intent: "addCategory", category: String(category.id), ids: two.map(String) });
    expect(
      await db
        .select()
        .from(productCategories)
        .where(and(eq(productCategories.categoryId, category.id), inArray(productCategories.productId, two))),
    ).toHaveLength(2);
    const [tag] = await db.select().from(tags).limit(1);
    await admin.post("/admin/products", { intent: "addTag", tag: String(tag.id), ids: two.map(String) });
    expect(
      await db
        .select()
        .from(productTags)
        .where(and(eq(productTags.tagId, tag.id), inArray(productTags.productId, two))),
    ).toHaveLength(2);
  });

  it("is open to the editor scope and closed to sales", async () => {
    const editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
    expect((await editor.get("/admin/products")).status).toBe(200);
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    expect((await sales.get("/admin/products")).status).toBe(403);
    const [p] = await simpleProducts(1);
    const [before] = await (await shop.db()).select().from(products).where(eq(products.id, p.id));
    expect((await sales.post("/admin/products", { intent: "hide", ids: [String(p.id)] })).status).toBe(403);
    const [after] = await (await shop.db()).select().from(products).where(eq(products.id, p.id));
    expect(after.version).toBe(before.version);
  });
});
