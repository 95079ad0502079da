import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, deliveryMethods, deliveryRates, deliveryZones, options, orders, products } from "~/.server/db/schema";
import { FREE_DELIVERY_OPTION } from "~/modules/kernel/options";
import { loginAsAdmin } from "../setup/accounts";
import { submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { catalogue, testId } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { cartPost, shopper } from "./cart-helpers";
import { ADDRESS, addToCart, CHECKOUT, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * Delivery priced by weight, zone and long goods (decision 0106), as a browser without
 * JavaScript posts it: the rate table's forms on /admin/shipping/:id (refusals translated,
 * nothing changed; versioned; audited), then checkout through its real actions offering
 * the seeded truck method at the computed price, refusing it where it is not offered, and
 * the order keeping what was charged.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let truck: number;
let panel: number; // 9 kg each in the seed
let sheet: number; // sold per metre, 2,8 kg per metre
let ids: Awaited<ReturnType<typeof methodIds>>;
let consent: string;
let buyers = 0;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  sheet = await catalogue(shop).idOf("AK-TRP-T35-MJERA");
  ids = await methodIds(shop);
  consent = await checkoutConsentId(db);
  [{ id: truck }] = await db.select({ id: deliveryMethods.id }).from(deliveryMethods).where(eq(deliveryMethods.code, "truck"));
  // Free delivery would hide the price by weight under 300 EUR of goods; it is checked on its own below.
  await db.update(options).set({ value: null }).where(eq(options.key, FREE_DELIVERY_OPTION));
}, 60_000);
afterAll(() => shop?.close());

const PAGE = () => `/admin/shipping/${truck}`;
const version = async () => String((await db.select().from(deliveryMethods).where(eq(deliveryMethods.id, truck)))[0].version);
const zones = () => db.select().from(deliveryZones).where(eq(deliveryZones.deliveryMethodId, truck)).orderBy(deliveryZones.position);
const zoneId = async (name: string) => String((await zones()).find((z) => z.name === name)!.id);
const ratesOf = async (name: string) =>
  (
    await db
      .select()
      .from(deliveryRates)
      .where(eq(deliveryRates.zoneId, Number(await zoneId(name))))
      .orderBy(deliveryRates.maxWeightG)
  ).map((r) => [r.maxWeightG, r.priceCents]);
const lastAudit = async () =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "deliveryMethod"), eq(auditLog.entityId, truck)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

async function post(fields: Record<string, string>) {
  return submit(admin, PAGE(), { version: await version(), ...fields });
}

describe("the rate table in the backoffice", () => {
  it("shows the seeded zones, rows and surcharge", async () => {
    const page = (await admin.page(PAGE())).html;
    expect(page).toContain('data-testid="rate-table"');
    expect(page).toContain('data-zone="Hrvatska"');
    expect(page).toContain('value="AT, DE, HU, IT, SI"');
    expect(page).toContain('value="100"'); // up to 100 kg
    expect(page).toContain('value="45,00"');
    expect(page).toContain('value="3000"'); // long goods from 3000 mm
  });

  it("adds a zone and refuses unknown, undelivered or doubled countries with a translated message", async () => {
    const before = await zones();
    const unknown = await post({ intent: "addZone", name: "Balkan", countries: "BA, XX" });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("Nepoznat kod države: XX.");
    const notDelivered = await post({ intent: "addZone", name: "Balkan", countries: "FR" });
    expect(notDelivered.html).toContain("Trgovina ne dostavlja u FR");
    const doubled = await post({ intent: "addZone", name: "Balkan", countries: "BA, HR" });
    expect(doubled.html).toContain("Država HR već je u zoni „Hrvatska”.");
    const typo = await post({ intent: "addZone", name: "Balkan", countries: "Bosna" });
    expect(typo.status).toBe(400);
    expect(typo.html).toContain("Upišite barem jedan dvoslovni kod države");
    expect(await zones()).toEqual(before);

    const added = await post({ intent: "addZone", name: "Balkan", countries: "ba me" });
    expect(added.status).toBe(302);
    expect(added.toast).toMatchObject({ type: "success", text: "Zona je dodana." });
    expect((await zones()).map((z) => [z.name, z.countries])).toEqual([
      ["Hrvatska", ["HR"]],
      ["EU", ["AT", "DE", "HU", "IT", "SI"]],
      ["Balkan", ["BA", "ME"]],
    ]);
    expect(await lastAudit()).toMatchObject({ action: "addZone", after: { name: "Balkan", countries: ["BA", "ME"] } });
  });

  it("adds, changes and removes rate rows: weights above 0, each limit once, prices not negative; a stale form changes nothing", async () => {
    const zone = await zoneId("Balkan");
    const zero = await post({ intent: "addRate", zoneId: zone, maxWeight: "0", price: "10,00" });
    expect(zero.status).toBe(400);
    expect(zero.html).toContain("Upišite težinu u kilogramima veću od 0");
    const negative = await post({ intent: "addRate", zoneId: zone, maxWeight: "50", price: "-5" });
    expect(negative.status).toBe(400);
    expect(await ratesOf("Balkan")).toEqual([]);

    expect((await post({ intent: "addRate", zoneId: zone, maxWeight: "250", price: "120,00" })).status).toBe(302);
    expect((await post({ intent: "addRate", zoneId: zone, maxWeight: "50,5", price: "70" })).status).toBe(302);
    const twice = await post({ intent: "addRate", zoneId: zone, maxWeight: "250", price: "99" });
    expect(twice.html).toContain("Redak do 250 kg već postoji u ovoj zoni");
    expect(await ratesOf("Balkan")).toEqual([
      [50_500, 7000],
      [250_000, 12_000],
    ]);

    const [light] = await db
      .select()
      .from(deliveryRates)
      .where(and(eq(deliveryRates.zoneId, Number(zone)), eq(deliveryRates.maxWeightG, 50_500)));
    const stale = await submit(admin, PAGE(), { version: "1", intent: "saveRate", rateId: String(light.id), maxWeight: "60", price: "75" });
    expect(stale.status).toBe(409);
    const saved = await post({ intent: "saveRate", rateId: String(light.id), maxWeight: "60", price: "75,00" });
    expect(saved.status).toBe(302);
    expect(await ratesOf("Balkan")).toEqual([
      [60_000, 7500],
      [250_000, 12_000],
    ]);
    expect(await lastAudit()).toMatchObject({
      action: "saveRate",
      before: { upToKg: "50,5", priceCents: 7000 },
      after: { upToKg: "60", priceCents: 7500 },
    });
    expect((await post({ intent: "removeRate", rateId: String(light.id) })).status).toBe(302);
    expect(await ratesOf("Balkan")).toEqual([[250_000, 12_000]]);
  });

  it("sets the long-goods surcharge only with both a length and an amount", async () => {
    const half = await post({ intent: "longGoods", fromMm: "2500", surcharge: "" });
    expect(half.status).toBe(400);
    expect(half.html).toContain("Za doplatu upišite i duljinu i iznos");
    const outOfRange = await post({ intent: "longGoods", fromMm: "50000", surcharge: "10" });
    expect(outOfRange.status).toBe(400);
    expect((await db.select().from(deliveryMethods).where(eq(deliveryMethods.id, truck)))[0]).toMatchObject({
      longGoodsFromMm: 3000,
      longGoodsSurchargeCents: 3000,
    });
  });

  it("removes a zone with its rows, and the trail keeps them", async () => {
    const removed = await post({ intent: "removeZone", zoneId: await zoneId("Balkan") });
    expect(removed.status).toBe(302);
    expect((await zones()).map((z) => z.name)).toEqual(["Hrvatska", "EU"]);
    expect(await lastAudit()).toMatchObject({
      action: "removeZone",
      before: { name: "Balkan", rates: [{ upToKg: "250", priceCents: 12_000 }] },
    });
  });
});

/** A signed-in shopper with the cart filled by `fill`, past the address step to `country`. */
async function atShipping(fill: (visitor: Visitor) => Promise<void>, country = "HR") {
  const visitor = await signInAs(await shopper(shop), await newCustomer(db, `rates-${++buyers}-${Date.now()}@example.com`));
  await fill(visitor);
  expect((await step(visitor, { intent: "address", ...ADDRESS, "delivery.country": country })).status).toBe(302);
  return visitor;
}
const methodsOffered = (html: string) => [...html.matchAll(/name="methodId" [^>]*value="(\d+)"/g)].map((m) => Number(m[1]));

describe("checkout with the truck's rate table", () => {
  it("offers the truck at the price for the cart's weight and places the order at it", async () => {
    // 12 panels × 9 kg = 108 kg: past the 100 kg row of Croatia, so 80,00 EUR.
    const visitor = await atShipping((v) => addToCart(v, panel, 12));
    const page = (await visitor.page(CHECKOUT)).html;
    expect(methodsOffered(page)).toContain(truck);
    expect(page).toMatch(/Dostava kamionom<\/span>[^]{0,160}\((<!-- -->)?80,00\u00a0EUR/);
    expect((await step(visitor, { intent: "shipping", methodId: String(truck) })).status).toBe(302);
    expect(testId((await visitor.page(CHECKOUT)).html, "summary-delivery")).toBe("Dostava80,00\u00a0EUR");
    const placed = await step(visitor, { intent: "payment", methodId: ids.bank, acceptedConsents: consent });
    expect(placed.status).toBe(302);
    const slug = new URL(placed.location!, "http://x").searchParams.get("orderSlug")!;
    const [order] = await db.select().from(orders).where(eq(orders.slug, slug));
    expect(order).toMatchObject({ deliveryMethodId: truck, deliveryCents: 8000, itemsTotalCents: 12 * 3490 });
    expect(order.orderTotalCents).toBe(12 * 3490 + 8000);
  });

  it("charges a sheet by its metres and adds the long-goods surcharge for a sheet over 3 m", async () => {
    // 4 sheets of 6,5 m × 2,8 kg/m = 72,8 kg → 45,00 EUR, plus 30,00 EUR for goods over 3000 mm.
    const visitor = await atShipping(async (v) => {
      const added = await cartPost(v, { intent: "add", productId: String(sheet), quantity: "4", "options.duljina": "6500" });
      expect(added.status).toBe(302);
    });
    expect((await step(visitor, { intent: "shipping", methodId: String(truck) })).status).toBe(302);
    expect(testId((await visitor.page(CHECKOUT)).html, "summary-delivery")).toBe("Dostava75,00\u00a0EUR");
  });

  it("does not offer the truck outside its zones and refuses a post of it, changing nothing", async () => {
    const visitor = await atShipping((v) => addToCart(v, panel, 1), "BA");
    const page = (await visitor.page(CHECKOUT)).html;
    expect(methodsOffered(page)).not.toContain(truck);
    expect(methodsOffered(page)).toContain(Number(ids.courier));
    const refused = await step(visitor, { intent: "shipping", methodId: String(truck) });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Odabrani način dostave nije dostupan za ovu košaricu i adresu dostave");
  });

  it("stops offering the truck when the cart gets heavier than its last row, and refuses the order then", async () => {
    const visitor = await atShipping((v) => addToCart(v, panel, 2));
    expect((await step(visitor, { intent: "shipping", methodId: String(truck) })).status).toBe(302);
    await db.update(products).set({ shippingWeightG: 1_500_000 }).where(eq(products.id, panel)); // 2 × 1,5 t > 2 t
    try {
      const page = (await visitor.page(CHECKOUT)).html;
      expect(methodsOffered(page)).not.toContain(truck);
      const refused = await step(visitor, { intent: "payment", methodId: ids.bank, acceptedConsents: consent });
      expect(refused.status).toBe(409);
      expect(refused.html).toContain("Odabrani način dostave nije dostupan");
    } finally {
      await db.update(products).set({ shippingWeightG: 9000 }).where(eq(products.id, panel));
    }
  });

  it("says why when no method is left, and free delivery still waives the truck's price", async () => {
    await db.update(deliveryMethods).set({ active: false }).where(eq(deliveryMethods.code, "address"));
    await db.update(deliveryMethods).set({ active: false }).where(eq(deliveryMethods.code, "pickup"));
    await db.update(deliveryMethods).set({ active: false }).where(eq(deliveryMethods.code, "parcel-locker"));
    try {
      const visitor = await atShipping((v) => addToCart(v, panel, 1), "BA");
      expect((await visitor.page(CHECKOUT)).html).toContain("Na odabranu adresu dostave ne dostavljamo ovu košaricu");
    } finally {
      await db.update(deliveryMethods).set({ active: true });
    }
    // Through the admin's form, which clears the cached site options as the shop does.
    expect((await submit(admin, "/admin/shipping", { intent: "freeDelivery", amount: "300,00", was: "" })).status).toBe(302);
    try {
      const visitor = await atShipping((v) => addToCart(v, panel, 9)); // 314,10 EUR of goods
      expect((await step(visitor, { intent: "shipping", methodId: String(truck) })).status).toBe(302);
      expect(testId((await visitor.page(CHECKOUT)).html, "summary-delivery")).toBe("DostavaBesplatna dostava");
    } finally {
      await submit(admin, "/admin/shipping", { intent: "freeDelivery", amount: "", was: "30000" });
    }
  });
});
