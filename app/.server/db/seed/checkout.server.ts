import { and, eq } from "drizzle-orm";
import type { Executor } from "../client.server";
import { deliveryBranches, deliveryMethods, deliveryRates, deliveryZones, paymentMethods } from "../schema";
import { SITE_ID } from "./data/options";

/**
 * What checkout offers out of the box (decision 0011): the three built-in payment gateways, the
 * delivery methods' descriptions, and a parcel-locker method whose branches must be chosen
 * (spec §8 shippingBranchUndefined).
 */
export async function seedCheckout(tx: Executor) {
  await tx
    .insert(paymentMethods)
    .values([
      {
        siteId: SITE_ID,
        code: "cod",
        gateway: "cashOnDelivery",
        position: 1,
        name: { hr: "Plaćanje pouzećem", en: "Cash on delivery", de: "Nachnahme" },
        description: {
          hr: "Plaćate dostavljaču pri preuzimanju.",
          en: "You pay the courier on delivery.",
          de: "Sie bezahlen bei der Zustellung.",
        },
      },
      {
        siteId: SITE_ID,
        code: "bank",
        gateway: "bankTransfer",
        position: 2,
        name: { hr: "Virmansko plaćanje (uplatnica)", en: "Bank transfer", de: "Banküberweisung" },
        description: {
          hr: "Podaci za uplatu i 2D kod za mobilno bankarstvo stižu s potvrdom narudžbe.",
          en: "Payment details and a barcode for mobile banking come with the order confirmation.",
          de: "Zahlungsdaten und ein Barcode für Mobile Banking kommen mit der Bestellbestätigung.",
        },
      },
      {
        siteId: SITE_ID,
        code: "card",
        gateway: "card",
        position: 3,
        name: { hr: "Kartično plaćanje", en: "Card payment", de: "Kartenzahlung" },
        description: {
          hr: "Plaćanje karticom na sigurnoj stranici banke.",
          en: "Pay by card on the bank's secure page.",
          de: "Bezahlung mit Karte auf der sicheren Seite der Bank.",
        },
      },
    ])
    .onConflictDoNothing();

  const descriptions: Record<string, { hr: string; en: string; de: string }> = {
    address: {
      hr: "Dostava kurirskom službom u 2 do 4 radna dana.",
      en: "Courier delivery in 2 to 4 working days.",
      de: "Zustellung per Kurier in 2 bis 4 Werktagen.",
    },
    pickup: {
      hr: "Preuzimanje u skladištu u Sesvetama, pon–pet 7–15 h.",
      en: "Collect at our Sesvete warehouse, Mon–Fri 7–15 h.",
      de: "Abholung im Lager Sesvete, Mo–Fr 7–15 Uhr.",
    },
  };
  for (const [code, description] of Object.entries(descriptions)) {
    await tx
      .update(deliveryMethods)
      .set({ description })
      .where(and(eq(deliveryMethods.siteId, SITE_ID), eq(deliveryMethods.code, code)));
  }
  const [locker] = await tx
    .insert(deliveryMethods)
    .values({
      siteId: SITE_ID,
      code: "parcel-locker",
      name: { hr: "Dostava u paketomat", en: "Parcel locker", de: "Paketautomat" },
      description: {
        hr: "Odaberite paketomat u kojem preuzimate pošiljku.",
        en: "Choose the locker where you collect the parcel.",
        de: "Wählen Sie den Automaten, an dem Sie abholen.",
      },
      priceCents: 1500,
      position: 3,
    })
    .onConflictDoNothing()
    .returning({ id: deliveryMethods.id });
  if (locker) {
    await tx.insert(deliveryBranches).values([
      {
        deliveryMethodId: locker.id,
        name: "Paketomat Zagreb – Avenue Mall",
        address: "Avenija Dubrovnik 16, 10000 Zagreb",
        kind: "locker",
        position: 1,
      },
      {
        deliveryMethodId: locker.id,
        name: "Paketomat Split – Joker",
        address: "Put Brodarice 6, 21000 Split",
        kind: "locker",
        position: 2,
      },
      {
        deliveryMethodId: locker.id,
        name: "Paketomat Rijeka – Tower Center",
        address: "Janka Polića Kamova 81a, 51000 Rijeka",
        kind: "locker",
        position: 3,
      },
    ]);
  }
  await seedTruckDelivery(tx);
}

/**
 * A truck delivery priced by weight and zone (decision 0106): Croatia and the EU countries
 * the shop delivers to, a few weight steps each, and a surcharge for sheets over 3 m. Last
 * in the list, so the courier stays the method checkout picks first.
 */
async function seedTruckDelivery(tx: Executor) {
  const [truck] = await tx
    .insert(deliveryMethods)
    .values({
      siteId: SITE_ID,
      code: "truck",
      name: { hr: "Dostava kamionom", en: "Truck delivery", de: "Lieferung per Lkw" },
      description: {
        hr: "Za limove, panele i veće količine. Cijena ovisi o težini košarice i državi; za limove dulje od 3 m doplata 30,00 €.",
        en: "For sheets, panels and larger orders. The price depends on the cart's weight and country; sheets over 3 m add 30.00 €.",
        de: "Für Bleche, Paneele und größere Mengen. Der Preis richtet sich nach Gewicht und Land; Bleche über 3 m kosten 30,00 € Zuschlag.",
      },
      priceCents: 0,
      position: 4,
      longGoodsFromMm: 3000,
      longGoodsSurchargeCents: 3000,
    })
    .onConflictDoNothing()
    .returning({ id: deliveryMethods.id });
  if (!truck) return;
  const zones = await tx
    .insert(deliveryZones)
    .values([
      { deliveryMethodId: truck.id, name: "Hrvatska", countries: ["HR"], position: 1 },
      { deliveryMethodId: truck.id, name: "EU", countries: ["AT", "DE", "HU", "IT", "SI"], position: 2 },
    ])
    .returning({ id: deliveryZones.id, name: deliveryZones.name });
  const zone = (name: string) => zones.find((z) => z.name === name)!.id;
  await tx.insert(deliveryRates).values([
    { zoneId: zone("Hrvatska"), maxWeightG: 100_000, priceCents: 4500 },
    { zoneId: zone("Hrvatska"), maxWeightG: 500_000, priceCents: 8000 },
    { zoneId: zone("Hrvatska"), maxWeightG: 2_000_000, priceCents: 15000 },
    { zoneId: zone("EU"), maxWeightG: 100_000, priceCents: 9000 },
    { zoneId: zone("EU"), maxWeightG: 500_000, priceCents: 16000 },
    { zoneId: zone("EU"), maxWeightG: 2_000_000, priceCents: 29000 },
  ]);
}
