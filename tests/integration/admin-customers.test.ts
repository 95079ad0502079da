import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { hashPassword } from "~/.server/auth/password.server";
import {
  addresses,
  auditLog,
  carts,
  comments,
  consentLogs,
  formSubmissions,
  mailOutbox,
  newsletterSubscribers,
  orders,
  priceEnquiries,
  sessions,
  stores,
  users,
  wishlistEntries,
} from "~/.server/db/schema";
import { TEST_ADDRESS } from "~/modules/payment/test-provider/test-orders.server";
import { SITE_ID } from "~/modules/kernel/options";
import { decodeEntities, submit } from "../setup/account-helpers";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { recordMoney } from "~/modules/payment/ledger.server";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff } from "../setup/staff";
import { shopper } from "./cart-helpers";
import { ADDRESS, addToCart, checkoutConsentId, methodIds, signInAs, step } from "./checkout-helpers";

/**
 * The backoffice customers (decision 0040): the list (search, filters, sort, CSV), the
 * detail, block and unblock (sign-in refused with the message, sessions ended, an order
 * with the e-mail refused even as a guest), the password-reset mail, the GDPR export and
 * erasure, stale versions and the audit trail.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let panel: number;
const PASSWORD = "Kupci-2026!";
const DOMAIN = "kupci-test.hr";
const people = { marija: 0, gost: 0, zoran: 0 };
let marijaOrder: { id: number; slug: string };

async function customer(values: Partial<typeof users.$inferInsert> & { email: string }) {
  const [row] = await db
    .insert(users)
    .values({ siteId: SITE_ID, passwordHash: await hashPassword(PASSWORD), ...values })
    .returning({ id: users.id });
  return row.id;
}

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  people.marija = await customer({
    email: `marija@${DOMAIN}`,
    firstName: "Marija",
    lastName: "Blokić",
    emailVerifiedAt: new Date(),
    memberCardBarcode: "MC-4455",
    createdAt: new Date("2026-01-10T10:00:00Z"),
  });
  people.gost = await customer({ email: `gost@${DOMAIN}`, isGuest: true, passwordHash: null, createdAt: new Date("2026-03-05T10:00:00Z") });
  people.zoran = await customer({
    email: `zoran@${DOMAIN}`,
    firstName: "Zoran",
    lastName: "Ćosić",
    createdAt: new Date("2026-02-01T10:00:00Z"),
  });
  await db.insert(addresses).values({
    userId: people.marija,
    type: "main",
    firstName: "Marija",
    lastName: "Blokić",
    contactEmail: `marija@${DOMAIN}`,
    contactPhone: "091 555 1234",
    city: "Split",
    street: "Riva",
    houseNumber: "1",
    zipCode: "21000",
    companyName: "Limarija Blokić d.o.o.",
  });
  marijaOrder = await placeOrder(shop, `marija@${DOMAIN}`, {
    gateway: "bankTransfer",
    lines: [{ name: "Sendvič panel", sku: "AK-PNL", quantity: 2, unitCents: 50_000 }],
  });
  const cancelled = await placeOrder(shop, `marija@${DOMAIN}`, {
    gateway: "card",
    lines: [{ name: "Opšav", sku: "AK-OPS", quantity: 1, unitCents: 99_900 }],
  });
  await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled.id));
  // Spent is revenue (decision 0100): what was received less what was given back.
  await db.transaction((tx) => recordMoney(tx, marijaOrder.id, { kind: "payment", amountCents: 100_500, channel: "bank" }));
  // Delivered, 100,00 of 300,00 received so far: a sale whose revenue is the part paid.
  const partPaid = await placeOrder(shop, `marija@${DOMAIN}`, {
    gateway: "bankTransfer",
    deliveryCents: 0,
    lines: [{ name: "Vijci", sku: "AK-VIJ", quantity: 1, unitCents: 30_000 }],
  });
  await db.update(orders).set({ status: "delivered" }).where(eq(orders.id, partPaid.id));
  await db.transaction((tx) => recordMoney(tx, partPaid.id, { kind: "payment", amountCents: 10_000, channel: "bank" }));
  const zoran = await placeOrder(shop, `zoran@${DOMAIN}`, {
    gateway: "card",
    lines: [{ name: "Oluk", sku: "AK-OLK", quantity: 1, unitCents: 10_000 }],
  });
  await db.transaction((tx) => recordMoney(tx, zoran.id, { kind: "payment", amountCents: 10_500, channel: "card" }));
  await db.insert(wishlistEntries).values({ userId: people.marija, productId: panel });
  await db.insert(consentLogs).values({
    siteId: SITE_ID,
    status: "accepted",
    sourceType: "registerForm",
    consents: [Number(await checkoutConsentId(db))],
    userType: "registered",
    email: `marija@${DOMAIN}`,
  });
  await db.insert(priceEnquiries).values({
    siteId: SITE_ID,
    productName: "Panel",
    productSku: "AK-PNL",
    firstName: "Marija",
    email: `marija@${DOMAIN}`,
    content: "Cijena za 40 m²?",
    locale: "hr",
    userType: "registered",
  });
  await db.insert(formSubmissions).values({
    siteId: SITE_ID,
    formSlug: "contact",
    data: { message: "Pozdrav" },
    email: `marija@${DOMAIN}`,
    locale: "hr",
    userType: "registered",
  });
  await db.insert(newsletterSubscribers).values({ siteId: SITE_ID, email: `marija@${DOMAIN}`, status: "subscribed", locale: "hr" });
  await db
    .insert(comments)
    .values({ siteId: SITE_ID, entityType: "product", entityId: panel, userId: people.marija, rating: 5, content: "Odlično" });
  await db.insert(carts).values({ siteId: SITE_ID, protectCode: "secret-code", locale: "hr", userId: people.marija });
}, 120_000);
afterAll(() => shop?.close());

const idsOf = (html: string) => [...html.matchAll(/href="\/admin\/customers\/(\d+)"/g)].map((m) => Number(m[1]));
const list = async (query: string) => idsOf((await admin.page(`/admin/customers?q=${DOMAIN}&${query}`)).html);
const userRow = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];
const auditOf = (id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, id)));
const version = async (id: number) => String((await userRow(id)).version);
const act = (id: number, fields: Record<string, string>) => submit(admin, `/admin/customers/${id}`, fields);

async function signIn(email: string) {
  const visitor = new Visitor(shop);
  const response = await visitor.post("/prijava", { username: email, password: PASSWORD }, { tokenFrom: "/prijava" });
  return { visitor, status: response.status, html: response.status === 302 ? "" : decodeEntities(await response.text()) };
}

describe("/admin/customers list", () => {
  it("lists customers newest first, never backoffice users, with their sales and revenue (a cancelled order is none, a part paid counts as paid)", async () => {
    const { response, html } = await admin.page(`/admin/customers?q=${DOMAIN}`);
    expect(response.status).toBe(200);
    expect(idsOf(html)).toEqual([people.gost, people.zoran, people.marija]);
    expect(decodeEntities(html)).toContain("Limarija Blokić d.o.o.");
    expect(html).toContain("1.105,00\u00a0EUR");
    expect(decodeEntities(html)).toContain("ukupno potrošeno njihov prihod");
    expect(idsOf((await admin.page("/admin/customers?q=admin%40alu-krov.hr")).html)).toEqual([]);
  });

  it("searches by name, e-mail, company and phone (any spacing), and filters by kind, verified, blocked and created days", async () => {
    expect(await list("")).toHaveLength(3);
    expect(idsOf((await admin.page("/admin/customers?q=limarija")).html)).toEqual([people.marija]);
    expect(idsOf((await admin.page("/admin/customers?q=0915551234")).html)).toEqual([people.marija]);
    expect(idsOf((await admin.page("/admin/customers?q=091-555-12")).html)).toEqual([people.marija]);
    expect(idsOf((await admin.page("/admin/customers?q=zoran%20%C4%87osi%C4%87")).html)).toEqual([people.zoran]);
    expect(await list("kind=guest")).toEqual([people.gost]);
    expect(await list("kind=registered&verified=no")).toEqual([people.zoran]);
    expect(await list("verified=yes")).toEqual([people.marija]);
    expect(await list("blocked=yes")).toEqual([]);
    expect(await list("from=2026-01-11&to=2026-03-04")).toEqual([people.zoran]);
  });

  it("sorts by name, e-mail, orders and total spent", async () => {
    expect(await list("sort=name&dir=asc")).toEqual([people.gost, people.marija, people.zoran]);
    expect(await list("sort=email&dir=desc")).toEqual([people.zoran, people.marija, people.gost]);
    expect(await list("sort=orders&dir=desc")).toEqual([people.marija, people.zoran, people.gost]);
    expect(await list("sort=spent&dir=asc")).toEqual([people.gost, people.zoran, people.marija]);
  });

  it("refuses a query no control produces with a translated 400", async () => {
    for (const query of ["sort=password", "kind=staff", "blocked=maybe", "to=2026-02-30x"]) {
      const { response, html } = await admin.page(`/admin/customers?${query}`);
      expect(response.status, query).toBe(400);
      expect(html).toContain("Neispravan upit popisa.");
    }
  });

  it("exports exactly the filtered list as CSV with a BOM and the brief's columns", async () => {
    const response = await admin.get(`/admin/customers.csv?q=${DOMAIN}&kind=registered&sort=name&dir=asc`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kupci-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("ID;E-mail;Ime;Prezime;Tvrtka;Telefon;Stvoren;Potvrđen e-mail;Blokiran;Grupa kupaca;Narudžbe;Ukupno potrošeno");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `${people.marija};marija@${DOMAIN};Marija;Blokić;Limarija Blokić d.o.o.;091 555 1234;10. 01. 2026. 11:00;Da;Ne;;2;1105,00`,
    );
    expect(lines[2]).toMatch(new RegExp(`^${people.zoran};zoran@${DOMAIN};Zoran;Ćosić;;;01\\. 02\\. 2026\\. 11:00;Ne;Ne;;1;105,00$`));
  });
});

describe("/admin/customers/:id", () => {
  it("shows profile, addresses, orders linked to their detail, wishlist, consents, member card and audit trail", async () => {
    const { response, html } = await admin.page(`/admin/customers/${people.marija}`);
    expect(response.status).toBe(200);
    const text = decodeEntities(html);
    expect(text).toContain(`marija@${DOMAIN}`);
    expect(text).toContain("Riva 1");
    expect(html).toContain(`href="/admin/orders/${marijaOrder.slug}"`);
    expect(text).toContain("Krovni sendvič panel");
    expect(text).toContain("MC-4455");
    expect(html).toContain('data-testid="consent-log-row"');
    expect(html).toContain('data-testid="audit-trail"');
    expect((await admin.get("/admin/customers/999999")).status).toBe(404);
    expect((await admin.get("/admin/customers/x1")).status).toBe(404);
    const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.isBackofficeUser, true)).limit(1);
    expect((await admin.get(`/admin/customers/${staff.id}`)).status).toBe(404);
  });
});

describe("blocking", () => {
  it("blocks: sessions end, sign-in is refused with the message, a stale form changes nothing (409)", async () => {
    const session = await signInAs(new Visitor(shop), people.zoran);
    expect((await db.select().from(sessions).where(eq(sessions.userId, people.zoran))).length).toBe(1);
    const stale = await version(people.zoran);
    const blocked = await act(people.zoran, { intent: "block", version: stale });
    expect(blocked.status).toBe(302);
    expect(blocked.toast?.text).toBe("Kupac je blokiran.");
    expect((await userRow(people.zoran)).blockedAt).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, people.zoran))).toEqual([]);
    expect((await session.get("/profil")).status).not.toBe(302);

    const refused = await signIn(`zoran@${DOMAIN}`);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain("Ovaj račun je blokiran. Za pomoć se obratite trgovini.");
    // A wrong password still gets the one message for every failure: nothing told about the block.
    const wrong = await new Visitor(shop).post(
      "/prijava",
      { username: `zoran@${DOMAIN}`, password: "Pogresna-1" },
      { tokenFrom: "/prijava" },
    );
    expect(wrong.status).toBe(401);
    expect(decodeEntities(await wrong.text())).toContain("Nepoznato korisničko ime ili lozinka!");

    const again = await act(people.zoran, { intent: "unblock", version: stale });
    expect(again.status).toBe(409);
    expect(again.html).toContain("Netko je u međuvremenu promijenio ovaj zapis.");
    expect((await userRow(people.zoran)).blockedAt).not.toBeNull();
    expect(await list("blocked=yes")).toEqual([people.zoran]);
  });

  it("a deactivated backoffice user (the same column) cannot sign in at /adminLogin", async () => {
    const staff = await createStaff(shop, "sales");
    await db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, staff.id));
    const response = await new Visitor(shop).post(
      "/adminLogin",
      { email: staff.email, password: staff.password, redirectTo: "/admin" },
      { tokenFrom: "/adminLogin" },
    );
    expect(response.status).toBe(403);
    expect(decodeEntities(await response.text())).toContain("Ovaj račun je blokiran.");
  });

  it("unblocks: the customer signs in again; both changes are in the audit trail", async () => {
    const done = await act(people.zoran, { intent: "unblock", version: await version(people.zoran) });
    expect(done.toast?.text).toBe("Kupac je odblokiran.");
    expect((await signIn(`zoran@${DOMAIN}`)).status).toBe(302);
    const trail = await auditOf(people.zoran);
    expect(trail.map((row) => row.action)).toEqual(["block", "unblock"]);
    expect(trail[0].after).toHaveProperty("blockedAt");
  });

  it("the bulk action blocks the ticked customers, counts them in the toast, and a blocked guest's e-mail cannot order", async () => {
    const [store] = await db.select().from(stores);
    await db
      .update(stores)
      .set({ checkoutSettings: { ...store.checkoutSettings, guestCheckout: true } })
      .where(eq(stores.id, store.id));
    try {
      const ids = await methodIds(shop);
      const consent = await checkoutConsentId(db);
      // A guest half-way through checkout when the shop blocks them.
      const guest = await shopper(shop);
      await addToCart(guest, panel);
      expect((await step(guest, { intent: "guest", email: `gost@${DOMAIN}` })).status).toBe(302);
      await step(guest, { intent: "address", ...ADDRESS });
      await step(guest, { intent: "shipping", methodId: ids.courier });

      const bulk = await submit(
        admin,
        `/admin/customers?q=${DOMAIN}`,
        { intent: "block", customerId: [String(people.gost), String(people.marija)] },
        "/admin/customers",
      );
      expect(bulk.location).toBe(`/admin/customers?q=${DOMAIN}`);
      expect(bulk.toast?.text).toBe("Blokirano kupaca: 2");
      // Already blocked ones are not counted again.
      expect((await submit(admin, "/admin/customers", { intent: "block", customerId: [String(people.gost)] })).toast?.text).toBe(
        "Blokirano kupaca: 0",
      );

      const placed = await step(guest, { intent: "payment", methodId: ids.bank, acceptedConsents: consent });
      expect(placed.status).toBe(403);
      expect(placed.html).toContain("Narudžbu s ovom adresom e-pošte nije moguće zaprimiti. Za pomoć se obratite trgovini.");
      expect(await db.select().from(orders).where(eq(orders.userId, people.gost))).toEqual([]);
      const fresh = await shopper(shop);
      await addToCart(fresh, panel);
      const refused = await step(fresh, { intent: "guest", email: `GOST@${DOMAIN}` });
      expect(refused.status).toBe(403);
      expect(refused.html).toContain("Narudžbu s ovom adresom e-pošte nije moguće zaprimiti.");

      const none = await submit(admin, "/admin/customers", { intent: "unblock" });
      expect(none.toast?.text).toBe("Niste odabrali nijedan redak.");
      expect(
        (await submit(admin, "/admin/customers", { intent: "unblock", customerId: [String(people.gost), String(people.marija)] })).toast
          ?.text,
      ).toBe("Odblokirano kupaca: 2");
      expect((await auditOf(people.gost)).map((row) => row.action)).toEqual(["block", "unblock"]);
    } finally {
      await db.update(stores).set({ checkoutSettings: store.checkoutSettings }).where(eq(stores.id, store.id));
    }
  });
});

describe("password reset from the screen", () => {
  it("mails the shopper's own forgot-password link, audited; a guest has none", async () => {
    const sent = await act(people.marija, { intent: "resetPassword" });
    expect(sent.toast?.text).toBe("Poveznica za postavljanje nove lozinke čeka u redu za slanje kupcu: slanje e-pošte nije podešeno.");
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, `marija@${DOMAIN}`), eq(mailOutbox.kind, "passwordReset")));
    expect(mail.text).toMatch(/\/zaboravljena-lozinka\?token=[\w-]+/);
    expect((await auditOf(people.marija)).map((row) => row.action)).toContain("resetPassword");
    const guest = await act(people.gost, { intent: "resetPassword" });
    expect(guest.status).toBe(409);
    expect(guest.html).toContain("Gost nema lozinku koju bi mogao promijeniti.");
  });
});

describe("GDPR", () => {
  it("exports everything kept about the customer as a JSON attachment, audited", async () => {
    const response = await admin.get(`/admin/customers/${people.marija}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="kupac-${people.marija}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = (await response.json()) as Record<string, unknown[]> & { profile: Record<string, unknown> };
    expect(data.profile.email).toBe(`marija@${DOMAIN}`);
    expect(data.profile).not.toHaveProperty("passwordHash");
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(3);
    expect((data.orders[0] as { lines: { sku: string }[] }).lines.map((l) => l.sku)).toEqual(["AK-PNL"]);
    expect(data.wishlist).toHaveLength(1);
    expect(data.consentLog).toHaveLength(1);
    expect(data.consents).toHaveLength(1);
    expect(data.priceEnquiries).toHaveLength(1);
    expect(data.formSubmissions).toHaveLength(1);
    expect(data.newsletter).toHaveLength(1);
    expect(data.comments).toHaveLength(1);
    expect(data.carts).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain("secret-code");
    expect((await auditOf(people.marija)).map((row) => row.action)).toContain("export");
  });

  it("erases only when the customer's e-mail is typed and no order is open; orders keep the invoice's buyer, the rest is gone, the audit row holds counts only", async () => {
    const wrong = await act(people.marija, { intent: "erase", version: await version(people.marija), confirmEmail: "netko@drugi.hr" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("Upisani e-mail nije e-mail ovog kupca.");
    expect(await userRow(people.marija)).toBeDefined();

    const email = `marija@${DOMAIN}`;
    // An order still to be delivered needs the name, street and phone: erasure waits for it and says which.
    const waiting = await act(people.marija, { intent: "erase", version: await version(people.marija), confirmEmail: email });
    expect(waiting.status).toBe(409);
    expect(waiting.html).toContain(
      `Kupac ima otvorene narudžbe (1: ${marijaOrder.slug}): trebaju njegovu adresu i telefon za dostavu. Podaci se mogu obrisati kad budu isporučene ili otkazane.`,
    );
    expect(await userRow(people.marija)).toBeDefined();
    const [untouched] = await db.select().from(orders).where(eq(orders.id, marijaOrder.id));
    expect(untouched.email).toBe(email);
    expect(untouched.deliveryAddress.firstName).not.toBe("");
    await db.update(orders).set({ status: "delivered", paymentStatus: "paid" }).where(eq(orders.id, marijaOrder.id));

    const erased = await act(people.marija, { intent: "erase", version: await version(people.marija), confirmEmail: email.toUpperCase() });
    expect(erased.location).toBe("/admin/customers");
    expect(erased.toast?.text).toBe("Podaci kupca su obrisani.");
    expect(await userRow(people.marija)).toBeUndefined();
    const [order] = await db.select().from(orders).where(eq(orders.id, marijaOrder.id));
    expect(order.email).toBe(`obrisano-${order.id}@invalid`);
    expect(order.userId).toBeNull();
    expect(order.deliveryAddress).toMatchObject({
      firstName: "",
      lastName: "",
      contactEmail: "",
      contactPhone: "",
      street: "",
      houseNumber: "",
      city: TEST_ADDRESS.city,
      zipCode: TEST_ADDRESS.zipCode,
      countryIso: "HR",
    });
    // A company buyer's invoice data is the company's, not the person's: kept for the accounts.
    expect(order.billingAddress).toMatchObject({
      firstName: "",
      lastName: "",
      contactPhone: "",
      street: TEST_ADDRESS.street,
      companyName: "Krovovi Čakovec d.o.o.",
      companyOib: "94577403194",
    });
    expect(order.orderTotalCents).toBe(100_500);
    expect(await db.select().from(addresses).where(eq(addresses.userId, people.marija))).toEqual([]);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([]);
    expect(await db.select().from(priceEnquiries).where(eq(priceEnquiries.email, email))).toEqual([]);
    expect(await db.select().from(formSubmissions).where(eq(formSubmissions.email, email))).toEqual([]);
    expect(await db.select().from(consentLogs).where(eq(consentLogs.email, email))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.protectCode, "secret-code"))).toEqual([]);
    const trail = await auditOf(people.marija);
    const erasure = trail.find((row) => row.action === "erase")!;
    expect(erasure.after).toMatchObject({
      orders: 3,
      addresses: 1,
      wishlist: 1,
      comments: 1,
      newsletter: 1,
      enquiries: 1,
      submissions: 1,
      consentLogs: 1,
      carts: 1,
    });
    expect(JSON.stringify(trail)).not.toContain(email);
  });
});
