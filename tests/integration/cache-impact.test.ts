import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCaches } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import {
  categoryTranslations,
  comments,
  consentAssignments,
  productCategories,
  productTranslations,
  products,
  users,
} from "~/.server/db/schema";
import { CACHE_IMPACT, dataChanged } from "~/modules/kernel/cache-impact.server";
import { startCachingServer, type CachingServer } from "../setup/caching-server";

/**
 * Every backoffice change (DESIGN.md "The backoffice", decision 0045) clears exactly the caches
 * that show it. The impact table names caches by their registered names, so a renamed cache must
 * fail here; and a price changed under a cached category page shows at once once the change is
 * announced, while a change that no cached page shows keeps the rendered pages.
 */
let server: CachingServer;
beforeAll(async () => {
  server = await startCachingServer(); // loads the build: every cache of the shop is registered
});
afterAll(() => server.close());

const get = (path: string) => fetch(server.base + path);

describe("cache impact of backoffice changes", () => {
  it("names only caches the shop registers", () => {
    const registered = new Set(listCaches());
    for (const [kind, names] of Object.entries(CACHE_IMPACT)) {
      for (const name of names) expect(registered.has(name), `${kind}: ${name}`).toBe(true);
    }
  });

  it("shows a changed price at once on a cached category page", async () => {
    const db = await getDb();
    const [row] = await db
      .select({ id: products.id, price: products.priceCents, retail: products.retailPriceCents, category: categoryTranslations.slug })
      .from(products)
      .innerJoin(productCategories, eq(productCategories.productId, products.id))
      .innerJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, productCategories.categoryId), eq(categoryTranslations.languageCode, "hrv")),
      )
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
      .where(and(eq(products.archived, false), eq(products.isVisibleIndividually, true), eq(products.format, "simple")))
      .limit(1);
    const path = `/shop/${row.category}?limit=24`;
    await get(path);
    expect((await get(path)).headers.get("X-Page-Cache")).toBe("hit");

    const newPrice = 98_765; // 987,65 €: a figure no other product of the page shows
    await db
      .update(products)
      .set({ priceCents: newPrice, retailPriceCents: Math.max(row.retail, newPrice) })
      .where(eq(products.id, row.id));
    await dataChanged("product");

    const fresh = await get(path);
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    expect(await fresh.text()).toContain("987,65");
    await db.update(products).set({ priceCents: row.price, retailPriceCents: row.retail }).where(eq(products.id, row.id));
    await dataChanged("product");
  });

  // A simple product shown on its own page, with tracked stock and no comment yet.
  async function quietProduct() {
    const db = await getDb();
    const [row] = await db
      .select({ id: products.id, stock: products.stock, slug: productTranslations.slug })
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
      .where(
        and(
          eq(products.archived, false),
          eq(products.isVisibleIndividually, true),
          eq(products.format, "simple"),
          eq(products.madeToOrder, false),
          sql`${products.stock} > 0`,
          sql`not exists (select 1 from ${comments} where ${comments.entityType} = 'product' and ${comments.entityId} = ${products.id})`,
        ),
      )
      .limit(1);
    const path = `/product/${row.slug}`;
    await get(path);
    expect((await get(path)).headers.get("X-Page-Cache")).toBe("hit");
    return { ...row, path };
  }

  it("shows stock given back or sold out at once on a cached product page (a cancellation, a return)", async () => {
    const db = await getDb();
    const product = await quietProduct();
    await db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    await dataChanged("stock");

    const fresh = await get(product.path);
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    expect(await fresh.text()).toContain("Trenutno nije dostupno");
    await db.update(products).set({ stock: product.stock }).where(eq(products.id, product.id));
    await dataChanged("stock");
  });

  it("shows a newly approved rating at once on a cached product page", async () => {
    const db = await getDb();
    const product = await quietProduct();
    expect(await (await get(product.path)).text()).not.toContain('data-testid="rating-summary"');
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    const [comment] = await db
      .insert(comments)
      .values({ siteId: 1, entityType: "product", entityId: product.id, userId: user.id, rating: 4, content: "Dobro", status: "approved" })
      .returning({ id: comments.id });
    await dataChanged("comment");

    const fresh = await get(product.path);
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    expect(await fresh.text()).toContain('data-testid="rating-summary"');
    await db.delete(comments).where(eq(comments.id, comment.id));
    await dataChanged("comment");
  });

  it("takes a consent off a form at once through the backoffice's assignment (the form's consents are cached)", async () => {
    const { getFormConsents } = await import("~/modules/consent/consent.server");
    const { saveAssignment } = await import("~/modules/consent/consent-admin.server");
    const db = await getDb();
    const [assignment] = await db
      .select()
      .from(consentAssignments)
      .where(sql`jsonb_array_length(${consentAssignments.consents}) > 0`)
      .limit(1);
    const kind = assignment.assignedTo;
    const [staff] = await db.select({ id: users.id, email: users.email }).from(users).limit(1);
    expect((await getFormConsents(kind, "hr")).map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [...assignment.consents].sort((a, b) => a - b),
    );
    const [dropped, ...kept] = [...assignment.consents].sort((a, b) => a - b);
    try {
      const required = assignment.requiredConsents.filter((id) => id !== dropped);
      await saveAssignment(staff, kind, { consents: kept, requiredConsents: required });
      expect((await getFormConsents(kind, "hr")).map((c) => c.id)).not.toContain(dropped);
    } finally {
      await saveAssignment(staff, kind, { consents: assignment.consents, requiredConsents: assignment.requiredConsents });
    }
    expect((await getFormConsents(kind, "hr")).map((c) => c.id)).toContain(dropped);
  });

  it("keeps the rendered pages when nothing cached shows the change (a coupon, a payment method)", async () => {
    await get("/shop?limit=24");
    expect((await get("/shop?limit=24")).headers.get("X-Page-Cache")).toBe("hit");
    await dataChanged("coupon", "payment");
    expect((await get("/shop?limit=24")).headers.get("X-Page-Cache")).toBe("hit");
  });
});
