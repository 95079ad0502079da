import { inArray } from "drizzle-orm";
import type { Executor } from "../client.server";
import { coupons, deliveryMethods, options, products } from "../schema";
import { FREE_DELIVERY_OPTION, REQUEST_QUOTE_OPTION, SITE_ID } from "~/modules/kernel/options";

/** EUR (id 44) is the built-in currency; the free-delivery limit is kept per currency id. */
const EUR = 44;

/**
 * What the cart totals need from the shop (spec §7 getFreeDeliveryAmount/{currencyId},
 * delivery/getApplicableDeliveryMethods): delivery methods with their prices and the
 * order value above which delivery is free (300,00 EUR).
 */
export async function seedCartSettings(tx: Executor) {
  await tx
    .insert(deliveryMethods)
    .values([
      {
        siteId: SITE_ID,
        code: "address",
        name: { hr: "Dostava na adresu", en: "Delivery to your address", de: "Lieferung an Ihre Adresse" },
        priceCents: 2500,
        position: 1,
      },
      {
        siteId: SITE_ID,
        code: "pickup",
        name: { hr: "Osobno preuzimanje", en: "Pick-up at our warehouse", de: "Abholung im Lager" },
        priceCents: 0,
        position: 2,
      },
    ])
    .onConflictDoNothing();
  await tx
    .insert(options)
    .values({ siteId: SITE_ID, key: FREE_DELIVERY_OPTION, value: { [EUR]: 30000 } })
    .onConflictDoNothing();
}

/** Demo coupons, one of each kind the totals know (README lists them). */
export async function seedCoupons(tx: Executor) {
  const scoped = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.sku, ["AK-TRP-T35-MJERA"]));
  const year = new Date().getUTCFullYear();
  await tx
    .insert(coupons)
    .values([
      { siteId: SITE_ID, code: "KROV10", type: "percent", value: 10 },
      { siteId: SITE_ID, code: "POPUST5", type: "fixed", value: 500, minCartCents: 5000 },
      { siteId: SITE_ID, code: "LIM15", type: "percent", value: 15, productIds: scoped.map((p) => p.id) },
      { siteId: SITE_ID, code: "JEDNOM", type: "fixed", value: 1000, usageLimit: 1, usedCount: 1 },
      { siteId: SITE_ID, code: "ISTEKAO", type: "percent", value: 20, validTo: new Date(Date.UTC(year - 1, 0, 1)) },
    ])
    .onConflictDoNothing();
}

/** The option that turns the cart into a request-quote cart (spec §2 Cart variant); off by default. */
export async function seedRequestQuoteSetting(tx: Executor) {
  await tx.insert(options).values({ siteId: SITE_ID, key: REQUEST_QUOTE_OPTION, value: false }).onConflictDoNothing();
}
