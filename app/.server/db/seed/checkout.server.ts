import { and, eq } from "drizzle-orm";
import type { Executor } from "../client.server";
import { deliveryBranches, deliveryMethods, paymentMethods } from "../schema";
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
}
