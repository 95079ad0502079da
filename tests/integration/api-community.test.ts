import { and, desc, eq } from "drizzle-orm";
import { clearCache } from "~/.server/cache.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import {
  auditLog,
  comments,
  consentAssignments,
  consentLogs,
  consents,
  events,
  formSubmissions,
  forms,
  priceEnquiries,
  options,
  newsletterSubscribers,
  products,
  users,
  wishlistEntries,
} from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_EDITOR } from "~/.server/db/seed/users.server";
import { hashPassword } from "~/.server/auth/password.server";
import { apiClient, documentedMismatch } from "../setup/api";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The shopper's interactive calls over the headless API (decision 0061, spec §7 CMS wishlist,
 * Marketing newsletter, Calendar): the same services as the HTML routes.
 */
// Every public submit here is strict (one budget per client address a minute, 20 by default);
// this file makes more than that from one address, so its budget is raised (api-auth tests the budget).
process.env.RATE_LIMIT_AUTH_POINTS = "200";

let shop: Shop;
let db: Database;
let productIds: number[];
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const rows = await db
    .select({
      id: products.id,
      format: products.format,
      parent: products.parentId,
      archived: products.archived,
      visible: products.isVisibleIndividually,
    })
    .from(products)
    .orderBy(products.id);
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

  it("adds the products a visitor kept before signing in (posted with the login) to the user's wishlist, once each", async () => {
    const email = "api-lista-gost@example.com";
    const password = "Gost2026!lista";
    const [{ id: userId }] = await db
      .insert(users)
      .values({ siteId: 1, email, firstName: "Gost", lastName: "Kupac", passwordHash: await hashPassword(password) })
      .returning({ id: users.id });
    const [a, b] = productIds;
    await db.insert(wishlistEntries).values({ userId, productId: b });
    const client = await apiClient(shop);
    // The visitor's list as the app kept it, newest first; a product the shop does not have is left out.
    const login = await client.call("login", { body: { username: email, password, wishlist: [999_999_998, a, b] } });
    expect(login.ok, JSON.stringify(login)).toBe(true);
    if (!login.ok) return;
    expect(await documentedMismatch(shop, "v1.login", 200, { data: login.data })).toEqual([]);
    client.tokens = login.data.tokens;
    const list = await client.call("cms.wishlist.filter", { query: {} });
    expect(list.ok && list.data.records.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect((await client.call("login", { body: { username: email, password, wishlist: Array(51).fill(a) } })).status).toBe(400);
  });

  it("refuses a visitor, a back-office user, an unknown product and a bad body", async () => {
    const visitor = await apiClient(shop);
    expect((await visitor.call("cms.wishlist.create", { body: { product_id: productIds[0] } })).status).toBe(401);
    expect((await visitor.call("cms.wishlist.filter")).status).toBe(401);

    const admin = await apiClient(shop);
    expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).ok).toBe(true);
    expect(await admin.call("cms.wishlist.create", { body: { product_id: productIds[0] } })).toMatchObject({
      ok: false,
      status: 403,
      failure: { message: "Back-office users have no wishlist" },
    });
    expect(await admin.call("cms.wishlist.filter")).toMatchObject({
      ok: false,
      status: 403,
      failure: { message: "Back-office users have no wishlist" },
    });

    const customer = await apiClient(shop);
    await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(await customer.call("cms.wishlist.create", { body: { product_id: 999_999_999 } })).toMatchObject({
      ok: false,
      status: 404,
      failure: { message: "Product not found" },
    });
    expect((await customer.call("cms.wishlist.create", { body: { product_id: "x" as unknown as number } })).status).toBe(400);
  });
});

describe("comments", () => {
  async function setOption(key: string, value: unknown) {
    await db
      .update(options)
      .set({ value })
      .where(and(eq(options.siteId, 1), eq(options.key, key)));
    await clearCache("site-config");
  }

  it("answers the comment options", async () => {
    const client = await apiClient(shop);
    const result = await client.call("cms.comment.getOptions", { body: { store_id: 1 } });
    expect(result).toMatchObject({ ok: true, data: { stars: 5, requireAdminPublishing: true } });
    if (result.ok) expect(await documentedMismatch(shop, "v1.cms.comment.getOptions", 200, { data: result.data })).toEqual([]);
  });

  it("creates a waiting comment for a logged user only, lists it to its author alone, lets the author edit it", async () => {
    const product = productIds[1];
    const visitor = await apiClient(shop);
    expect(
      await visitor.call("cms.comment.create", { body: { entityType: "product", entityId: product, rating: 5, content: "Odlično" } }),
    ).toMatchObject({
      ok: false,
      status: 401,
      failure: { message: "Logged users only" },
    });

    const customer = await apiClient(shop);
    await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const created = await customer.call("cms.comment.create", {
      body: { entityType: "product", entityId: product, rating: 5, content: "Odlično" },
    });
    expect(created).toMatchObject({ ok: true, data: { status: "pending" } });
    if (created.ok) expect(await documentedMismatch(shop, "v1.cms.comment.create", 200, { data: created.data })).toEqual([]);

    const own = await customer.call("cms.comment.filterStandard", { body: { entityType: "product", entityId: product } });
    expect(own).toMatchObject({
      ok: true,
      data: { totalRecords: 1, records: [{ own: true, pending: true, rating: 5, content: "Odlično" }] },
    });
    if (own.ok) expect(await documentedMismatch(shop, "v1.cms.comment.filterStandard", 200, { data: own.data })).toEqual([]);
    const anonymous = await visitor.call("cms.comment.filterStandard", { body: { entityType: "product", entityId: product } });
    expect(anonymous).toMatchObject({ ok: true, data: { totalRecords: 0, form: { state: "login" } } });

    const id = own.ok ? own.data.records[0].id : 0;
    const edited = await customer.call("cms.comment.update", { params: { id }, body: { rating: 4, content: "Dobro" } });
    expect(edited).toMatchObject({ ok: true, data: { status: "pending" } });
    if (edited.ok) expect(await documentedMismatch(shop, "v1.cms.comment.update", 200, { data: edited.data })).toEqual([]);
    const [row] = await db.select().from(comments).where(eq(comments.id, id));
    expect(row).toMatchObject({ rating: 4, content: "Dobro" });

    // Someone else's comment, and editing switched off: commentEditNotAllowed.
    const admin = await apiClient(shop);
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await admin.call("cms.comment.update", { params: { id }, body: { rating: 1, content: "x" } })).toMatchObject({
      ok: false,
      status: 403,
      failure: { message: "Comment edit not allowed" },
    });
    await setOption("UserCanEditComment", false);
    expect(await customer.call("cms.comment.update", { params: { id }, body: { rating: 3, content: "y" } })).toMatchObject({
      ok: false,
      status: 403,
      failure: { message: "Comment edit not allowed" },
    });
    await setOption("UserCanEditComment", true);
    expect((await visitor.call("cms.comment.update", { params: { id }, body: { rating: 3, content: "y" } })).status).toBe(401);
  });

  it("applies one user one comment and the rating rules", async () => {
    const product = productIds[2];
    const customer = await apiClient(shop);
    await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(
      await customer.call("cms.comment.create", { body: { entityType: "product", entityId: product, rating: 9, content: "Previše" } }),
    ).toMatchObject({
      ok: false,
      status: 400,
      failure: { message: "Invalid rating" },
    });
    // Outside what any shop's scale allows (1 to 10 stars): refused by the call's own schema, as documented.
    for (const rating of [0, 11, 100]) {
      const refused = await customer.call("cms.comment.create", {
        body: { entityType: "product", entityId: product, rating, content: "Ocjena" },
      });
      expect(refused).toMatchObject({ ok: false, status: 400, failure: { errors: [{ field: "body.rating" }] } });
    }
    expect(
      await customer.call("cms.comment.create", { body: { entityType: "product", entityId: product, content: "Bez ocjene" } }),
    ).toMatchObject({
      ok: false,
      status: 400,
      failure: { message: "A comment requires a rating" },
    });
    expect(
      await customer.call("cms.comment.create", { body: { entityType: "product", entityId: 999_999_999, rating: 3, content: "?" } }),
    ).toMatchObject({ ok: false, status: 404 });
    await setOption("OneUserOneComment", true);
    try {
      expect(
        (await customer.call("cms.comment.create", { body: { entityType: "product", entityId: product, rating: 3, content: "Prvi" } })).ok,
      ).toBe(true);
      expect(
        await customer.call("cms.comment.create", { body: { entityType: "product", entityId: product, rating: 3, content: "Drugi" } }),
      ).toMatchObject({
        ok: false,
        status: 409,
        failure: { message: "One user one comment" },
      });
    } finally {
      await setOption("OneUserOneComment", false);
    }
    expect(
      (
        await customer.call("cms.comment.create", {
          body: { entityType: "product", entityId: product, rating: 3, content: "x".repeat(5000) },
        })
      ).status,
    ).toBe(400);
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
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      failure: { errored: true, statusCode: 409, message: "E-mail is already subscribed to the newsletter" },
    });
  });

  it("refuses a malformed address and missing required consents with 400", async () => {
    const client = await apiClient(shop);
    const missing = await client.call("marketing.newsletter.subscribe", {
      body: { email: "no-consent@example.com", acceptedConsents: [] },
    });
    expect(missing).toMatchObject({ ok: false, status: 400, failure: { message: "Required consents were not accepted" } });
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "no-consent@example.com"))).toEqual([]);
    const bad = await client.call("marketing.newsletter.subscribe", { body: { email: "not-an-address" } });
    expect(bad).toMatchObject({ ok: false, status: 400 });
  });
});

describe("consents", () => {
  it("lists the consents of each form and logs given ones, refusing a missing required one", async () => {
    const client = await apiClient(shop);
    const list = await client.call("cms.consent.filter", { body: {} });
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(await documentedMismatch(shop, "v1.cms.consent.filter", 200, { data: list.data })).toEqual([]);
    const newsletter = list.data.data.find((e) => e.assigned_to === "newsletter")!;
    expect(newsletter.requiredConsents.length).toBeGreaterThan(0);
    const one = await client.call("cms.consent.filter", { body: { assigned_to: "newsletter" } });
    expect(one.ok && one.data.data).toEqual([newsletter]);

    const all = await client.call("gdpr.web.consent.filter", { body: { forWeb: true, limit: 100 } });
    expect(all.ok && all.data.records.map((r) => r.id)).toEqual(expect.arrayContaining(newsletter.consents.map((c) => c.id)));
    if (all.ok) expect(await documentedMismatch(shop, "v1.gdpr.web.consent.filter", 200, { data: all.data })).toEqual([]);
    expect((await client.call("gdpr.web.consent.filter", { body: { limit: 1000 } })).status).toBe(400);

    const logged = await client.call("gdpr.web.consent.log.create", {
      body: { sourceType: "newsletter", consents: newsletter.consents.map((c) => c.id), email: "Log@Example.com" },
    });
    expect(logged).toMatchObject({ ok: true, data: { id: expect.any(Number) } });
    if (!logged.ok) return;
    expect(await documentedMismatch(shop, "v1.gdpr.web.consent.log.create", 200, { data: logged.data })).toEqual([]);
    const [row] = await db.select().from(consentLogs).where(eq(consentLogs.id, logged.data.id!));
    expect(row).toMatchObject({ sourceType: "newsletter", userType: "anonymous", email: "log@example.com" });

    const missing = await client.call("gdpr.web.consent.log.create", { body: { sourceType: "newsletter", consents: [] } });
    expect(missing).toMatchObject({ ok: false, status: 400, failure: { message: "Required consents were not accepted" } });
    expect((await client.call("gdpr.web.consent.log.create", { body: { sourceType: "nope" as "newsletter", consents: [] } })).status).toBe(
      400,
    );
  });
});

describe("consent assignment", () => {
  it("lets an admin set a form's consents (audited, seen by the form at once); refuses others and unknown consents", async () => {
    const ids = (await db.select({ id: consents.id }).from(consents).orderBy(consents.id)).map((r) => r.id);
    const admin = await apiClient(shop);
    expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).ok).toBe(true);
    const saved = await admin.call("cms.consent.create", {
      body: { assigned_to: "addressForm", consents: [ids[0]], requiredConsents: [ids[1]] },
    });
    const expected = { assigned_to: "addressForm", consents: [ids[0], ids[1]].sort((a, b) => a - b), requiredConsents: [ids[1]] };
    expect(saved).toMatchObject({ ok: true, status: 200, data: expected });
    if (saved.ok) expect(await documentedMismatch(shop, "v1.cms.consent.create", 200, { data: saved.data })).toEqual([]);
    // The storefront's read sees it at once (the consent cache is cleared).
    const read = await (await apiClient(shop)).call("cms.consent.filter", { body: { assigned_to: "addressForm" } });
    expect(read.ok && read.data.data[0]).toMatchObject({ assigned_to: "addressForm", requiredConsents: [ids[1]] });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entity, "consent")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: "assign",
      actorEmail: DEMO_ADMIN.email,
      after: { assignedTo: "addressForm", requiredConsents: [ids[1]] },
    });

    const unknown = await admin.call("cms.consent.create", { body: { assigned_to: "addressForm", consents: [999_999_999] } });
    expect(unknown).toMatchObject({ ok: false, status: 400, failure: { message: "Unknown consent" } });
    expect(await db.select().from(consentAssignments).where(eq(consentAssignments.assignedTo, "addressForm"))).toMatchObject([
      { consents: expected.consents, requiredConsents: expected.requiredConsents },
    ]);
    expect((await admin.call("cms.consent.create", { body: { assigned_to: "nope" as "addressForm", consents: [] } })).status).toBe(400);

    // Scope is checked in the call: an editor (no consents in the backoffice), a customer and a visitor are refused.
    const editor = await apiClient(shop);
    await editor.login(DEMO_EDITOR.email, DEMO_EDITOR.password);
    expect((await editor.call("cms.consent.create", { body: { assigned_to: "addressForm", consents: [] } })).status).toBe(403);
    const customer = await apiClient(shop);
    await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await customer.call("cms.consent.create", { body: { assigned_to: "addressForm", consents: [] } })).status).toBe(403);
    expect((await (await apiClient(shop)).call("cms.consent.create", { body: { assigned_to: "addressForm", consents: [] } })).status).toBe(
      401,
    );
    expect(await db.select().from(consentAssignments).where(eq(consentAssignments.assignedTo, "addressForm"))).toMatchObject([
      { consents: expected.consents },
    ]);
  });
});

describe("documents", () => {
  it("lists the customer's order invoices and hands one out as PDF; another customer's is 404", async () => {
    const mine = await placeOrder(shop, DEMO_CUSTOMER.email, { slug: "2026-300001" });
    const theirs = await placeOrder(shop, DEMO_ADMIN.email, { slug: "2026-300002" });
    const customer = await apiClient(shop);
    await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const list = await customer.call("document.document.filter.web", { body: { page: 1, store_id: 1 } });
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(await documentedMismatch(shop, "v1.document.document.filter.web", 200, { data: list.data })).toEqual([]);
    expect(list.data.records.map((r) => r.slug)).toContain("2026-300001");
    expect(list.data.records.map((r) => r.slug)).not.toContain("2026-300002");
    expect(list.data.records[0].downloadUrl).toMatch(/^https?:\/\/.+\/profil\/narudzbe\/2026-300001\/racun$/);

    const one = await customer.call("document.document.get.web", { params: { id: mine.id } });
    expect(one).toMatchObject({ ok: true, data: { slug: "2026-300001", contentType: "application/pdf" } });
    if (!one.ok) return;
    expect(await documentedMismatch(shop, "v1.document.document.get.web", 200, { data: one.data })).toEqual([]);
    expect(Buffer.from(one.data.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");

    expect(await customer.call("document.document.get.web", { params: { id: theirs.id } })).toMatchObject({
      ok: false,
      status: 404,
      failure: { message: "Document not found" },
    });
    expect((await customer.call("document.document.get.web", { params: { id: "x" } })).status).toBe(404);
    const visitor = await apiClient(shop);
    expect((await visitor.call("document.document.filter.web", { body: {} })).status).toBe(401);
  });
});

describe("forms", () => {
  it("shows a database form's fields in the caller's language; an unknown id is 404", async () => {
    const [form] = await db
      .insert(forms)
      .values({
        siteId: 1,
        slug: "api-upitnik",
        title: { hr: "Upitnik", en: "Questionnaire" },
        fields: [
          { name: "ime", type: "text", label: { hr: "Ime", en: "Name" }, required: true, maxLength: 100 },
          { name: "boja", type: "select", label: { hr: "Boja" }, required: false, options: [{ value: "crna", label: { hr: "Crna" } }] },
        ],
      })
      .returning({ id: forms.id });
    const client = await apiClient(shop, { language: "en" });
    const result = await client.call("cms.form.get", { params: { id: form.id } });
    expect(result).toMatchObject({
      ok: true,
      data: {
        slug: "api-upitnik",
        title: "Questionnaire",
        fields: [
          { name: "ime", label: "Name", required: true },
          { name: "boja", label: "Boja", options: [{ value: "crna", label: "Crna" }] },
        ],
      },
    });
    if (result.ok) expect(await documentedMismatch(shop, "v1.cms.form.get", 200, { data: result.data })).toEqual([]);
    expect(await client.call("cms.form.get", { params: { id: 999_999 } })).toMatchObject({
      ok: false,
      status: 404,
      failure: { message: "Form not found" },
    });

    const acceptedConsents = result.ok ? (result.data.consents ?? []).map((c) => c.id) : [];
    const stored = await client.call("cms.form.storeData", { body: { id: form.id, data: { ime: "Ana", boja: "crna" }, acceptedConsents } });
    expect(stored).toMatchObject({ ok: true, data: { id: expect.any(Number) } });
    if (stored.ok) {
      expect(await documentedMismatch(shop, "v1.cms.form.storeData", 200, { data: stored.data })).toEqual([]);
      const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, stored.data.id));
      expect(row).toMatchObject({ formSlug: "api-upitnik", data: { ime: "Ana", boja: "crna" } });
    }
    expect(await client.call("cms.form.storeData", { body: { id: form.id, data: { boja: "plava" }, acceptedConsents } })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await client.call("cms.form.storeData", { body: { id: 999_999, data: {} } })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("form list", () => {
  it("lists the database forms in the caller's language with their page, searches and pages them", async () => {
    await db.insert(forms).values([
      {
        siteId: 1,
        slug: "api-lista-a",
        title: { hr: "Prijava na radionicu", en: "Workshop sign-up" },
        fields: [{ name: "ime", type: "text", label: { hr: "Ime" }, required: true, maxLength: 100 }],
      },
      { siteId: 1, slug: "api-lista-b", title: { hr: "Reklamacija" }, fields: [] },
    ]);
    const client = await apiClient(shop, { language: "en" });
    const all = await client.call("cms.form.filter", { body: {} });
    expect(all.ok).toBe(true);
    if (!all.ok) return;
    expect(await documentedMismatch(shop, "v1.cms.form.filter", 200, { data: all.data })).toEqual([]);
    const a = all.data.records.find((r) => r.slug === "api-lista-a");
    expect(a).toMatchObject({ title: "Workshop sign-up", fieldCount: 1, href: "/en/form/api-lista-a" });
    // No English title: the Croatian one.
    expect(all.data.records.find((r) => r.slug === "api-lista-b")).toMatchObject({ title: "Reklamacija", fieldCount: 0 });
    expect(all.data.totalRecords).toBe(all.data.records.length);
    // Each listed id opens with form/get.
    expect((await client.call("cms.form.get", { params: { id: a!.id } })).ok).toBe(true);

    const found = await client.call("cms.form.filter", { body: { keywords: "radionic" } });
    expect(found.ok && found.data.records.map((r) => r.slug)).toEqual(["api-lista-a"]);
    const paged = await client.call("cms.form.filter", { body: { perPage: 1, page: 2 } });
    expect(paged).toMatchObject({
      ok: true,
      data: { page: 2, perPage: 1, totalRecords: all.data.totalRecords, totalPages: all.data.totalRecords },
    });
    expect(paged.ok && paged.data.records).toHaveLength(1);
    expect((await client.call("cms.form.filter", { body: { perPage: 500 } })).status).toBe(400);
  });
});

describe("contact", () => {
  it("stores a price enquiry with its consents; refuses missing fields and consents", async () => {
    const client = await apiClient(shop);
    const list = await client.call("cms.consent.filter", { body: { assigned_to: "contactForm" } });
    const contact = list.ok ? list.data.data[0] : null;
    const acceptedConsents = contact?.consents.map((c) => c.id) ?? [];
    const body = {
      productId: productIds[0],
      firstName: "Ana",
      from: "ana.upit@example.com",
      content: "Koliko košta 10 m?",
      acceptedConsents,
    };
    const sent = await client.call("cms.contact.contactAdmin", { body });
    expect(sent).toMatchObject({ ok: true, data: { id: expect.any(Number) } });
    if (!sent.ok) return;
    expect(await documentedMismatch(shop, "v1.cms.contact.contactAdmin", 200, { data: sent.data })).toEqual([]);
    const [row] = await db.select().from(priceEnquiries).where(eq(priceEnquiries.id, sent.data.id));
    expect(row).toMatchObject({ productId: productIds[0], email: "ana.upit@example.com", content: "Koliko košta 10 m?" });

    const noMail = await client.call("cms.contact.contactAdmin", { body: { ...body, from: "nije-adresa" } });
    expect(noMail).toMatchObject({ ok: false, status: 400, failure: { errors: [{ field: "body.from" }] } });
    if ((contact?.requiredConsents.length ?? 0) > 0) {
      expect(await client.call("cms.contact.contactAdmin", { body: { ...body, acceptedConsents: [] } })).toMatchObject({
        ok: false,
        status: 400,
        failure: { message: "Required consents were not accepted" },
      });
    }
    expect(await client.call("cms.contact.contactAdmin", { body: { ...body, productId: 999_999_999 } })).toMatchObject({
      ok: false,
      status: 404,
    });
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
      await db
        .update(events)
        .set({ published: false })
        .where(and(eq(events.id, list.data.records[0].id)));
      expect(await client.call("calendar.event.public.get", { params: { id: list.data.records[0].id } })).toMatchObject({
        ok: false,
        status: 404,
        failure: { message: "Event not found" },
      });
      await db.update(events).set({ published: true }).where(eq(events.id, list.data.records[0].id));
    }
    expect((await client.call("calendar.event.public.get", { params: { id: "abc" } })).status).toBe(404);
    expect((await client.call("calendar.event.public.filter", { body: { perPage: 1000 } })).status).toBe(400);
  });
});
