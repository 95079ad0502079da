import { JSDOM } from "jsdom";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, deliveryBranches, deliveryMethods, options, orders, paymentMethods, stores } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { fieldErrors, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { catalogue, testId } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { shopper } from "./cart-helpers";
import { ADDRESS, addToCart, CHECKOUT, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * Shipping and payments in the backoffice (decision 0049): delivery methods with their
 * price and branches, the free-delivery threshold and the allowed countries as the cart
 * and checkout show them; payment methods switched off (never the last one), the bank
 * account checked as IBAN and shown on the payment slip, card keys only "configured or
 * not". As a browser without JavaScript.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let buyers = 0;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  panel = await catalogue(shop).idOf("AK-PNL-SND-40"); // 34,90 EUR
  ids = await methodIds(shop);
}, 60_000);
afterAll(() => shop?.close());

const doc = (html: string) => new JSDOM(html).window.document;
const method = async (id: string) =>
  (
    await db
      .select()
      .from(deliveryMethods)
      .where(eq(deliveryMethods.id, Number(id)))
  )[0];
const payment = async (id: string) =>
  (
    await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, Number(id)))
  )[0];

/** A signed-in shopper with `quantity` panels, past the address step. */
async function atShipping(quantity = 1) {
  const visitor = await signInAs(await shopper(shop), await newCustomer(db, `shipping-${++buyers}-${Date.now()}@example.com`));
  await addToCart(visitor, panel, quantity);
  expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
  return visitor;
}

/** The editor's current values of a delivery method, as its form posts them. */
async function methodForm(id: string): Promise<Record<string, string>> {
  const m = await method(id);
  return {
    intent: "save",
    version: String(m.version),
    code: m.code,
    "name.hr": m.name.hr ?? "",
    "name.en": m.name.en ?? "",
    "name.de": m.name.de ?? "",
    "description.hr": m.description.hr ?? "",
    price: (m.priceCents / 100).toFixed(2).replace(".", ","),
    taxRate: String(m.taxRateBp / 100),
    ...(m.active ? { active: "on" } : {}),
  };
}

async function paymentForm(id: string, bank: Record<string, string> = {}): Promise<Record<string, string>> {
  const p = await payment(id);
  return {
    intent: "save",
    version: String(p.version),
    "name.hr": p.name.hr ?? "",
    "name.en": p.name.en ?? "",
    "name.de": p.name.de ?? "",
    ...(p.active ? { active: "on" } : {}),
    ...Object.fromEntries(Object.entries(bank).map(([key, value]) => [`bank.${key}`, value])),
  };
}

describe("delivery methods", () => {
  it("changes a price and checkout charges it; a stale version changes nothing", async () => {
    const before = await method(ids.courier);
    const saved = await submit(admin, `/admin/shipping/${ids.courier}`, {
      ...(await methodForm(ids.courier)),
      price: "19,90",
      "name.en": "",
    });
    expect(saved.status).toBe(302);
    expect(await method(ids.courier)).toMatchObject({
      priceCents: 1990,
      version: before.version + 1,
      name: { hr: before.name.hr, de: before.name.de },
    });
    // An emptied translation is dropped, so the shop shows the Croatian name.
    expect((await method(ids.courier)).name.en).toBeUndefined();
    const visitor = await atShipping();
    const page = (await visitor.page(CHECKOUT)).html;
    expect(page).toContain("19,90");
    expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(302);
    expect(testId((await visitor.page(CHECKOUT)).html, "summary-delivery")).toBe("Dostava19,90\u00a0EUR");
    const [trail] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "deliveryMethod"), eq(auditLog.entityId, Number(ids.courier))))
      .orderBy(desc(auditLog.id));
    expect(trail).toMatchObject({ action: "update", before: { priceCents: before.priceCents }, after: { priceCents: 1990 } });

    const stale = await submit(admin, `/admin/shipping/${ids.courier}`, {
      ...(await methodForm(ids.courier)),
      version: String(before.version),
      price: "1",
    });
    expect(stale.status).toBe(409);
    expect((await method(ids.courier)).priceCents).toBe(1990);
  });

  it("adds branches of either kind; checkout names the kind and asks for one", async () => {
    const added = await submit(admin, `/admin/shipping/${ids.locker}`, {
      intent: "addBranch",
      version: String((await method(ids.locker)).version),
      name: "Skladište Split",
      address: "Riva 1, 21000 Split",
      kind: "pickup",
      active: "on",
    });
    expect(added.status).toBe(302);
    const branches = await db
      .select()
      .from(deliveryBranches)
      .where(eq(deliveryBranches.deliveryMethodId, Number(ids.locker)));
    expect(branches.find((b) => b.name === "Skladište Split")).toMatchObject({ kind: "pickup", active: true });
    // Both kinds in one list: each option says its kind, the select asks for "Poslovnica / paketomat".
    const html = (await (await atShipping()).page(CHECKOUT)).html;
    expect(html).toContain("Poslovnica: Skladište Split (Riva 1, 21000 Split)");
    expect(html).toContain("Paketomat: Paketomat Zagreb – Avenue Mall (Avenija Dubrovnik 16, 10000 Zagreb)");
    expect(html).toContain(">Poslovnica / paketomat<");

    // Removed again, the list holds parcel lockers only and the select is named after them.
    const split = branches.find((b) => b.name === "Skladište Split")!;
    expect(
      (
        await submit(admin, `/admin/shipping/${ids.locker}`, {
          intent: "removeBranch",
          branchId: String(split.id),
          version: String((await method(ids.locker)).version),
        })
      ).status,
    ).toBe(302);
    const only = (await (await atShipping()).page(CHECKOUT)).html;
    expect(only).toContain(">Paketomat<");
    expect(only).toContain(">Paketomat Zagreb – Avenue Mall (Avenija Dubrovnik 16, 10000 Zagreb)<");
    expect(only).not.toContain("Skladište Split");
  });

  it("moves a method up (checkout offers methods in that order) and a branch down", async () => {
    const order = async (visitor: Visitor) =>
      [...(await visitor.page(CHECKOUT)).html.matchAll(/name="methodId" [^>]*value="(\d+)"/g)].map((m) => m[1]);
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await submit(admin, "/admin/shipping", {
            intent: "up",
            methodId: ids.locker,
            version: String((await method(ids.locker)).version),
          })
        ).status,
      ).toBe(302);
    }
    expect((await order(await atShipping()))[0]).toBe(ids.locker);
    const [first, second] = await db
      .select()
      .from(deliveryBranches)
      .where(eq(deliveryBranches.deliveryMethodId, Number(ids.locker)))
      .orderBy(deliveryBranches.position, deliveryBranches.id);
    expect(
      (
        await submit(admin, `/admin/shipping/${ids.locker}`, {
          intent: "branchDown",
          branchId: String(first.id),
          version: String((await method(ids.locker)).version),
        })
      ).status,
    ).toBe(302);
    const moved = await db
      .select()
      .from(deliveryBranches)
      .where(eq(deliveryBranches.deliveryMethodId, Number(ids.locker)))
      .orderBy(deliveryBranches.position, deliveryBranches.id);
    expect(moved.slice(0, 2).map((b) => b.id)).toEqual([second.id, first.id]);

    // Edited: renamed and switched off, it is no longer offered.
    const edited = await submit(admin, `/admin/shipping/${ids.locker}`, {
      intent: "saveBranch",
      branchId: String(first.id),
      version: String((await method(ids.locker)).version),
      name: "Paketomat Zagreb – zatvoren",
      address: first.address,
      kind: "locker",
    });
    expect(edited.status).toBe(302);
    expect((await db.select().from(deliveryBranches).where(eq(deliveryBranches.id, first.id)))[0]).toMatchObject({
      name: "Paketomat Zagreb – zatvoren",
      active: false,
    });
    const html = (await (await atShipping()).page(CHECKOUT)).html;
    expect(html).not.toContain("Paketomat Zagreb");
    expect(html).toContain(second.name);
  });

  it("creates a method, refuses deleting one orders used, deletes an unused one", async () => {
    const made = await submit(admin, "/admin/shipping/new", {
      intent: "save",
      code: "osobno",
      "name.hr": "Osobno preuzimanje",
      price: "0",
      taxRate: "25",
      active: "on",
    });
    expect(made.status).toBe(302);
    const [row] = await db.select().from(deliveryMethods).where(eq(deliveryMethods.code, "osobno"));
    expect(row).toMatchObject({ priceCents: 0, taxRateBp: 2500, name: { hr: "Osobno preuzimanje" } });
    const taken = await submit(admin, "/admin/shipping/new", {
      intent: "save",
      code: "osobno",
      "name.hr": "Opet",
      price: "1",
      taxRate: "25",
    });
    expect(taken.status).toBe(409);
    expect(fieldErrors(taken.html, "method-form")["method-code"]).toBe("Način dostave s tim kodom već postoji.");

    const placed = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "cashOnDelivery" });
    await db
      .update(orders)
      .set({ deliveryMethodId: Number(ids.courier) })
      .where(eq(orders.id, placed.id));
    const used = await db
      .select()
      .from(deliveryMethods)
      .where(eq(deliveryMethods.id, Number(ids.courier)));
    const refused = await submit(admin, `/admin/shipping/${ids.courier}`, { intent: "delete", version: String(used[0].version) });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Narudžbe su koristile ovaj način dostave pa se ne može obrisati: isključite ga.");
    const deleted = await submit(admin, `/admin/shipping/${row.id}`, { intent: "delete", version: String(row.version) });
    expect(deleted).toMatchObject({ status: 302, location: "/admin/shipping" });
    expect(await db.select().from(deliveryMethods).where(eq(deliveryMethods.id, row.id))).toEqual([]);
  });
});

describe("free delivery and countries", () => {
  it("the free-delivery threshold reaches the cart; empty turns it off", async () => {
    const set = await submit(admin, "/admin/shipping", { intent: "freeDelivery", amount: "50", was: "30000" });
    expect(set.status).toBe(302);
    const [option] = await db.select().from(options).where(eq(options.key, "FreeDeliveryAmount"));
    expect(option.value).toEqual({ 44: 5000 });
    const below = await atShipping(1); // 34,90 < 50,00
    expect(testId((await below.page("/kosarica")).html, "free-delivery")).toBe(
      "Besplatna dostava za narudžbe od 50,00\u00a0EUR (iznos proizvoda nakon popusta)Do besplatne dostave nedostaje još 15,10\u00a0EUR",
    );
    const visitor = await atShipping(2); // 69,80 ≥ 50,00
    expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(302);
    expect(testId((await visitor.page(CHECKOUT)).html, "summary-delivery")).toBe("DostavaBesplatna dostava");

    // A form showing an older threshold is refused; nothing changes.
    expect((await submit(admin, "/admin/shipping", { intent: "freeDelivery", amount: "", was: "30000" })).status).toBe(409);
    expect((await submit(admin, "/admin/shipping", { intent: "freeDelivery", amount: "", was: "5000" })).status).toBe(302);
    expect(testId((await below.page("/kosarica")).html, "free-delivery")).toBeNull();
    expect(testId((await visitor.page(CHECKOUT)).html, "summary-delivery")).not.toBe("DostavaBesplatna dostava");
  });

  it("allowed countries reach the checkout's country select and its check", async () => {
    const [store] = await db.select().from(stores);
    const was = store.checkoutSettings.allowedCountries.join(",");
    const set = await submit(admin, "/admin/shipping", { intent: "countries", mode: "list", countries: ["SI", "HR"], was });
    expect(set.status).toBe(302);
    const [after] = await db.select().from(stores);
    // Only this key changed: the other checkout settings stay as they were.
    expect(after.checkoutSettings).toEqual({ ...store.checkoutSettings, allowedCountries: ["HR", "SI"] });
    const visitor = await atShipping();
    const select = doc((await visitor.page(`${CHECKOUT}?step=address`)).html).querySelector('select[name="delivery.country"]');
    expect(
      [...(select?.querySelectorAll("option") ?? [])]
        .map((o) => o.getAttribute("value"))
        .filter(Boolean)
        .sort(),
    ).toEqual(["HR", "SI"]);
    const austria = await step(visitor, { intent: "address", ...ADDRESS, "delivery.country": "AT" });
    expect(austria.status).toBe(400);
    expect((await submit(admin, "/admin/shipping", { intent: "countries", mode: "list", countries: [], was: "HR,SI" })).status).toBe(400);
    expect((await submit(admin, "/admin/shipping", { intent: "countries", mode: "all", was: "HR,SI" })).status).toBe(302);
    expect((await db.select().from(stores))[0].checkoutSettings.allowedCountries).toEqual(["ALL"]);
  });
});

describe("payment methods", () => {
  it("refuses an IBAN whose check digits fail; a valid one is on the payment slip", async () => {
    const bad = await submit(admin, `/admin/payments/${ids.bank}`, await paymentForm(ids.bank, { iban: "HR1210010051863000161" }));
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.html, "payment-form")["payment-bank.iban"]).toBe("IBAN nije ispravan (provjerite kontrolne znamenke).");
    const good = await submit(
      admin,
      `/admin/payments/${ids.bank}`,
      await paymentForm(ids.bank, {
        iban: "hr12 1001 0051 8630 0016 0",
        accountHolder: "Alu Krov d.o.o.",
        bankName: "Testna banka",
        model: "HR01",
        referencePrefix: "77",
      }),
    );
    expect(good.status).toBe(302);
    expect((await payment(ids.bank)).settings).toMatchObject({
      iban: "HR1210010051863000160",
      bankName: "Testna banka",
      referencePrefix: "77",
    });

    const customer = await signInAsCustomer(shop, new Visitor(shop));
    const order = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    const details = doc(await (await customer.get(`/profil/narudzbe/${order.slug}`)).text()).querySelector(
      '[data-testid="bank-transfer-details"]',
    );
    expect(details?.querySelector('[data-testid="bank-transfer-iban"]')?.textContent).toBe("HR12 1001 0051 8630 0016 0");
    expect(details?.querySelector('[data-testid="bank-transfer-reference"]')?.textContent).toBe(`77-${order.slug}`);

    // Emptied, the seller's IBAN (SellerDetails) is back on the slip.
    expect(
      (await submit(admin, `/admin/payments/${ids.bank}`, await paymentForm(ids.bank, { iban: "", referencePrefix: "" }))).status,
    ).toBe(302);
    const again = doc(await (await customer.get(`/profil/narudzbe/${order.slug}`)).text());
    expect(again.querySelector('[data-testid="bank-transfer-iban"]')?.textContent).toBe("HR17 2360 0001 1012 3456 5");
  });

  it("shows whether the card provider is configured, never a key", async () => {
    const { html } = await admin.page(`/admin/payments/${ids.card}`);
    expect(testId(html, "card-secret")).toMatch(/^(postavljeno|nije postavljeno)$/);
    expect(html).not.toContain('name="bank.iban"');
    if (process.env.PAYMENT_CARD_SECRET) expect(html).not.toContain(process.env.PAYMENT_CARD_SECRET);
  });

  it("a method switched off is gone from checkout; the last active one cannot be switched off", async () => {
    const off = await submit(admin, "/admin/payments", {
      intent: "off",
      methodId: ids.cod,
      version: String((await payment(ids.cod)).version),
    });
    expect(off.status).toBe(302);
    const visitor = await atShipping();
    await step(visitor, { intent: "shipping", methodId: ids.courier });
    const html = (await visitor.page(`${CHECKOUT}?step=payment`)).html;
    expect(html).not.toContain(`name="methodId" value="${ids.cod}"`);
    expect(html).toContain(`value="${ids.bank}"`);

    const others = (await db.select().from(paymentMethods).where(eq(paymentMethods.active, true))).filter((p) => String(p.id) !== ids.bank);
    for (const p of others)
      expect((await submit(admin, "/admin/payments", { intent: "off", methodId: String(p.id), version: String(p.version) })).status).toBe(
        302,
      );
    const last = await submit(admin, "/admin/payments", {
      intent: "off",
      methodId: ids.bank,
      version: String((await payment(ids.bank)).version),
    });
    expect(last.toast).toMatchObject({ type: "error", text: "Barem jedan način plaćanja mora ostati uključen." });
    expect((await payment(ids.bank)).active).toBe(true);
    const viaEditor = await submit(admin, `/admin/payments/${ids.bank}`, { ...(await paymentForm(ids.bank)), active: "" });
    expect(viaEditor.status).toBe(409);
    expect((await payment(ids.bank)).active).toBe(true);
    for (const id of [ids.cod, ...others.map((p) => String(p.id))])
      await submit(admin, "/admin/payments", { intent: "on", methodId: id, version: String((await payment(id)).version) });
    expect((await db.select().from(paymentMethods).where(eq(paymentMethods.active, true))).length).toBeGreaterThanOrEqual(2);
  });
});
