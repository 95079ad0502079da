import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { carts, coupons, deliveryBranches, deliveryMethods, orderNumbers, orders, paymentMethods, products } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { getFixedT } from "~/.server/i18n.server";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import {
  deliveryQuotes,
  findCoupon,
  loadCartItems,
  normaliseCouponCode,
  priceCart,
  type CouponCustomer,
} from "~/modules/cart/cart-pricing.server";
import { cartArchived, protectCodeMatches, sessionMissing, sessionUsed, type CartSessionCookies } from "~/modules/cart/cart-session.server";
import { loadTranslations, pickTranslation } from "~/modules/catalog/product-queries.server";
import { logConsents } from "~/modules/consent/consent.server";
import { refuseBlockedEmail } from "~/modules/account/blocked.server";
import type { OutboxMail } from "~/modules/mail/mail.server";
import { getSiteContext } from "~/modules/site/site.server";
import { sendOrderConfirmation } from "./order-mail.server";
import { sendNewOrderMail } from "./order-status-mail.server";
import { stockNeeds, takeStock } from "./order-stock.server";
import { writeOrder } from "./order-writer.server";
import { holdMails } from "~/modules/mail/mail-relay.server";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";

// Longer than starting a payment can take (its providers are given 3 to 5 seconds).
const PAYMENT_START_HOLD_MS = 60_000;

/**
 * Places the order of a cart in ONE transaction (decision 0011):
 *
 *   lock the cart → an order of this cart already exists? return it (double click,
 *   browser retry, replayed post: one order) → re-price on the server with the totals
 *   engine (posted prices are never read) → lock and take the stock (refusing a short
 *   line by name) → count the coupon → number the order → order + item snapshots →
 *   archive the cart → consent log → confirmation e-mail and the shop's new-order
 *   note in the outbox.
 *
 * Any refusal throws a DomainError and the transaction rolls back: nothing changes.
 */
export type Order = typeof orders.$inferSelect;
export type PlaceOrderInput = {
  cookies: CartSessionCookies;
  locale: Locale;
  shopper: { id: number; email: string; guest: boolean };
  paymentMethodId: number | null;
  acceptedConsents: number[];
  /**
   * A backoffice user placing a cart they built for a customer on the phone (decision 0109):
   * the audit log names them in the order's transaction; no consents are logged, as the
   * customer ticked none on a page.
   */
  placedBy?: Staff;
  /** The note typed with the order (the phone order's form), instead of the cart's instructions. */
  instructions?: string;
};

export async function placeOrder(input: PlaceOrderInput): Promise<{ order: Order; created: boolean; mails: OutboxMail[] }> {
  const db = await getDb();
  // Names for the item snapshots and the site context are read before the transaction:
  // PGlite runs one transaction at a time and a read outside it would wait for it.
  const preItems = await loadCartItems(db, input.cookies.cartId);
  const texts = await loadTranslations([...new Set(preItems.flatMap((i) => [i.productId, i.variantId ?? i.productId]))], input.locale);
  const site = await getSiteContext(input.locale);
  // The delivery line of a digital-only order, in the order's language.
  const deliveryByLink = (await getFixedT(input.locale))("checkout.downloads.deliveryName");

  return db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, input.cookies.cartId)).for("update");
    if (!cart || !protectCodeMatches(cart.protectCode, input.cookies.protectCode)) throw sessionMissing();
    const [existing] = await tx.select().from(orders).where(eq(orders.cartId, cart.id));
    if (existing) return { order: existing, created: false, mails: [] };
    if (cart.status === "archived") throw cartArchived();
    if (cart.usedAt) throw sessionUsed();
    // A blocked account orders neither signed in (its session reads as signed out) nor as a guest.
    await refuseBlockedEmail(tx, input.shopper.email);
    if (!cart.deliveryAddress || !cart.billingAddress)
      throw new DomainError("addressMissing", { message: "Address missing", key: "checkout.addressMissing" });

    const [payment] = input.paymentMethodId
      ? await tx
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.siteId, SITE_ID), eq(paymentMethods.active, true)))
      : [];
    if (!payment)
      throw new DomainError("paymentMethodUndefined", {
        message: "Payment method undefined",
        key: "checkout.paymentMethodUndefined",
        field: "methodId",
      });

    const items = await loadCartItems(tx, cart.id);
    if (items.length === 0) throw new DomainError("emptyCart", { message: "Cart is empty", key: "checkout.emptyCart" });
    const ids = [...new Set(items.flatMap((i) => (i.variantId ? [i.productId, i.variantId] : [i.productId])))];
    const productRows = await tx
      .select({ id: products.id, sku: products.sku, format: products.format })
      .from(products)
      .where(inArray(products.id, ids));
    // E-products only (spec §3 digitalOnly, §1 e-product delivery by link): no delivery method,
    // none charged, nothing paid on delivery (decision 0030).
    const formatOf = new Map(productRows.map((p) => [p.id, p.format]));
    const digitalOnly = items.every((i) => formatOf.get(i.productId) === "e-product");
    if (digitalOnly && payment.gateway === "cashOnDelivery") {
      throw new DomainError("paymentMethodUndefined", {
        message: "Payment method undefined",
        key: "checkout.paymentMethodUndefined",
        field: "methodId",
      });
    }
    const { method, branch } = digitalOnly ? { method: null, branch: null } : await deliveryOf(tx, cart);
    const skus = new Map(productRows.map((p) => [p.id, p.sku]));
    const nameOf = (productId: number, variantId: number | null) =>
      pickTranslation(texts, productId, input.locale)?.name ?? skus.get(variantId ?? productId) ?? String(productId);
    const lineName = (itemId: string) => {
      const item = items.find((i) => i.id === itemId)!;
      return nameOf(item.productId, item.variantId);
    };

    // The coupon row is locked so that its usage limit counts every order exactly once.
    // The customer is the signed-in user, else the order's e-mail: their earlier orders with the code count (per-customer limits, decision 0049).
    const customer = input.shopper.guest ? { email: input.shopper.email } : { userId: input.shopper.id };
    const coupon = cart.couponCode ? await lockCoupon(tx, cart.couponCode, customer) : null;
    const { totals } = await priceCart(tx, cart, { coupon: cart.couponCode ? (coupon ?? null) : null });
    if (totals.couponProblem === "customerUsedUp") {
      throw new DomainError("couponCustomerUsedUp", {
        message: "Coupon already used by this customer",
        key: "checkout.couponCustomerUsedUp",
        status: 409,
      });
    }
    if (cart.couponCode && (totals.couponProblem || !coupon))
      throw new DomainError("couponInvalid", { message: "Coupon invalid", key: "checkout.couponInvalid", status: 409 });
    if (coupon)
      await tx
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(and(eq(coupons.siteId, SITE_ID), eq(coupons.code, coupon.code)));

    // Stock is taken last before the order is written: its rows stay locked until the commit,
    // and every checkout of the same goods waits on them, so no reading or pricing happens under it.
    await takeStock(tx, await stockNeeds(tx, items), lineName);

    const slug = await nextOrderNumber(tx);
    const order = await writeOrder(
      tx,
      {
        siteId: SITE_ID,
        slug,
        cartId: cart.id,
        userId: input.shopper.id,
        email: input.shopper.email,
        locale: input.locale,
        currencyLabel: site.currency.label,
        paymentMethodId: payment.id,
        paymentGateway: payment.gateway,
        paymentMethodName: localized(payment.name, input.locale),
        deliveryMethodId: method?.id ?? null,
        deliveryMethodName: method ? localized(method.name, input.locale) : deliveryByLink,
        deliveryBranchName: branch?.name ?? null,
        deliveryAddress: cart.deliveryAddress,
        billingAddress: cart.billingAddress,
        couponCode: coupon ? cart.couponCode : null,
        memberCardBarcode: cart.memberCardBarcode,
        instructions: input.instructions ?? cart.instructions,
        itemsTotalCents: totals.itemsTotal,
        couponCents: totals.coupon,
        loyaltyCents: totals.loyalty,
        deliveryCents: totals.delivery,
        taxCents: totals.tax,
        orderTotalCents: totals.orderTotal,
      },
      items.map((item) => {
        const priced = totals.lines.find((l) => l.itemId === item.id)!;
        return {
          productId: item.productId,
          variantId: item.variantId,
          sku: skus.get(item.variantId ?? item.productId) ?? "",
          name: nameOf(item.productId, item.variantId),
          quantity: item.quantity,
          unitCents: priced.unitCents,
          lengthMm: priced.lengthMm,
          rowCents: priced.rowCents,
          // The rate charged (0 where no VAT is charged, vat-rule.ts), as the totals took it.
          taxRateBp: priced.taxRateBp,
          options: item.options,
        };
      }),
    );
    await tx.update(carts).set({ status: "archived", usedAt: new Date(), userId: input.shopper.id }).where(eq(carts.id, cart.id));
    if (input.placedBy)
      await recordAudit(tx, input.placedBy, {
        entity: "order",
        entityId: order.id,
        action: "createdByPhone",
        after: { slug: order.slug, cartId: cart.id, email: order.email, orderTotalCents: order.orderTotalCents },
      });
    const consentLog = input.placedBy
      ? null
      : await logConsents(tx, {
          kind: "checkoutForm",
          acceptedIds: input.acceptedConsents,
          userType: input.shopper.guest ? "guest" : "registered",
          email: input.shopper.email,
        });
    // The order names its consent log, so the backoffice shows exactly the consents given with it.
    if (consentLog) {
      await tx.update(orders).set({ consentLogId: consentLog.id }).where(eq(orders.id, order.id));
      order.consentLogId = consentLog.id;
    }
    const mail = await sendOrderConfirmation(tx, order, site.currency);
    // The shop hears of it too (decision 0039), in the same transaction: none without SendEmailTo.
    const shopMail = await sendNewOrderMail(tx, order);
    const mails = shopMail ? [mail, shopMail] : [mail];
    // Not sent before the payment has started (a placement undone for it mails nobody,
    // decision 0031): the checkout releases them; if the process dies first, the hold ends.
    await holdMails(
      tx,
      mails.map((m) => m.id),
      PAYMENT_START_HOLD_MS,
    );
    return { order, created: true, mails };
  });
}

async function deliveryOf(tx: Executor, cart: typeof carts.$inferSelect) {
  const [method] = cart.deliveryMethodId
    ? await tx
        .select()
        .from(deliveryMethods)
        .where(and(eq(deliveryMethods.id, cart.deliveryMethodId), eq(deliveryMethods.siteId, SITE_ID), eq(deliveryMethods.active, true)))
    : [];
  if (!method)
    throw new DomainError("shippingMethodUndefined", { message: "Shipping method undefined", key: "checkout.shippingMethodUndefined" });
  // The cart may have changed since the method was chosen (heavier, longer): the order is
  // refused rather than placed at a price the method does not have (decision 0106).
  const { quotes } = await deliveryQuotes(tx, cart);
  if (!quotes.find((q) => q.method.id === method.id)?.quote.offered)
    throw new DomainError("shippingMethodNotOffered", {
      message: "Shipping method not offered for this cart",
      key: "checkout.shippingMethodNotOffered",
      status: 409,
    });
  const branches = await tx
    .select()
    .from(deliveryBranches)
    .where(and(eq(deliveryBranches.deliveryMethodId, method.id), eq(deliveryBranches.active, true)));
  const branch = branches.find((b) => b.id === cart.deliveryBranchId) ?? null;
  if (branches.length > 0 && !branch)
    throw new DomainError("shippingBranchUndefined", { message: "Shipping branch undefined", key: "checkout.shippingBranchUndefined" });
  return { method, branch };
}

async function lockCoupon(tx: Executor, code: string, customer: CouponCustomer) {
  await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.siteId, SITE_ID), eq(coupons.code, normaliseCouponCode(code))))
    .for("update");
  return findCoupon(tx, code, customer);
}

/** The human order number "2026-000042": per site and year, the counter row locked by the upsert (checkout and the order drafts of request-quote carts, docs/decisions/0076). */
export async function nextOrderNumber(tx: Executor) {
  const year = new Date().getUTCFullYear();
  const [row] = await tx
    .insert(orderNumbers)
    .values({ siteId: SITE_ID, year, last: 1 })
    .onConflictDoUpdate({ target: [orderNumbers.siteId, orderNumbers.year], set: { last: sql`${orderNumbers.last} + 1` } })
    .returning({ last: orderNumbers.last });
  return `${year}-${String(row.last).padStart(6, "0")}`;
}
