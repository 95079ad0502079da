// Both databases: the demo seed as each database stores it (numerics, dates, media rows).
import { existsSync, statSync } from "node:fs";
import { and, count, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import * as s from "~/.server/db/schema";
import { seed } from "~/.server/db/seed/index.server";
import { mediaFile } from "~/.server/media/media-root.server";
import { SLUG_PATTERN } from "~/lib/slug";
import { bootShop, type Shop } from "../setup/shop";

let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

const visible = and(eq(s.products.archived, false), eq(s.products.isVisibleIndividually, true));

async function productsTagged(name: string) {
  return db
    .select({ sku: s.products.sku })
    .from(s.productTags)
    .innerJoin(s.tags, eq(s.tags.id, s.productTags.tagId))
    .innerJoin(s.products, eq(s.products.id, s.productTags.productId))
    .where(eq(s.tags.name, name));
}

describe("demo catalogue seed", () => {
  it("seeds at least 40 shoppable products in at least 5 categories", async () => {
    const [{ n }] = await db.select({ n: count() }).from(s.products).where(visible);
    expect(n).toBeGreaterThanOrEqual(40);
    const withProducts = await db
      .selectDistinct({ id: s.productCategories.categoryId })
      .from(s.productCategories)
      .innerJoin(s.products, eq(s.products.id, s.productCategories.productId))
      .where(visible);
    expect(withProducts.length).toBeGreaterThanOrEqual(5);
  });

  it("tags exactly 2 products 'Hero' and at least 3 'Top proizvodi'", async () => {
    expect(await productsTagged("Hero")).toHaveLength(2);
    expect((await productsTagged("Top proizvodi")).length).toBeGreaterThanOrEqual(3);
  });

  it("has a configurable product with at least 4 hidden variants, exactly one default, configured by colour and thickness", async () => {
    const [parent] = await db.select().from(s.products).where(eq(s.products.format, "configurable"));
    const variants = await db.select().from(s.products).where(eq(s.products.parentId, parent.id));
    expect(variants.length).toBeGreaterThanOrEqual(4);
    expect(variants.filter((v) => v.isDefaultVariant)).toHaveLength(1);
    expect(variants.every((v) => !v.isVisibleIndividually)).toBe(true);
    const configured = await db
      .select({ code: s.attributes.code })
      .from(s.productConfigurableAttributes)
      .innerJoin(s.attributes, eq(s.attributes.id, s.productConfigurableAttributes.attributeId))
      .where(eq(s.productConfigurableAttributes.productId, parent.id))
      .orderBy(s.productConfigurableAttributes.position);
    expect(configured.map((c) => c.code)).toEqual(["boja", "debljina"]);
    // Every variant has one value of each configured attribute, and no two variants share both.
    const rows = await db
      .select({ productId: s.productAttributeValues.productId, valueId: s.productAttributeValues.valueId })
      .from(s.productAttributeValues)
      .innerJoin(s.productConfigurableAttributes, eq(s.productConfigurableAttributes.attributeId, s.productAttributeValues.attributeId))
      .where(
        and(
          eq(s.productConfigurableAttributes.productId, parent.id),
          sql`${s.productAttributeValues.productId} in (select id from products where parent_id = ${parent.id})`,
        ),
      );
    const combos = variants.map((v) =>
      rows
        .filter((r) => r.productId === v.id)
        .map((r) => r.valueId)
        .sort()
        .join("-"),
    );
    expect(combos.every((c) => c.split("-").length === 2)).toBe(true);
    expect(new Set(combos).size).toBe(variants.length);
  });

  it("has a bundle whose members include the configurable product", async () => {
    const members = await db
      .select({ bundle: s.bundleItems.bundleId, format: s.products.format, quantity: s.bundleItems.quantity })
      .from(s.bundleItems)
      .innerJoin(s.products, eq(s.products.id, s.bundleItems.productId));
    expect(members.length).toBeGreaterThanOrEqual(2);
    expect(members.some((m) => m.format === "configurable")).toBe(true);
    expect(members.some((m) => m.format === "simple")).toBe(true);
    const [bundle] = await db.select().from(s.products).where(eq(s.products.id, members[0].bundle));
    expect(bundle.format).toBe("bundle");
  });

  it("has an e-product delivered by link and a service", async () => {
    const [eProduct] = await db.select().from(s.products).where(eq(s.products.format, "e-product"));
    expect(eProduct.eProductUrl).toMatch(/^https:\/\/.+\.pdf$/);
    const services = await db.select().from(s.products).where(eq(s.products.type, "service"));
    expect(services.length).toBeGreaterThanOrEqual(1);
  });

  it("offers the custom length option of 270 to 15000 mm", async () => {
    const options = await db.select().from(s.productCustomOptions);
    expect(options).toContainEqual(
      expect.objectContaining({ optionType: "number", code: "duljina", minValue: 270, maxValue: 15000, unit: "mm", required: true }),
    );
  });

  it("has discounted, membership-priced, archived and out-of-stock products with VAT at 25 %", async () => {
    const discounted = await db
      .select()
      .from(s.products)
      .where(and(visible, lt(s.products.priceCents, s.products.retailPriceCents)));
    expect(discounted.length).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(s.products).where(isNotNull(s.products.membershipPriceCents))).length).toBeGreaterThanOrEqual(3);
    expect((await db.select().from(s.products).where(eq(s.products.archived, true))).length).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(s.products).where(eq(s.products.stock, 0))).length).toBeGreaterThanOrEqual(1);
    const rates = await db.selectDistinct({ bp: s.products.taxRateBp }).from(s.products);
    expect(rates).toEqual([{ bp: 2500 }]);
    const prices = await db.select({ p: s.products.priceCents }).from(s.products).where(visible);
    const inRange = prices.filter(({ p }) => p >= 500 && p <= 20000).length;
    expect(inRange / prices.length).toBeGreaterThan(0.8);
  });

  it("translates every product and category with valid slugs, unique per language, some in English and German", async () => {
    const [{ n: productCount }] = await db.select({ n: count() }).from(s.products);
    const translations = await db.select().from(s.productTranslations);
    expect(translations.filter((t) => t.languageCode === "hrv")).toHaveLength(productCount);
    for (const t of translations) {
      expect(t.slug, t.name).toMatch(SLUG_PATTERN);
      expect(t.slug.length).toBeGreaterThanOrEqual(4);
    }
    const keys = translations.map((t) => `${t.languageCode}/${t.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(translations.filter((t) => t.languageCode === "eng").length).toBeGreaterThanOrEqual(5);
    expect(translations.filter((t) => t.languageCode === "ger").length).toBeGreaterThanOrEqual(5);
    const hr = translations.find((t) => t.slug === "aluminijski-panel-crijep-tegola")!;
    expect(translations.find((t) => t.productId === hr.productId && t.languageCode === "eng")?.slug).toBe(
      "aluminium-tile-effect-panel-tegola",
    );
    expect(hr.description).toContain("<ul>");
    const categoryTranslations = await db.select().from(s.categoryTranslations);
    const [{ n: categoryCount }] = await db.select({ n: count() }).from(s.categories);
    expect(categoryTranslations).toHaveLength(categoryCount * 3);
  });

  it("gives categories valid sort options, some restricted, and a parent listing its children's products", async () => {
    const categories = await db.select().from(s.categories);
    for (const c of categories) {
      expect(c.sortTypes.every((id) => id >= 1 && id <= 8)).toBe(true);
      if (c.sortTypes.length) expect(c.sortTypes).toContain(c.sortDefaultType);
    }
    expect(categories.some((c) => c.sortTypes.length > 0)).toBe(true);
    const child = categories.find((c) => c.parentId !== null)!;
    const listed = (id: number) =>
      db.select({ id: s.productCategories.productId }).from(s.productCategories).where(eq(s.productCategories.categoryId, id));
    const parentProducts = new Set((await listed(child.parentId!)).map((r) => r.id));
    const childProducts = await listed(child.id);
    expect(childProducts.length).toBeGreaterThan(0);
    expect(childProducts.every((r) => parentProducts.has(r.id))).toBe(true);
  });

  it("has attributes of every layered-filter kind that a filter query can use", async () => {
    const attributes = await db.select().from(s.attributes);
    expect(new Set(attributes.map((a) => a.type))).toEqual(
      new Set(["visualSwatch", "dropdown", "numberField", "multipleSelect", "yesNo", "date"]),
    );
    const swatches = await db
      .select({ swatch: s.attributeValues.swatch })
      .from(s.attributeValues)
      .innerJoin(s.attributes, eq(s.attributes.id, s.attributeValues.attributeId))
      .where(eq(s.attributes.code, "boja"));
    expect(swatches.every((v) => /^#[0-9A-F]{6}$/i.test(v.swatch ?? ""))).toBe(true);
    const anthracite = await db
      .selectDistinct({ id: s.productAttributeValues.productId })
      .from(s.productAttributeValues)
      .innerJoin(s.attributeValues, eq(s.attributeValues.id, s.productAttributeValues.valueId))
      .where(eq(s.attributeValues.value, "ral-7016"));
    expect(anthracite.length).toBeGreaterThanOrEqual(5);
    const thin = await db
      .selectDistinct({ id: s.productAttributeValues.productId })
      .from(s.productAttributeValues)
      .innerJoin(s.attributes, eq(s.attributes.id, s.productAttributeValues.attributeId))
      .where(and(eq(s.attributes.code, "debljina"), sql`${s.productAttributeValues.numberValue} between 0.5 and 0.6`));
    expect(thin.length).toBeGreaterThanOrEqual(5);
    const dated = await db.select().from(s.productAttributeValues).where(isNotNull(s.productAttributeValues.dateValue));
    expect(dated.length).toBeGreaterThanOrEqual(2);
    const yesNo = await db.select().from(s.productAttributeValues).where(isNotNull(s.productAttributeValues.boolValue));
    expect(yesNo.some((r) => r.boolValue) && yesNo.some((r) => !r.boolValue)).toBe(true);
  });

  it("gives every product a default image whose SVG original exists", async () => {
    const missing = await db
      .select({ sku: s.products.sku })
      .from(s.products)
      .leftJoin(s.productMedia, and(eq(s.productMedia.productId, s.products.id), eq(s.productMedia.isDefault, true)))
      .where(isNull(s.productMedia.mediaId));
    expect(missing).toEqual([]);
    const rows = await db.select().from(s.media).innerJoin(s.productMedia, eq(s.productMedia.mediaId, s.media.id));
    for (const { media } of rows) {
      const file = mediaFile(media.path);
      expect(existsSync(file), media.path).toBe(true);
      expect(statSync(file).size).toBe(media.size);
      expect(media.path).toBe(`originals/${media.driveId}.svg`);
    }
    // The originals are real images that sharp (the sized variants' renderer) can read.
    const meta = await sharp(mediaFile(rows[0].media.path)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["svg", rows[0].media.width, rows[0].media.height]);
  });

  it("is idempotent: seeding again changes no counts", async () => {
    const tables = [
      s.products,
      s.productTranslations,
      s.categories,
      s.categoryTranslations,
      s.productCategories,
      s.tags,
      s.productTags,
      s.attributes,
      s.attributeValues,
      s.productAttributeValues,
      s.productConfigurableAttributes,
      s.bundleItems,
      s.productCustomOptions,
      s.productCrossSells,
      s.media,
      s.productMedia,
    ];
    const counts = () => Promise.all(tables.map(async (t) => (await db.select({ n: count() }).from(t))[0].n));
    const before = await counts();
    expect(before.every((n) => n > 0)).toBe(true);
    await seed(db, { demo: true, again: true }); // run every step again, not only new ones
    expect(await counts()).toEqual(before);
  });
});
