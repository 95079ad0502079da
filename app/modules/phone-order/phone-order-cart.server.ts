import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { productCustomOptions, products } from "~/.server/db/schema";
import { DomainError, hasErrorCode } from "~/.server/domain-error";
import { lengthInMm } from "~/modules/catalog/length";
import { addLineToCart } from "~/modules/cart/cart-add.server";
import { applyCoupon, removeCartItem, removeCoupon, updateCartItem } from "~/modules/cart/cart.server";
import { completePlacement } from "~/modules/checkout/checkout-order.server";
import {
  removeCoupon as removeRefusedCoupon,
  saveAddressStep,
  saveShippingStep,
  StepErrors,
} from "~/modules/checkout/checkout-steps.server";
import { NEW_ADDRESS, SAVED_ADDRESS_FIELD } from "~/modules/checkout/checkout-fields";
import { applicablePaymentMethods } from "~/modules/checkout/checkout.server";
import type { ShippingStepValue } from "~/modules/checkout/checkout.schema";
import { DIFFERENT_BILLING } from "~/modules/account/account-fields";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";
import { sendPayAgainLink } from "~/modules/order/pay-again.server";
import { placeOrder } from "~/modules/order/place-order.server";
import { getSiteContext } from "~/modules/site/site.server";
import { atField, type HeldCart } from "./phone-order.server";
import type { AddressPost } from "./phone-order.schema";

/**
 * The phone order's changes (decision 0109): each one is the shop's own cart or checkout
 * step run on the held cart (cart.server.ts, checkout-steps.server.ts), so its stock,
 * merge, coupon and address rules are the ones a shopper meets. A refusal names the
 * field of the page's form it belongs to.
 */

/**
 * A line by SKU: a product's or a variant's (the variant is added as its configurable
 * product's choice, as the product page adds it). A product sold per running metre needs
 * its length in millimetres, written into its length option in the option's unit.
 */
export async function addLineBySku(held: HeldCart, input: { sku: string; quantity: number; lengthMm?: number }) {
  const db = await getDb();
  const [found] = await db
    .select({ id: products.id, parentId: products.parentId })
    .from(products)
    .where(and(eq(products.siteId, SITE_ID), sql`lower(${products.sku}) = lower(${input.sku})`, eq(products.archived, false)));
  if (!found)
    throw new DomainError("skuUnknown", {
      message: "Unknown SKU",
      key: "adminOrders.phone.skuUnknown",
      status: 404,
      field: "sku",
      values: { sku: input.sku },
    });
  const productId = found.parentId ?? found.id;
  const [[main], [length]] = await Promise.all([
    db.select({ priceUnit: products.priceUnit }).from(products).where(eq(products.id, productId)),
    db
      .select({ code: productCustomOptions.code, unit: productCustomOptions.unit })
      .from(productCustomOptions)
      .where(and(eq(productCustomOptions.productId, productId), eq(productCustomOptions.isLength, true))),
  ]);
  const options: Record<string, string> = {};
  if (main?.priceUnit === "metre" && length) {
    if (!input.lengthMm)
      throw new DomainError("lengthMissing", { message: "Length missing", key: "adminOrders.phone.lengthMissing", field: "lengthMm" });
    options[length.code] = String(input.lengthMm / (lengthInMm(1, length.unit) ?? 1));
  } else if (input.lengthMm) {
    throw new DomainError("notPerMetre", { message: "Not sold per metre", key: "adminOrders.phone.notPerMetre", field: "lengthMm" });
  }
  const posted = { productId, variantId: found.parentId ? found.id : null, options };
  return addLineToCart(held.shopper, posted, input.quantity).catch((error: unknown) => {
    throw atField(error, "sku");
  });
}

export const setLineQuantity = (held: HeldCart, itemId: string, quantity: number) =>
  updateCartItem(held.shopper, itemId, quantity).catch((error: unknown) => {
    throw atField(error, "quantity");
  });

export const removeLine = (held: HeldCart, itemId: string) => removeCartItem(held.shopper, itemId);

export const applyPhoneCoupon = (held: HeldCart, code: string) =>
  applyCoupon(held.shopper, code).catch((error: unknown) => {
    throw atField(error, "couponCode");
  });

export const removePhoneCoupon = (held: HeldCart) => removeCoupon(held.shopper);

/** The delivery address, and the billing one unless it is the same: checkout's address step, typed form. */
export function savePhoneAddresses(held: HeldCart, input: AddressPost) {
  return saveAddressStep(held.checkout, {
    intent: "address",
    [SAVED_ADDRESS_FIELD]: NEW_ADDRESS,
    delivery: input.delivery,
    [DIFFERENT_BILLING]: !input.sameBilling,
    billing: input.sameBilling ? undefined : input.billing,
  });
}

export const savePhoneShipping = (held: HeldCart, input: ShippingStepValue) => saveShippingStep(held.checkout, input);

/**
 * "Naruči": checkout's placement (placeOrder: re-priced,
 * stock taken, coupon counted, numbered, the note, confirmation) with the staff member named in the
 * audit log, and what follows a placement (completePlacement: mails released, invoice).
 * Nothing is charged here: for a card the customer is mailed their order's "pay now" page,
 * which needs their account (a customer without one pays by transfer or on delivery).
 */
export async function placePhoneOrder(staff: Staff, held: HeldCart, input: { methodId: number; note: string }) {
  const { checkout, shopper } = held;
  const buyer = checkout.shopper;
  if (!buyer || !shopper.cart) throw new StepErrors({ form: "checkout.guest.noActiveUser" });
  const method = (await applicablePaymentMethods(checkout.locale)).find((m) => m.id === input.methodId && m.available);
  if (!method) throw new StepErrors({ methodId: "checkout.paymentMethodUndefined" });
  if (method.gateway === "card" && buyer.guest) throw new StepErrors({ methodId: "adminOrders.phone.cardNeedsAccount" });
  const cartId = shopper.cart.cartId;
  const placed = await placeOrder({
    cookies: shopper.cart,
    locale: checkout.locale,
    shopper: buyer,
    paymentMethodId: method.id,
    acceptedConsents: [],
    placedBy: staff,
    // Written with the order only: a refused placement leaves the cart as it was.
    instructions: input.note,
  }).catch(async (error: unknown) => {
    // As at checkout: a refused coupon comes off, so the new total shows and the order can be placed again.
    if (hasErrorCode(error, "couponInvalid", "couponCustomerUsedUp")) await removeRefusedCoupon(cartId);
    throw error;
  });
  await completePlacement(placed, async () => null);
  const { order } = placed;
  if (placed.created && order.paymentGateway === "card") {
    const { currency } = await getSiteContext(checkout.locale);
    // The order stands without it; the customer still finds "pay now" on their order's page.
    await sendPayAgainLink(order, currency).catch((error: unknown) => console.error(`pay link of order ${order.slug} not sent`, error));
  }
  return order;
}
