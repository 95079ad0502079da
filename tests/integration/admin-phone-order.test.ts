import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import {
  addresses,
  auditLog,
  cartItems,
  carts,
  countries,
  issuedDocuments,
  mailOutbox,
  orders,
  products,
  users,
} from "~/.server/db/schema";
import { hashPassword } from "~/.server/auth/password.server";
import { DEMO_ADMIN } from "~/.server/db/seed/users.server";
import { submit } from "../setup/account-helpers";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";
import { CART, shopper } from "./cart-helpers";
import { ADDRESS, methodIds } from "./checkout-helpers";

/**
 * The phone order (decision 0109): staff choose a customer (found, or one without an
 * account), build a cart held by them (lines by SKU, a per-metre length, quantities), give
 * the addresses, delivery and payment as checkout takes them, and place it through
 * checkout's path: an order like any other, its stock taken, confirmation mailed, invoice
 * issued and the audit naming the staff member. The customer's own sign-in never picks the
 * held cart up; a user without the sales scope is refused in loader and action.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let methods: Awaited<ReturnType<typeof methodIds>>;
const RUN = `phone${Date.now()}`;
const customer = { email: `kupac-${RUN}@example.com`, password: "Kupac-telefon-2026!", id: 0 };
const NEW = "/admin/orders/new";

const post = (visitor: Visitor, path: string, fields: Record<string, string>) => visitor.post(path, fields, { tokenFrom: path });
/** A post that is refused: its status and the page's text as the browser shows it. */
async function refused(visitor: Visitor, path: string, fields: Record<string, string>) {
  const response = await post(visitor, path, fields);
  const html = (await response.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
  return { status: response.status, html };
}
const heldCartOf = async (path: string) =>
  (
    await db
      .select()
      .from(carts)
      .where(eq(carts.id, Number(path.split("/").pop())))
  )[0];
const linesOf = (cartId: number) => db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt));
const stockOf = async (sku: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.sku, sku)))[0].stock;

/** Starts a phone order for the test's customer; the phone order page's path. */
async function startForCustomer(visitor = admin) {
  const response = await post(visitor, NEW, { intent: "customer", customerId: String(customer.id) });
  expect(response.status).toBe(302);
  return response.headers.get("Location")!;
}

/** The addresses and the courier saved on a phone order, as its two forms post them. */
async function addressAndCourier(path: string, email: string) {
  expect((await post(admin, path, { intent: "address", ...ADDRESS, "delivery.contactEmail": email, sameBilling: "on" })).status).toBe(302);
  expect((await post(admin, path, { intent: "shipping", methodId: methods.courier })).status).toBe(302);
}

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  methods = await methodIds(shop);
  const [row] = await db
    .insert(users)
    .values({
      siteId: 1,
      email: customer.email,
      passwordHash: await hashPassword(customer.password),
      firstName: "Marko",
      lastName: `Telefonić${RUN}`,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  customer.id = row.id;
  const [hr] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso, "HR"));
  await db.insert(addresses).values({
    userId: customer.id,
    type: "shipping",
    firstName: "Marko",
    lastName: "Telefonić",
    contactEmail: customer.email,
    contactPhone: "+385 98 765 4321",
    countryId: hr.id,
    city: "Split",
    street: "Poljička cesta",
    houseNumber: "35",
    zipCode: "21000",
  });
}, 60_000);
afterAll(() => shop?.close());

describe("/admin/orders/new", () => {
  it("is reached from the order list and finds the customer by name; choosing one starts a cart held by the staff member", async () => {
    expect((await admin.page("/admin/orders")).html).toContain(`href="${NEW}"`);
    const { response, html } = await admin.page(`${NEW}?q=Telefonić${RUN}`);
    expect(response.status).toBe(200);
    expect(html).toContain(customer.email);
    const path = await startForCustomer();
    expect(path).toMatch(/^\/admin\/orders\/new\/\d+$/);
    const cart = await heldCartOf(path);
    const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(cart).toMatchObject({ userId: customer.id, heldByStaffId: staff.id, locale: "hr", status: "active" });
    // The address form starts with the customer's saved delivery address.
    const page = (await admin.page(path)).html;
    expect(page).toContain('value="Poljička cesta"');
    expect(page).toContain('value="+385 98 765 4321"');
  });

  it("refuses an unknown customer and an e-mail of an account for a customer without one, nothing started", async () => {
    const before = (await db.select({ id: carts.id }).from(carts)).length;
    const unknown = await refused(admin, NEW, { intent: "customer", customerId: "999999" });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("Kupac nije pronađen ili je blokiran.");
    const taken = await refused(admin, NEW, {
      intent: "newCustomer",
      firstName: "Ivo",
      lastName: "Ivić",
      email: customer.email,
      phone: "091 111 2222",
    });
    expect(taken.status).toBe(409);
    expect(taken.html).toContain("ima korisnički račun");
    const bad = await refused(admin, NEW, { intent: "newCustomer", firstName: "", lastName: "Ivić", email: "nije-email", phone: "" });
    expect(bad.status).toBe(400);
    expect((await db.select({ id: carts.id }).from(carts)).length).toBe(before);
  });
});

describe("/admin/orders/new/:cartId", () => {
  let path: string;
  let cartId: number;

  it("adds lines by SKU (a variant as its product's choice, a per-metre length in mm) and refuses an unknown SKU at its field", async () => {
    path = await startForCustomer();
    cartId = (await heldCartOf(path)).id;
    expect((await post(admin, path, { intent: "add", sku: "AK-PNL-SND-40", quantity: "2" })).status).toBe(302);
    expect((await post(admin, path, { intent: "add", sku: "ak-pnl-teg-8017-05", quantity: "1" })).status).toBe(302);
    const noLength = await refused(admin, path, { intent: "add", sku: "AK-TRP-T35-MJERA", quantity: "3" });
    expect(noLength.status).toBe(400);
    expect(noLength.html).toContain("upišite duljinu u milimetrima");
    expect((await post(admin, path, { intent: "add", sku: "AK-TRP-T35-MJERA", quantity: "3", lengthMm: "2500" })).status).toBe(302);
    const unknown = await refused(admin, path, { intent: "add", sku: "NEMA-TAKVE-SIFRE", quantity: "1" });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("Nema proizvoda sa šifrom NEMA-TAKVE-SIFRE.");
    const tooShort = await refused(admin, path, { intent: "add", sku: "AK-TRP-T35-MJERA", quantity: "1", lengthMm: "100" });
    expect(tooShort.status).toBe(400);

    const c = catalogue(shop);
    const [panel, teg, teg8017, trapez] = await Promise.all([
      c.idOf("AK-PNL-SND-40"),
      c.idOf("AK-PNL-TEG-7016-05").then(async (id) => (await db.select().from(products).where(eq(products.id, id)))[0].parentId),
      c.idOf("AK-PNL-TEG-8017-05"),
      c.idOf("AK-TRP-T35-MJERA"),
    ]);
    const lines = await linesOf(cartId);
    expect(lines.map((l) => [l.productId, l.variantId, l.quantity])).toEqual([
      [panel, null, 2],
      [teg, teg8017, 1],
      [trapez, null, 3],
    ]);
    expect(lines[2].options.personalizations).toEqual({ duljina: 2500 });
    // Priced by the cart's engine: 3 pieces × 2,5 m × 14,50 €/m.
    const page = (await admin.page(path)).html;
    expect(page).toContain("108,75");
    expect(page).toContain("2,5\u00a0m");
  });

  it("changes a quantity, refuses a bad one with its message and removes a line", async () => {
    const [panelLine, tegLine] = await linesOf(cartId);
    expect((await post(admin, path, { intent: "quantity", itemId: panelLine.id, quantity: "5" })).status).toBe(302);
    const bad = await refused(admin, path, { intent: "quantity", itemId: panelLine.id, quantity: "0" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Neispravna količina");
    const tooMany = await refused(admin, path, { intent: "quantity", itemId: panelLine.id, quantity: "999" });
    expect(tooMany.status).toBe(409);
    expect((await post(admin, path, { intent: "remove", itemId: tegLine.id })).status).toBe(302);
    expect((await linesOf(cartId)).map((l) => l.quantity)).toEqual([5, 3]);
  });

  it("the customer's own sign-in neither merges nor restores the held cart", async () => {
    const device = await shopper(shop);
    const panel = await catalogue(shop).idOf("AK-DOC-PRIR");
    await device.post(CART, { intent: "add", productId: String(panel), quantity: "1" }, { tokenFrom: CART });
    const own = Number(device.cookies.get("cartId"));
    const login = await submit(device, "/prijava", { intent: "login", username: customer.email, password: customer.password }, "/");
    expect(login.status).toBe(302);
    expect(Number(device.cookies.get("cartId"))).toBe(own);
    expect((await linesOf(own)).map((l) => l.productId)).toEqual([panel]);
    expect((await heldCartOf(path)).status).toBe("active");
    expect(await linesOf(cartId)).toHaveLength(2);
    // On a device without a cart the sign-in restores their own cart, not the held one.
    const other = await shopper(shop);
    await submit(other, "/prijava", { intent: "login", username: customer.email, password: customer.password }, "/");
    expect(Number(other.cookies.get("cartId"))).toBe(own);
  });

  it("places the order through checkout's path: stock taken, confirmation mailed, invoice issued, audit naming the staff", async () => {
    const [panelBefore, trapezBefore] = [await stockOf("AK-PNL-SND-40"), await stockOf("AK-TRP-T35-MJERA")];
    const noAddress = await refused(admin, path, { intent: "place", methodId: methods.bank, note: "" });
    expect(noAddress.status).toBe(400);
    const badAddress = await refused(admin, path, { intent: "address", ...ADDRESS, "delivery.country": "ZZ", sameBilling: "on" });
    expect(badAddress.status).toBe(400);
    await addressAndCourier(path, customer.email);
    const placed = await post(admin, path, { intent: "place", methodId: methods.bank, note: "Dostava prije 10 sati" });
    expect(placed.status).toBe(302);
    const slug = placed.headers.get("Location")!.replace("/admin/orders/", "");
    const [order] = await db.select().from(orders).where(eq(orders.slug, slug));
    expect(order).toMatchObject({
      userId: customer.id,
      email: customer.email,
      cartId,
      paymentGateway: "bankTransfer",
      status: "received",
      instructions: "Dostava prije 10 sati",
      consentLogId: null,
    });
    expect(order.deliveryAddress.street).toBe("Ilica");
    expect(await stockOf("AK-PNL-SND-40")).toBe(panelBefore! - 5);
    expect(await stockOf("AK-TRP-T35-MJERA")).toBeLessThan(trapezBefore!);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(mails.find((m) => m.kind === "orderConfirmation")?.to).toBe(customer.email);
    const invoices = await db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.orderId, order.id), eq(issuedDocuments.kind, "invoice")));
    expect(invoices).toHaveLength(1);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, order.id), eq(auditLog.action, "createdByPhone")));
    expect(audit.actorEmail).toBe(DEMO_ADMIN.email);
    // In the list like any order; its page names who took it by phone.
    expect((await admin.page(`/admin/orders?q=${slug}`)).html).toContain(`/admin/orders/${slug}`);
    expect((await admin.page(`/admin/orders/${slug}`)).html).toContain("Narudžba primljena telefonom");
    expect((await heldCartOf(path)).status).toBe("archived");
    expect((await admin.page(path)).response.status).toBe(404);
  });
});

describe("a phone order for a customer without an account", () => {
  it("makes them a guest, refuses the card link and places the order by cash on delivery", async () => {
    const email = `novi-${RUN}@example.com`;
    const started = await post(admin, NEW, { intent: "newCustomer", firstName: "Ivana", lastName: "Novak", email, phone: "091 222 3333" });
    expect(started.status).toBe(302);
    const path = started.headers.get("Location")!;
    const cart = await heldCartOf(path);
    const [guest] = await db.select().from(users).where(eq(users.id, cart.userId!));
    expect(guest).toMatchObject({ email, isGuest: true });
    const page = (await admin.page(path)).html;
    expect(page).toContain("Ivana Novak");
    expect(page).toContain('value="091 222 3333"');
    expect((await post(admin, path, { intent: "add", sku: "AK-PRB-VIJ-4870", quantity: "4" })).status).toBe(302);
    await addressAndCourier(path, email);
    const card = await refused(admin, path, { intent: "place", methodId: methods.card, note: "" });
    expect(card.status).toBe(400);
    expect(card.html).toContain("Plaćanje karticom poveznicom traži korisnički račun kupca.");
    const placed = await refused(admin, path, { intent: "place", methodId: methods.cod, note: "" });
    expect(placed.status, placed.html.match(/text-red-700[^>]*>[^<]+/g)?.join(" | ")).toBe(302);
    const [order] = await db.select().from(orders).where(eq(orders.cartId, cart.id));
    expect(order).toMatchObject({ email, userId: guest.id, paymentGateway: "cashOnDelivery" });
  });
});

describe("card and discard", () => {
  it("a card order mails the customer their order's pay-by-card page, after the confirmation", async () => {
    const path = await startForCustomer();
    expect((await post(admin, path, { intent: "add", sku: "AK-PNL-SND-40", quantity: "1" })).status).toBe(302);
    await addressAndCourier(path, customer.email);
    const placed = await post(admin, path, { intent: "place", methodId: methods.card, note: "" });
    expect(placed.status).toBe(302);
    const slug = placed.headers.get("Location")!.replace("/admin/orders/", "");
    const [order] = await db.select().from(orders).where(eq(orders.slug, slug));
    expect(order.paymentStatus).toBe("pending");
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id)).orderBy(asc(mailOutbox.id));
    expect(mails.map((m) => m.kind)).toContain("orderConfirmation");
    const link = mails.find((m) => m.kind === "orderPayLink");
    expect(link?.to).toBe(customer.email);
    expect(link?.text).toContain(`/profil/narudzbe/${slug}`);
  });

  it("'Odustani' archives the held cart with an audit entry; the page is gone", async () => {
    const path = await startForCustomer();
    const cart = await heldCartOf(path);
    const discarded = await post(admin, path, { intent: "discard" });
    expect(discarded.status).toBe(302);
    expect(discarded.headers.get("Location")).toBe("/admin/orders");
    expect((await heldCartOf(path)).status).toBe("archived");
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "cart"), eq(auditLog.entityId, cart.id), eq(auditLog.action, "phoneOrderDiscarded")));
    expect(audit.actorEmail).toBe(DEMO_ADMIN.email);
    expect((await admin.page(path)).response.status).toBe(404);
  });
});

describe("scope", () => {
  it("a backoffice user without the sales scope is refused in the loader and the action, nothing changed", async () => {
    const path = await startForCustomer();
    const editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
    expect((await editor.get(NEW)).status).toBe(403);
    expect((await editor.get(path)).status).toBe(403);
    const before = (await db.select({ id: carts.id }).from(carts)).length;
    // The editor's token comes from a page they may open; the posts themselves are refused.
    const start = await editor.post(NEW, { intent: "customer", customerId: String(customer.id) }, { tokenFrom: "/admin" });
    expect(start.status).toBe(403);
    const add = await editor.post(path, { intent: "add", sku: "AK-PNL-SND-40", quantity: "1" }, { tokenFrom: "/admin" });
    expect(add.status).toBe(403);
    expect((await db.select({ id: carts.id }).from(carts)).length).toBe(before);
    expect(await linesOf((await heldCartOf(path)).id)).toHaveLength(0);
  });
});
