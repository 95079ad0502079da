import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client.server";
import { categoryTranslations, productCategories, products } from "~/.server/db/schema";
import { scaleCents } from "~/lib/price-change";
import { changePricesByPercent } from "../setup/price-change";
import { Visitor } from "../setup/client";
import { startCachingServer, type CachingServer } from "../setup/caching-server";
import type { Shop } from "../setup/shop";
import { loginAsAdmin } from "../setup/accounts";

/**
 * Every change clears exactly the caches that show it (decision 0045), through the backoffice
 * itself: the admin changes a price with the product list's bulk action (a real POST to
 * /admin/products on the production build behind the rendered-page cache), and the cached category
 * page shows the new price on the next anonymous request.
 */
let server: CachingServer;
let admin: Visitor;
beforeAll(async () => {
  server = await startCachingServer();
  // A visitor whose requests go over HTTP to the caching server (cookies, CSRF and all).
  admin = new Visitor({ handle: (request: Request) => fetch(request) } as unknown as Shop, server.base);
  await loginAsAdmin(admin);
}, 60_000);
afterAll(() => server.close());

const get = (path: string) => fetch(server.base + path);
const euros = (cents: number) =>
  `${Math.floor(cents / 100)
    .toLocaleString("hr-HR")
    .replace(/\s/g, ".")},${String(cents % 100).padStart(2, "0")}`;

describe("a bulk price change in the admin", () => {
  it("shows at once on the cached category page", async () => {
    const db = await getDb();
    const [row] = await db
      .select({ id: products.id, category: categoryTranslations.slug })
      .from(products)
      .innerJoin(productCategories, eq(productCategories.productId, products.id))
      .innerJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, productCategories.categoryId), eq(categoryTranslations.languageCode, "hrv")),
      )
      .where(and(eq(products.archived, false), eq(products.isVisibleIndividually, true), eq(products.format, "simple")))
      .limit(1);
    // A price no other product of the page shows, then +7 %: 876,54 € → 937,90 €.
    await db
      .update(products)
      .set({ retailPriceCents: 87_654, priceCents: 87_654, membershipPriceCents: null })
      .where(eq(products.id, row.id));
    const path = `/shop/${row.category}?limit=24`;
    // This process's page cache starts empty, so the page is rendered with that price and kept.
    const start = 87_654;
    await get(path);
    const cached = await get(path);
    expect(cached.headers.get("X-Page-Cache")).toBe("hit");
    expect(await cached.text()).toContain(euros(start));

    const response = await changePricesByPercent(admin, [row.id], 7);
    expect(response.status).toBe(303);
    const expected = scaleCents(start, 7);
    const fresh = await get(path);
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    const html = await fresh.text();
    expect(html).toContain(euros(expected));
    expect(html).not.toContain(euros(start));
  });
});
