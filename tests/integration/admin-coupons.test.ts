// Both databases: usage limits counted at apply time and at order placement.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, coupons, orders, stores } from "~/.server/db/schema";
import { loginAsAdmin } from "../setup/accounts";
import { decodeEntities, fieldErrors, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { cartPage, cartPost, cartRow, shopper } from "./cart-helpers";
import { ADDRESS, addToCart, CHECKOUT, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * Coupons in the backoffice (decision 0049): every kind the cart engine knows made
 * through the editor and applied by a shopper, the code rules, the per-customer limit at
 * apply time and at order placement, usage on the detail page, delete refused once used,
 * stale versions, the list's filters, CSV and bulk switch. As a browser without JavaScript.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consentId: string;
let buyers = 0;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  panel = await catalogue(shop).idOf("AK-PNL-SND-40"); // 34,90 EUR
  ids = await methodIds(shop);
  consentId = await checkoutConsentId(db);
}, 60_000);
afterAll(() => shop?.close());

const couponBy = async (code: string) => (await db.select().from(coupons).where(eq(coupons.code, code)))[0];
const FORM = {
  intent: "save",
  type: "percent",
  percent: "",
  amount: "",
  minCart: "",
  products: "",
  usageLimit: "",
  perCustomerLimit: "",
  validFrom: "",
  validTo: "",
  active: "on",
  note: "",
};

async function create(fields: Record<string, string>) {
  return submit(admin, "/admin/coupons/new", { ...FORM, ...fields });
}
async function edit(code: string, fields: Record<string, string>) {
  const row = await couponBy(code);
  return submit(admin, `/admin/coupons/${row.id}`, { ...FORM, ...(await formOf(code)), version: String(row.version), ...fields });
}
/** The editor's current values of a coupon, as its form would post them. */
async function formOf(code: string): Promise<Record<string, string>> {
  const row = await couponBy(code);
  const euros = (c: number) => (c / 100).toFixed(2).replace(".", ",");
  return {
    code: row.code,
    type: row.type,
    percent: row.type === "percent" ? String(row.value) : "",
    amount: row.type === "fixed" ? euros(row.value) : "",
    minCart: row.minCartCents ? euros(row.minCartCents) : "",
    active: row.active ? "on" : "",
    note: row.note,
  };
}

/** A shopper with `quantity` panels in the cart who applies `code`: the toast and the cart's coupon line. */
async function applyAs(code: string, quantity: number, visitor?: Visitor) {
  const who = visitor ?? (await shopper(shop));
  await addToCart(who, panel, quantity);
  const result = await cartPost(who, { intent: "coupon", couponCode: code });
  return { visitor: who, result, coupon: (await cartPage(who)).summary("coupon") };
}

async function signedInShopper(customerId: number) {
  return signInAs(await shopper(shop), customerId);
}

/** Address and delivery steps of the checkout. */
async function prepare(visitor: Visitor) {
  expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
  expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(302);
}
const pay = (visitor: Visitor) => step(visitor, { intent: "payment", methodId: ids.bank, acceptedConsents: consentId });
/** Address, delivery and payment steps of the checkout; the last step's answer. */
async function checkout(visitor: Visitor) {
  await prepare(visitor);
  return pay(visitor);
}

const newBuyer = () => newCustomer(db, `coupons-${++buyers}-${Date.now()}@example.com`);

describe("making coupons of every kind", () => {
  it("saves a percentage from a minimum, upper-cases the code, and the shopper gets it only from that value", async () => {
    const made = await create({ code: "jesen-15", percent: "15", minCart: "50" });
    expect(made.status).toBe(302);
    expect(made.toast?.text).toBe("Kupon je spremljen.");
    const row = await couponBy("JESEN-15");
    expect(row).toMatchObject({ type: "percent", value: 15, minCartCents: 5000, active: true, version: 1 });
    expect(made.location).toBe(`/admin/coupons/${row.id}`);

    const below = await applyAs("jesen-15", 1); // 34,90 < 50
    expect(below.result).toMatchObject({ toastType: "error" });
    expect(below.result.toast).toContain("50,00");
    const above = await applyAs("jesen-15", 2); // 69,80 → −10,47
    expect(above.result.toast).toBe("Kupon je primijenjen");
    expect(above.coupon).toBe("Kupon\u221210,47 EUR");
  });

  it("saves a fixed amount, limited to products picked by SKU or name; an unknown one is refused at its field", async () => {
    const unknown = await create({ code: "SAMO-PANEL", type: "fixed", amount: "5", products: "AK-PNL-SND-40\nNEMA-TAKVOG" });
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown.html, "coupon-form")["coupon-products"]).toBe("Nepoznati proizvodi: NEMA-TAKVOG");
    expect(await couponBy("SAMO-PANEL")).toBeUndefined();

    expect((await create({ code: "SAMO-PANEL", type: "fixed", amount: "5,50", products: "ak-pnl-snd-40" })).status).toBe(302);
    expect(await couponBy("SAMO-PANEL")).toMatchObject({ type: "fixed", value: 550, productIds: [panel] });
    expect((await applyAs("SAMO-PANEL", 1)).coupon).toBe("Kupon\u22125,50 EUR");
  });

  it("keeps validity to the shop's days and a total usage limit", async () => {
    expect((await create({ code: "OD-SUTRA", percent: "10", validFrom: "2999-01-01" })).status).toBe(302);
    expect((await applyAs("OD-SUTRA", 1)).result.toast).toBe("Kupon trenutačno ne vrijedi");
    expect((await create({ code: "JEDAN-PUT", percent: "10", usageLimit: "1" })).status).toBe(302);
    await db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.code, "JEDAN-PUT"));
    expect((await applyAs("JEDAN-PUT", 1)).result.toast).toBe("Kupon je već iskorišten");
    const row = await couponBy("OD-SUTRA");
    // 2999-01-01 00:00 in Zagreb (winter time, UTC+1).
    expect(row.validFrom?.toISOString()).toBe("2998-12-31T23:00:00.000Z");
  });

  it("refuses codes outside the rules, a taken code and a kind without its value", async () => {
    for (const code of ["AB", "MAKS_10", "ŠKOLA", "X".repeat(33)]) {
      const refused = await create({ code, percent: "10" });
      expect(refused.status, code).toBe(400);
      expect(fieldErrors(refused.html, "coupon-form")["coupon-code"], code).toMatch(/3–32 znaka|najviše|znakova/);
    }
    const taken = await create({ code: "jesen-15", percent: "10" });
    expect(taken.status).toBe(409);
    expect(fieldErrors(taken.html, "coupon-form")["coupon-code"]).toBe("Kupon s tim kodom već postoji.");
    const noValue = await create({ code: "BEZ-IZNOSA", type: "fixed" });
    expect(noValue.status).toBe(400);
    expect(fieldErrors(noValue.html, "coupon-form")["coupon-amount"]).toBe("Upišite iznos popusta veći od nule.");
    expect((await create({ code: "POSTO", percent: "101" })).status).toBe(400);
  });
});

describe("the per-customer limit", () => {
  it("is refused at apply time once the signed-in customer used it up; a cancelled order does not count", async () => {
    expect((await create({ code: "JEDNOM-PO-KUPCU", percent: "10", perCustomerLimit: "1" })).status).toBe(302);
    const customer = await newBuyer();
    const first = await applyAs("JEDNOM-PO-KUPCU", 1, await signedInShopper(customer));
    expect(first.result.toast).toBe("Kupon je primijenjen");
    const placed = await checkout(first.visitor);
    expect(placed.status).toBe(302);
    const [order] = await db.select().from(orders).where(eq(orders.userId, customer));
    expect(order.couponCode).toBe("JEDNOM-PO-KUPCU");

    const again = await applyAs("JEDNOM-PO-KUPCU", 1, await signedInShopper(customer));
    expect(again.result).toMatchObject({ toastType: "error", toast: "Ovaj kupon ste već iskoristili najveći dopušteni broj puta" });
    // Another customer still may.
    expect((await applyAs("JEDNOM-PO-KUPCU", 1, await signedInShopper(await newBuyer()))).result.toast).toBe("Kupon je primijenjen");

    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
    expect((await cartPost(again.visitor, { intent: "coupon", couponCode: "JEDNOM-PO-KUPCU" })).toast).toBe("Kupon je primijenjen");
  });

  it("is always checked at placement: of two carts of one customer the second is refused, its coupon taken off, then it orders at full price", async () => {
    expect((await create({ code: "DVA-KOSARE", percent: "10", perCustomerLimit: "1" })).status).toBe(302);
    const customer = await newBuyer();
    // Both carts take the coupon and reach the payment step before either order exists.
    const one = await applyAs("DVA-KOSARE", 1, await signedInShopper(customer));
    const two = await applyAs("DVA-KOSARE", 1, await signedInShopper(customer));
    expect([one.result.toast, two.result.toast]).toEqual(["Kupon je primijenjen", "Kupon je primijenjen"]);
    await prepare(one.visitor);
    await prepare(two.visitor);
    expect((await pay(one.visitor)).status).toBe(302);
    const refused = await pay(two.visitor);
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Ovaj kupon ste već iskoristili najveći dopušteni broj puta pa je uklonjen.");
    expect(await db.select().from(orders).where(eq(orders.userId, customer))).toHaveLength(1);
    expect(await cartRow(db, two.visitor)).toMatchObject({ status: "active", couponCode: null });
    expect((await pay(two.visitor)).status).toBe(302);
    const placed = await db
      .select({ coupon: orders.couponCode, cents: orders.couponCents })
      .from(orders)
      .where(eq(orders.userId, customer))
      .orderBy(orders.id);
    expect(placed).toEqual([
      { coupon: "DVA-KOSARE", cents: 349 },
      { coupon: null, cents: 0 },
    ]);
  });

  it("counts a guest by the order's e-mail (in any case): at the address step, and at placement", async () => {
    expect((await create({ code: "GOST-JEDNOM", percent: "10", perCustomerLimit: "1" })).status).toBe(302);
    const [store] = await db.select().from(stores);
    await db
      .update(stores)
      .set({ checkoutSettings: { ...store.checkoutSettings, guestCheckout: true } })
      .where(eq(stores.id, store.id));
    const email = `gost-${Date.now()}@example.com`;
    const asGuest = async (typed: string) => {
      const guest = await shopper(shop);
      await addToCart(guest, panel, 1);
      // Before the e-mail is known the coupon applies.
      expect((await cartPost(guest, { intent: "coupon", couponCode: "GOST-JEDNOM" })).toast).toBe("Kupon je primijenjen");
      expect((await step(guest, { intent: "guest", email: typed })).status).toBe(302);
      return guest;
    };
    const first = await asGuest(email);
    const racing = await asGuest(email.toUpperCase());
    await prepare(first);
    await prepare(racing);
    expect((await pay(first)).status).toBe(302);
    expect(await db.select({ email: orders.email }).from(orders).where(eq(orders.couponCode, "GOST-JEDNOM"))).toEqual([{ email }]);
    // At placement: refused for the same e-mail.
    const refused = await pay(racing);
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Ovaj kupon ste već iskoristili");
    // At the address step, once the e-mail is known: taken off, and the shopper is told.
    const late = await asGuest(email);
    const address = await submit(late, CHECKOUT, { intent: "address", ...ADDRESS }, "/kosarica");
    expect(address.toast).toMatchObject({ type: "info", text: "Kupon ne vrijedi za ovu narudžbu i uklonjen je. Provjerite iznos." });
    expect((await cartRow(db, late)).couponCode).toBeNull();
    expect(await db.select().from(orders).where(eq(orders.couponCode, "GOST-JEDNOM"))).toHaveLength(1);
  });
});

describe("the coupon page", () => {
  it("shows usage and the orders that used it; a used coupon cannot be deleted, an unused one can", async () => {
    const row = await couponBy("JEDNOM-PO-KUPCU");
    const { html } = await admin.page(`/admin/coupons/${row.id}`);
    const text = decodeEntities(html);
    expect(text).toContain("Iskorišteno 1 od neograničeno");
    expect(text).toContain("po kupcu: 1");
    const [order] = await db.select().from(orders).where(eq(orders.couponCode, "JEDNOM-PO-KUPCU"));
    expect(html).toContain(`href="/admin/orders/${order.slug}"`);

    const refused = await submit(admin, `/admin/coupons/${row.id}`, { intent: "delete", version: String(row.version) });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Kupon su koristile narudžbe pa se ne može obrisati: isključite ga.");
    expect(await couponBy("JEDNOM-PO-KUPCU")).toBeDefined();

    expect((await create({ code: "NEKORISTEN", percent: "5" })).status).toBe(302);
    const unused = await couponBy("NEKORISTEN");
    const deleted = await submit(admin, `/admin/coupons/${unused.id}`, { intent: "delete", version: String(unused.version) });
    expect(deleted).toMatchObject({ status: 302, location: "/admin/coupons" });
    expect(deleted.toast?.text).toBe("Kupon je obrisan.");
    expect(await couponBy(unused.code)).toBeUndefined();
    const [trail] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "coupon"), eq(auditLog.entityId, unused.id)))
      .orderBy(desc(auditLog.id));
    expect(trail.action).toBe("delete");
  });

  it("saves a change with version + 1 and its trail; a stale version changes nothing (409)", async () => {
    const before = await couponBy("SAMO-PANEL");
    const saved = await edit("SAMO-PANEL", { amount: "7", note: "Za sajam" });
    expect(saved.status).toBe(302);
    const after = await couponBy("SAMO-PANEL");
    expect(after).toMatchObject({ value: 700, note: "Za sajam", version: before.version + 1, productIds: [] });
    const [trail] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "coupon"), eq(auditLog.entityId, after.id)))
      .orderBy(desc(auditLog.id));
    expect(trail).toMatchObject({ action: "update", before: { value: 550, note: "" }, after: { value: 700, note: "Za sajam" } });

    const stale = await submit(admin, `/admin/coupons/${after.id}`, {
      ...FORM,
      ...(await formOf("SAMO-PANEL")),
      amount: "9",
      version: String(before.version),
    });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain("Netko je u međuvremenu promijenio");
    expect((await couponBy("SAMO-PANEL")).value).toBe(700);
  });

  it("keeps the code of a used coupon", async () => {
    const refused = await edit("JEDNOM-PO-KUPCU", { code: "NOVI-KOD" });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Kod kupona koji su narudžbe iskoristile ne može se mijenjati.");
  });
});

describe("the coupon list", () => {
  it("searches by code, filters by state and kind, exports the filtered list and switches ticked coupons off and on", async () => {
    const list = await admin.page("/admin/coupons?q=jesen");
    expect(list.html).toContain("JESEN-15");
    expect(list.html).not.toContain("SAMO-PANEL");
    expect((await admin.page("/admin/coupons?state=scheduled")).html).toContain("OD-SUTRA");
    expect((await admin.page("/admin/coupons?state=usedUp")).html).toContain("JEDAN-PUT");
    expect((await admin.page("/admin/coupons?state=active")).html).not.toContain("OD-SUTRA");
    const fixed = (await admin.page("/admin/coupons?type=fixed")).html;
    expect(fixed).toContain("SAMO-PANEL");
    expect(fixed).not.toContain("JESEN-15");
    expect((await admin.get("/admin/coupons?state=nope")).status).toBe(400);

    const csv = await admin.get("/admin/coupons.csv?type=fixed");
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const body = await csv.text();
    expect(body).toContain("SAMO-PANEL");
    expect(body).not.toContain("JESEN-15");

    const one = await couponBy("JESEN-15");
    const off = await submit(admin, "/admin/coupons?q=jesen", { intent: "deactivate", ids: [String(one.id)] }, "/admin/coupons");
    expect(off.status).toBe(302);
    expect(off.location).toBe("/admin/coupons?q=jesen");
    expect(await couponBy("JESEN-15")).toMatchObject({ active: false, version: one.version + 1 });
    expect((await admin.page("/admin/coupons?state=inactive")).html).toContain("JESEN-15");
    expect((await applyAs("JESEN-15", 2)).result.toast).toBe("Kupon nije pronađen!");
    await submit(admin, "/admin/coupons", { intent: "activate", ids: [String(one.id)] });
    expect((await couponBy("JESEN-15")).active).toBe(true);
  });
});
