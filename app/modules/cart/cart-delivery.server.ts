import { inArray } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { products } from "~/.server/db/schema";
import { parcelOf, quoteMethod, type DeliveryQuote, type Parcel } from "~/modules/shipping/delivery-price";
import { activeMethodsWithRates, type MethodWithRates } from "~/modules/shipping/delivery-rates.server";
import type { CartItemRow } from "./cart-pricing.server";

/**
 * What each active delivery method costs for a cart (decision 0106), by the one rule of
 * shipping/delivery-price.ts: the cart's page, checkout's list, its refusal of a method
 * not offered, the totals and the order placement all ask here.
 */
export type MethodQuote = { method: MethodWithRates; quote: DeliveryQuote };

/** The cart's weight (a variant's own weight, else its product's), its longest line and the delivery country. */
export async function cartParcel(
  db: Executor,
  items: CartItemRow[],
  lengths: Map<string, number | null>,
  countryIso: string | null,
): Promise<Parcel> {
  const ids = [...new Set(items.flatMap((i) => [i.productId, i.variantId ?? i.productId]))];
  const rows = ids.length
    ? await db.select({ id: products.id, weightG: products.shippingWeightG }).from(products).where(inArray(products.id, ids))
    : [];
  const weightOf = new Map(rows.map((r) => [r.id, r.weightG]));
  return parcelOf(
    items.map((item) => ({
      weightG: (item.variantId ? weightOf.get(item.variantId) : null) ?? weightOf.get(item.productId) ?? null,
      quantity: item.quantity,
      lengthMm: lengths.get(item.id) ?? null,
    })),
    countryIso,
  );
}

/** Every active method (in the shop's order) with its quote for this parcel. */
export async function quoteMethods(db: Executor, parcel: Parcel): Promise<MethodQuote[]> {
  const methods = await activeMethodsWithRates(db);
  return methods.map((method) => ({ method, quote: quoteMethod(method, parcel) }));
}
