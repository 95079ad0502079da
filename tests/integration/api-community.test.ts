import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consents, events, newsletterSubscribers, products, users, wishlistEntries } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { apiClient, documentedMismatch } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The shopper's interactive calls over the headless API (issue 17, spec §7 CMS wishlist,
 * Marketing newsletter, Calendar): the same services as the HTML routes.
 */
let shop: Shop;
let db: Database;
let productIds: number[];
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const rows = await db.select({ id: products.id, format: products.format, parent: products.parentId, archived: products.archived, visible: products.isVisibleIndividually }).from(products).orderBy(products.id);
  productIds = rows.filter((r) => r.format === "simple" && r.parent === null && !r.archived && r.visible).map((r) => r.id);
});
afterAll(() => shop.close());

describe("wishlist", () => {
  it("toggles a product on and off and lists the customer's wishlist", async () => {
    const client = await apiClient(shop);
    expect((await client.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).ok).toBe(true);
    const added = await client.call("cms.wishlist.create", { body: { product_id: productIds[0] } });
    expect(added).toMatchObject({ ok: true, status: 200, data: { added: true, entity: "product", productIds: [productIds[0]] } });
    if (!added.ok) return;
    expect(await documentedMismatch(shop, "v1.cms.wishlist.create", 200, { data: added.data })).toEqual([]);

    const list = await client.call("cms.wishlist.filter");
    expect(list.ok && list.data.records.map((r) => r.id)).toEqual([productIds[0]]);
    if (list.ok) expect(await documentedMismatch(shop, "v1.cms.wishlist.filter", 200, { data: list.data })).toEqual([]);

    const removed = await client.call("cms.wishlist.create", { body: { product_id: productIds[0] } });
    expect(removed).toMatchObject({ ok: true, data: { added: false, productIds: [] } });
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(await db.select().from(wishlistEntries).where(eq(wishlistEntries.userId, user.id))).toEqual([]);
  });

  it("refuses a visitor, a back-office user, an unknown product and a bad body", async () => {
    const visitor = await apiClient(shop);
    expect((await visitor.call("cms.wishlist.create", { body: { product_id: productIds[0] } })).status).toBe(401);
    expect((await visitor.call("cms.wishlist.filter")).status).toBe(401);

    const admin = await apiClient(shop);
    expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).ok).toBe(true);
    expect(await admin.call("cms.wishlist.create", { body: { product_id: productIds[0] } })).toMatchObject({ ok: false, status: 403, failure: { message: "Back-office users have no wishlist" } });
    expect(await admin.call("cms.wishlist.filter")).toMatchObject({ ok: false, status: 403, failure: { message: "Back-office users have no wishlist" } });

    const customer = await apiClient(shop);
    await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(await customer.call("cms.wishlist.create", { body: { product_id: 999_999_999 } })).toMatchObject({ ok: false, status: 404, failure: { message: "Product not found" } });
    expect((await customer.call("cms.wishlist.create", { body: { product_id: "x" as unknown as number } })).status).toBe(400);
  });
});

describe("newsletter", () => {
  // The newsletter form shows and requires the consents numbered 1 and 3 (see newsletter.test.ts).
  const newsletterConsents = async () => {
    const rows = await db.select().from(consents);
    return rows.filter((r) => r.uniqueNumber === 1 || r.uniqueNumber === 3).map((r) => r.id);
  };

  it("subscribes an address once; the second time answers alreadySubscribedToNewsletter", async () => {
    const client = await apiClient(shop);
    const email = "api-newsletter@example.com";
    const acceptedConsents = await newsletterConsents();
    const first = await client.call("marketing.newsletter.subscribe", { body: { email, acceptedConsents } });
    expect(first).toMatchObject({ ok: true, data: { status: expect.stringMatching(/^(subscribed|pending)$/) } });
    if (first.ok) expect(await documentedMismatch(shop, "v1.marketing.newsletter.subscribe", 200, { data: first.data })).toEqual([]);
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row).toBeDefined();
    const again = await client.call("marketing.newsletter.subscribe", { body: { email: "API-Newsletter@example.com", acceptedConsents } });
    expect(again).toMatchObject({ ok: false, status: 409, failure: { errored: true, statusCode: 409, message: "E-mail is already subscribed to the newsletter" } });
  });

  it("refuses a malformed address and missing required consents with 400", async () => {
    const client = await apiClient(shop);
    const missing = await client.call("marketing.newsletter.subscribe", { body: { email: "no-consent@example.com", acceptedConsents: [] } });
    expect(missing).toMatchObject({ ok: false, status: 400, failure: { message: "Required consents were not accepted" } });
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "no-consent@example.com"))).toEqual([]);
    const bad = await client.call("marketing.newsletter.subscribe", { body: { email: "not-an-address" } });
    expect(bad).toMatchObject({ ok: false, status: 400 });
  });
});

describe("calendar", () => {
  it("lists published events and shows one, with no unpublished one", async () => {
    const client = await apiClient(shop);
    const list = await client.call("calendar.event.public.filter", { body: {} });
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(await documentedMismatch(shop, "v1.calendar.event.public.filter", 200, { data: list.data })).toEqual([]);
    const published = await db.select({ id: events.id }).from(events).where(eq(events.published, true));
    expect(list.data.totalRecords).toBe(Math.min(published.length, list.data.records.length));
    if (list.data.records.length > 0) {
      const one = await client.call("calendar.event.public.get", { params: { id: list.data.records[0].id } });
      expect(one).toMatchObject({ ok: true, data: { id: list.data.records[0].id } });
      if (one.ok) {
        expect(await documentedMismatch(shop, "v1.calendar.event.public.get", 200, { data: one.data })).toEqual([]);
        expect(Object.keys(one.data)).not.toContain("attendeeList");
      }
      await db.update(events).set({ published: false }).where(and(eq(events.id, list.data.records[0].id)));
      expect(await client.call("calendar.event.public.get", { params: { id: list.data.records[0].id } })).toMatchObject({ ok: false, status: 404, failure: { message: "Event not found" } });
      await db.update(events).set({ published: true }).where(eq(events.id, list.data.records[0].id));
    }
    expect((await client.call("calendar.event.public.get", { params: { id: "abc" } })).status).toBe(404);
    expect((await client.call("calendar.event.public.filter", { body: { limit: 1000 } })).status).toBe(400);
  });
});
