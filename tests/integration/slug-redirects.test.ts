import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { categoryTranslations, productTranslations, redirects } from "~/.server/db/schema";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { redirectChangedSlug } from "~/modules/redirects/slug-redirects.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";

/** Decision 0045: "a changed slug redirects from the old one" (products and categories, per language). */
let shop: Shop;
let db: Database;
let idOf: (sku: string) => Promise<number>;
let slugOf: (sku: string, language?: string) => Promise<string>;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  ({ idOf, slugOf } = catalogue(shop));
});
afterAll(() => shop.close());

async function renameProduct(id: number, language: string, locale: "hr" | "en" | "de", from: string, to: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(productTranslations)
      .set({ slug: to })
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, language)));
    await redirectChangedSlug(tx, "product", locale, from, to);
  });
  await dataChanged("product");
}

describe("changed slugs", () => {
  it("answer the old product address with a 301 to the new one, keeping the query, in that language only", async () => {
    const id = await idOf("AK-PNL-SND-40");
    const hr = await slugOf("AK-PNL-SND-40");
    const en = await slugOf("AK-PNL-SND-40", "eng");
    await renameProduct(id, "hrv", "hr", hr, "krovni-panel-pir-40");
    const visitor = new Visitor(shop);
    const old = await visitor.request(`/product/${hr}?qty=2`);
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/product/krovni-panel-pir-40?qty=2");
    expect((await visitor.request("/product/krovni-panel-pir-40")).status).toBe(200);
    expect((await visitor.request(`/en/product/${en}`)).status).toBe(200);

    // Renamed again: the first old address goes straight to the newest (no chain), and
    // going back to the first slug removes the redirect that would loop.
    await renameProduct(id, "hrv", "hr", "krovni-panel-pir-40", "krovni-panel-pir-40-mm");
    expect((await visitor.request(`/product/${hr}`)).headers.get("Location")).toBe("/product/krovni-panel-pir-40-mm");
    await renameProduct(id, "hrv", "hr", "krovni-panel-pir-40-mm", hr);
    expect((await visitor.request(`/product/${hr}`)).status).toBe(200);
    expect((await visitor.request("/product/krovni-panel-pir-40")).headers.get("Location")).toBe(`/product/${hr}`);
    const loops = await db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, `/product/${hr}`));
    expect(loops).toEqual([]);
  });

  it("answer the old category address with a 301 to the new one", async () => {
    const [row] = await db.select().from(categoryTranslations).where(eq(categoryTranslations.languageCode, "eng")).limit(1);
    await db.transaction(async (tx) => {
      await tx
        .update(categoryTranslations)
        .set({ slug: `${row.slug}-new` })
        .where(and(eq(categoryTranslations.categoryId, row.categoryId), eq(categoryTranslations.languageCode, "eng")));
      await redirectChangedSlug(tx, "shop", "en", row.slug, `${row.slug}-new`);
    });
    await dataChanged("category");
    const response = await new Visitor(shop).request(`/en/shop/${row.slug}?sort=3`);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/en/shop/${row.slug}-new?sort=3`);
  });
});
