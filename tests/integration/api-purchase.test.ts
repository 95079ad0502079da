// Both databases: the whole order written through the API, compared with the HTML shop's.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { carts, consentLogs, coupons, mailOutbox, orderItems, orders, products, stores, users } from "~/.server/db/schema";
import { clearCache } from "~/.server/cache.server";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { API_ADDRESS, apiClient, documentedMismatch } from "../setup/api";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { cardSecret, RESULT_FIELDS, signFields } from "~/modules/payment/card/card-signature.server";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { checkoutConsentId, methodIds } from "./checkout-helpers";

/**
 * Decision 0059's proof: a product bought over the API alone — sign-in, cart, coupon,
 * delivery, payment (bank transfer), order/create — and the order is the one the HTML shop
 * makes (lines, totals, coupon use, stock, confirmation mail), in /admin/orders and in the
 * customer's HTML profile.
 */
let shop: Shop;
let db: Database;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consentId: number;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
  consentId = Number(await checkoutConsentId(db));
});
afterAll(() => shop.close());

const stockOf = async (id: number) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const usesOf = async (code: string) => (await db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, code)))[0].used;

describe("a purchase over the API alone", () => {
  it("signs in, fills the cart, applies a coupon, chooses delivery and payment and places the order", async () => {
    const client = await apiClient(shop);
    // Every success is checked against the documented answer.
    const ok = async (name: string, result: { ok: boolean; status: number; data?: unknown }) => {
      if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
      expect(await documentedMismatch(shop, `v1.${name}`, 200, { data: result.data })).toEqual([]);
      return result.data as never;
    };
    const stockBefore = await stockOf(panel);
    const usesBefore = await usesOf("KROV10");

    expect((await client.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).ok).toBe(true);
    const added: { cartId: number; protectCode: string; cart: { items: { productId: number; qty: number }[] } } = await ok(
      "ecommerce.cart.addItem",
      await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 2 } }),
    );
    expect(added.cart.items.map((i) => [i.productId, i.qty])).toEqual([[panel, 2]]);
    const session = { cartId: added.cartId, protectCode: added.protectCode };
    const [cartRow] = await db.select().from(carts).where(eq(carts.id, session.cartId));
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(cartRow.userId).toBe(customer.id);

    const couponed: { coupon: { code: string | null; removed: boolean }; cart: { prices: { converted: { coupon: number } } } } = await ok(
      "ecommerce.cart.applyCoupon",
      await client.call("ecommerce.cart.applyCoupon", { body: { ...session, couponCode: "krov10" } }),
    );
    expect(couponed.coupon).toEqual({ code: "KROV10", removed: false });
    expect(couponed.cart.prices.converted.coupon).toBe(698);

    const delivery: { methods: { id: number }[] } = await ok(
      "ecommerce.delivery.getApplicableDeliveryMethods",
      await client.call("ecommerce.delivery.getApplicableDeliveryMethods", { body: session }),
    );
    expect(delivery.methods.map((m) => m.id)).toContain(Number(ids.courier));
    await ok(
      "ecommerce.delivery.saveDeliveryMethod",
      await client.call("ecommerce.delivery.saveDeliveryMethod", {
        body: { ...session, userId: customer.id, deliveryMethodId: Number(ids.courier) },
      }),
    );
    const payment: { methods: { id: number; gateway: string }[] } = await ok(
      "ecommerce.payment.getApplicablePaymentMethods",
      await client.call("ecommerce.payment.getApplicablePaymentMethods", { body: session }),
    );
    expect(payment.methods.find((m) => m.gateway === "bankTransfer")?.id).toBe(Number(ids.bank));
    await ok(
      "ecommerce.payment.savePaymentMethod",
      await client.call("ecommerce.payment.savePaymentMethod", { body: { ...session, paymentMethodId: Number(ids.bank) } }),
    );

    // The consents are required as on the checkout page.
    const noConsent = await client.call("ecommerce.order.create", { body: { ...session, deliveryAddress: API_ADDRESS } });
    expect(noConsent).toMatchObject({ ok: false, status: 400, failure: { errored: true, message: "Required consents were not accepted" } });

    const created: { order: { id: number; slug: string; orderTotalCents: number; paymentGateway: string }; payment: { kind: string } } =
      await ok(
        "ecommerce.order.create",
        await client.call("ecommerce.order.create", { body: { ...session, deliveryAddress: API_ADDRESS, acceptedConsents: [consentId] } }),
      );
    expect(created.payment).toEqual({ kind: "done" });

    // The order, exactly as the HTML checkout makes it: 2 × 34,90 − 10 % + courier 25,00.
    const [order] = await db.select().from(orders).where(eq(orders.id, created.order.id));
    expect([
      order.itemsTotalCents,
      order.couponCode,
      order.couponCents,
      order.deliveryCents,
      order.orderTotalCents,
      order.paymentGateway,
    ]).toEqual([6980, "KROV10", 698, 2500, 8782, "bankTransfer"]);
    expect(order.userId).toBe(customer.id);
    expect(order.cartId).toBe(session.cartId);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.sku, i.quantity, i.unitCents, i.rowCents])).toEqual([["AK-PNL-SND-40", 2, 3490, 6980]]);
    expect(await stockOf(panel)).toBe(stockBefore! - 2);
    expect(await usesOf("KROV10")).toBe(usesBefore + 1);
    const [cart] = await db.select().from(carts).where(eq(carts.id, session.cartId));
    expect(cart.status).toBe("archived");
    const logs = await db
      .select()
      .from(consentLogs)
      .where(and(eq(consentLogs.sourceType, "checkoutForm"), eq(consentLogs.email, order.email)));
    expect(logs.map((l) => l.consents)).toContainEqual([consentId]);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "orderConfirmation"), eq(mailOutbox.to, order.email)));
    expect(mail.subject).toBe(`Potvrda narudžbe ${order.slug}`);
    for (const text of ["AK-PNL-SND-40", "87,82", "Ilica 10", "10000 Zagreb"]) expect(mail.text).toContain(text);

    // The cart session is used up: the API says so like the HTML shop does.
    const after = await client.call("ecommerce.cart.getCart", { body: session });
    expect(after).toMatchObject({ ok: false, status: 409, failure: { message: "Cart is archived." } });
    // A replayed order/create answers the order already placed, never a second one.
    const again = await client.call("ecommerce.order.create", { body: { ...session, acceptedConsents: [consentId] } });
    expect(again).toMatchObject({ ok: true, data: { order: { id: order.id, slug: order.slug }, payment: { kind: "done" } } });
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.cartId, session.cartId))).toHaveLength(1);

    // In the backoffice's order list and in the customer's HTML profile.
    const admin = await loginAsAdmin(new Visitor(shop));
    const list = await admin.page(`/admin/orders?q=${order.slug}`);
    expect(list.html).toContain(`href="/admin/orders/${order.slug}"`);
    const profile = await signInAsCustomer(shop, new Visitor(shop));
    const page = await profile.page("/profil");
    expect(page.html).toContain(`/profil/narudzbe/${order.slug}`);
    const detail = await profile.get(`/profil/narudzbe/${order.slug}`);
    expect(detail.status).toBe(200);
  });

  it("pays by card: order/create answers the provider's page, pgSuccess takes its signed answer once", async () => {
    const client = await apiClient(shop);
    expect((await client.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).ok).toBe(true);
    const added = await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 1 } });
    if (!added.ok) throw new Error(JSON.stringify(added));
    const session = { cartId: added.data.cartId, protectCode: added.data.protectCode };
    expect(
      (await client.call("ecommerce.delivery.saveDeliveryMethod", { body: { ...session, deliveryMethodId: Number(ids.courier) } })).ok,
    ).toBe(true);
    const created = await client.call("ecommerce.order.create", {
      body: { ...session, paymentMethodId: Number(ids.card), deliveryAddress: API_ADDRESS, acceptedConsents: [consentId] },
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    expect(await documentedMismatch(shop, "v1.ecommerce.order.create", 200, { data: created.data })).toEqual([]);
    expect(created.data.payment.kind).toBe("redirect");
    expect(new URL(created.data.payment.url!).pathname).toBe("/test-payment-provider/pay");
    const { order } = created.data;
    expect(order.paymentStatus).not.toBe("paid");

    const fields: Record<string, string> = {
      orderId: String(order.id),
      orderRef: order.slug,
      amount: String(order.orderTotalCents),
      currency: order.currencyLabel,
      outcome: "success",
      reference: `api-${order.id}`,
    };
    const forged = await client.call("ecommerce.order.pgSuccess", {
      params: { id: order.id },
      body: { ...fields, signature: "0".repeat(64) },
    });
    expect(forged).toMatchObject({ ok: false, status: 400, failure: { message: "Invalid payment signature" } });
    const signed = { ...fields, signature: signFields(fields, RESULT_FIELDS, cardSecret()!) };
    const paid = await client.call("ecommerce.order.pgSuccess", { params: { id: order.id }, body: signed });
    if (!paid.ok) throw new Error(JSON.stringify(paid));
    expect(await documentedMismatch(shop, "v1.ecommerce.order.pgSuccess", 200, { data: paid.data })).toEqual([]);
    expect(paid.data).toEqual({ orderId: order.id, slug: order.slug, paymentStatus: "paid" });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.paymentStatus).toBe("paid");
    // Another order's id in the path: refused, nothing changes.
    expect((await client.call("ecommerce.order.pgSuccess", { params: { id: order.id + 1000 }, body: signed })).ok).toBe(false);
  });

  it("buys as a guest when the shop allows guest checkout: the guest e-mail on the checkout calls, no account needed", async () => {
    const client = await apiClient(shop);
    const added = await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 1 } });
    if (!added.ok) throw new Error(JSON.stringify(added));
    const session = { cartId: added.data.cartId, protectCode: added.data.protectCode };
    const delivery = { ...session, deliveryMethodId: Number(ids.courier) };

    // Guest checkout off (the shop's default, spec §1): a guest e-mail opens nothing.
    expect(
      await client.call("ecommerce.delivery.saveDeliveryMethod", { body: { ...delivery, guestEmail: "gost@example.com" } }),
    ).toMatchObject({
      ok: false,
      status: 401,
      failure: { message: "No active user" },
    });

    const [store] = await db.select().from(stores);
    await db
      .update(stores)
      .set({ checkoutSettings: { ...store.checkoutSettings, guestCheckout: true } })
      .where(eq(stores.id, store.id));
    await clearCache("site-config");
    try {
      // Without an e-mail there is still nobody to sell to; an account's e-mail must sign in instead.
      expect(await client.call("ecommerce.delivery.saveDeliveryMethod", { body: delivery })).toMatchObject({
        ok: false,
        status: 401,
        failure: { message: "No active user" },
      });
      expect(
        await client.call("ecommerce.delivery.saveDeliveryMethod", { body: { ...delivery, guestEmail: DEMO_CUSTOMER.email } }),
      ).toMatchObject({
        ok: false,
        status: 409,
        failure: { message: "Account exists" },
      });
      expect(
        (await client.call("ecommerce.delivery.saveDeliveryMethod", { body: { ...delivery, guestEmail: "not-an-address" } })).status,
      ).toBe(400);

      const saved = await client.call("ecommerce.delivery.saveDeliveryMethod", { body: { ...delivery, guestEmail: "Gost@Example.com" } });
      expect(saved).toMatchObject({ ok: true, data: { deliveryMethodId: Number(ids.courier) } });
      const [guest] = await db.select().from(users).where(eq(users.email, "gost@example.com"));
      expect(guest).toMatchObject({ isGuest: true });
      expect((await db.select({ userId: carts.userId }).from(carts).where(eq(carts.id, session.cartId)))[0].userId).toBe(guest.id);

      const created = await client.call("ecommerce.order.create", {
        body: {
          ...session,
          guestEmail: "gost@example.com",
          paymentMethodId: Number(ids.bank),
          deliveryAddress: { ...API_ADDRESS, contactEmail: "gost@example.com" },
          acceptedConsents: [consentId],
        },
      });
      if (!created.ok) throw new Error(JSON.stringify(created));
      const [order] = await db.select().from(orders).where(eq(orders.id, created.data.order.id));
      expect(order).toMatchObject({ userId: guest.id, email: "gost@example.com", paymentGateway: "bankTransfer" });
      const [mail] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "orderConfirmation"), eq(mailOutbox.to, "gost@example.com")));
      expect(mail.subject).toBe(`Potvrda narudžbe ${order.slug}`);
      const admin = await loginAsAdmin(new Visitor(shop));
      expect((await admin.page(`/admin/orders?q=${order.slug}`)).html).toContain(`href="/admin/orders/${order.slug}"`);
    } finally {
      await db.update(stores).set({ checkoutSettings: store.checkoutSettings }).where(eq(stores.id, store.id));
      await clearCache("site-config");
    }
  });
});
