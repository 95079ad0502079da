import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { carts, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import type { ShopApiClient } from "../setup/api-client";
import { apiClient, apiKeyFor, documentedMismatch, rawCall } from "../setup/api";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { methodIds } from "./checkout-helpers";

/**
 * The cart over the API (decision 0059, spec §4 Cart, §5, §7 Ecommerce, §8): every cart
 * call on a cartId + protectCode session, the spec's failures (no session, a wrong
 * protectCode, an archived or used cart, quantity 0 and 1000, an unknown coupon), and the
 * checkout's reads.
 */
let shop: Shop;
let db: Database;
let client: ShopApiClient;
let panel: number;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  client = await apiClient(shop);
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
});
afterAll(() => shop.close());

type Result = { ok: boolean; status: number; data?: unknown; failure?: unknown };
async function ok<T = never>(name: string, result: Result, version: "v1" | "v2" = "v1"): Promise<T> {
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  expect(await documentedMismatch(shop, `${version}.${name}`, 200, { data: result.data })).toEqual([]);
  return result.data as T;
}
const failed = (status: number, message: string | RegExp) => ({
  ok: false,
  status,
  failure: { errored: true, statusCode: status, message: typeof message === "string" ? message : expect.stringMatching(message) },
});

type CartAnswer = {
  cartId: number;
  protectCode: string;
  cart: { items: { itemId: string; productId: number; qty: number }[]; couponCode: string | null };
  coupon: { code: string | null; removed: boolean };
};
const sessionOf = (answer: CartAnswer) => ({ cartId: answer.cartId, protectCode: answer.protectCode });

async function cartWithPanel(qty = 1) {
  const added = await ok<CartAnswer>(
    "ecommerce.cart.addItem",
    await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty } }),
  );
  return { session: sessionOf(added), itemId: added.cart.items[0].itemId, answer: added };
}

describe("cart sessions", () => {
  it("hands out a new empty session, which getCart then reads", async () => {
    const fresh = await ok<CartAnswer>("ecommerce.cart.getNewCartSession", await client.call("ecommerce.cart.getNewCartSession"));
    expect(fresh.cart.items).toEqual([]);
    expect(fresh.protectCode.length).toBeGreaterThan(20);
    const read = await ok<CartAnswer>("ecommerce.cart.getCart", await client.call("ecommerce.cart.getCart", { body: sessionOf(fresh) }));
    expect(read.cartId).toBe(fresh.cartId);
  });

  it("answers 'Session doesn't exist' for an unknown cart or a wrong protectCode", async () => {
    const { session } = await cartWithPanel();
    expect(await client.call("ecommerce.cart.getCart", { body: { ...session, protectCode: "wrong" } })).toMatchObject(
      failed(400, "Session doesn't exist"),
    );
    expect(await client.call("ecommerce.cart.getCart", { body: { cartId: 999_999, protectCode: "x" } })).toMatchObject(
      failed(400, "Session doesn't exist"),
    );
    expect(await client.call("ecommerce.cart.removeCoupon", { body: { ...session, protectCode: "wrong" } })).toMatchObject(
      failed(400, "Session doesn't exist"),
    );
  });

  it("refuses a call without the session's fields as a bad request", async () => {
    const response = await rawCall(shop, "/api/v1/ecommerce/cart/getCart", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Api-Key": (await apiKeyFor("cart")).token },
      body: JSON.stringify({}),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errored: true, statusCode: 400 });
  });

  it("answers 'Cart is archived.' and 'Session already used.' for a dead cart", async () => {
    const archived = await cartWithPanel();
    await db.update(carts).set({ status: "archived" }).where(eq(carts.id, archived.session.cartId));
    expect(await client.call("ecommerce.cart.getCart", { body: archived.session })).toMatchObject(failed(409, "Cart is archived."));
    expect(await client.call("ecommerce.cart.addItem", { body: { ...archived.session, productId: panel, qty: 1 } })).toMatchObject(
      failed(409, "Cart is archived."),
    );
    const used = await cartWithPanel();
    await db.update(carts).set({ usedAt: new Date() }).where(eq(carts.id, used.session.cartId));
    expect(await client.call("ecommerce.cart.updateItem", { body: { ...used.session, itemId: used.itemId, qty: 2 } })).toMatchObject(
      failed(409, "Session already used."),
    );
  });
});

describe("lines", () => {
  it("adds with no session by creating one, then adds to it and merges identical lines", async () => {
    const { session, answer } = await cartWithPanel(2);
    expect(answer.cart.items.map((i) => [i.productId, i.qty])).toEqual([[panel, 2]]);
    const again = await ok<CartAnswer>(
      "ecommerce.cart.addItem",
      await client.call("ecommerce.cart.addItem", { body: { ...session, productId: panel, qty: 3 } }),
    );
    expect(again.cartId).toBe(session.cartId);
    expect(again.cart.items.map((i) => i.qty)).toEqual([5]);
  });

  it("refuses quantity 0 and 1000 and an unknown product", async () => {
    expect(await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 0 } })).toMatchObject(
      failed(400, /Invalid quantity/),
    );
    expect(await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 1000 } })).toMatchObject(
      failed(400, /Invalid quantity/),
    );
    expect(await client.call("ecommerce.cart.addItem", { body: { productId: 999_999, qty: 1 } })).toMatchObject(
      failed(404, "Product not found"),
    );
    const { session, itemId } = await cartWithPanel();
    expect(await client.call("ecommerce.cart.updateItem", { body: { ...session, itemId, qty: 0 } })).toMatchObject(
      failed(400, /Invalid quantity/),
    );
    expect(await client.call("ecommerce.cart.updateItem", { body: { ...session, itemId, qty: 1000 } })).toMatchObject(
      failed(400, /Invalid quantity/),
    );
  });

  it("updates a line's quantity, removes a line with a DELETE body, and says when the line is not there", async () => {
    const { session, itemId } = await cartWithPanel();
    const updated = await ok<CartAnswer>(
      "ecommerce.cart.updateItem",
      await client.call("ecommerce.cart.updateItem", { body: { ...session, itemId, qty: 4 } }),
    );
    expect(updated.cart.items.map((i) => i.qty)).toEqual([4]);
    expect(await client.call("ecommerce.cart.updateItem", { body: { ...session, itemId: "nope", qty: 1 } })).toMatchObject(
      failed(404, "Item not in cart"),
    );
    const deleted = await ok<CartAnswer>(
      "ecommerce.cart.deleteItem",
      await client.call("ecommerce.cart.deleteItem", { body: { ...session, itemId } }),
    );
    expect(deleted.cart.items).toEqual([]);
    expect(await client.call("ecommerce.cart.deleteItem", { body: { ...session, itemId } })).toMatchObject(failed(404, "Item not in cart"));
  });

  it("clears the cart and its coupon; clearing without a session does nothing", async () => {
    const { session } = await cartWithPanel(2);
    await ok("ecommerce.cart.applyCoupon", await client.call("ecommerce.cart.applyCoupon", { body: { ...session, couponCode: "KROV10" } }));
    const cleared = await ok<{ cart: CartAnswer }>(
      "ecommerce.cart.clearCart",
      await client.call("ecommerce.cart.clearCart", { body: session }),
    );
    expect(cleared.cart.cart.items).toEqual([]);
    expect(cleared.cart.coupon.code).toBeNull();
    expect(await ok("ecommerce.cart.clearCart", await client.call("ecommerce.cart.clearCart", { body: {} }))).toEqual({ cart: null });
  });

  it("validates a cart: fine with lines, 'emptyCart' without", async () => {
    const { session, itemId } = await cartWithPanel();
    expect(await ok("ecommerce.cart.validateCart", await client.call("ecommerce.cart.validateCart", { body: session }))).toMatchObject({
      valid: true,
      problems: [],
    });
    await client.call("ecommerce.cart.deleteItem", { body: { ...session, itemId } });
    expect(await ok("ecommerce.cart.validateCart", await client.call("ecommerce.cart.validateCart", { body: session }))).toMatchObject({
      valid: false,
      problems: ["emptyCart"],
    });
  });
});

describe("coupon and member card", () => {
  it("applies a coupon with data.coupon, refuses an unknown one with 'Coupon not found!', and removes it", async () => {
    const { session } = await cartWithPanel(2);
    expect(await client.call("ecommerce.cart.applyCoupon", { body: { ...session, couponCode: "NEMA-TAKVOG" } })).toMatchObject(
      failed(404, "Coupon not found!"),
    );
    expect(await client.call("ecommerce.cart.applyCoupon", { body: { ...session, couponCode: "JEDNOM" } })).toMatchObject(
      failed(400, "Coupon usage limit reached"),
    );
    const applied = await ok<CartAnswer>(
      "ecommerce.cart.applyCoupon",
      await client.call("ecommerce.cart.applyCoupon", { body: { ...session, couponCode: "krov10" } }),
    );
    expect(applied.coupon).toEqual({ code: "KROV10", removed: false });
    const removed = await ok<CartAnswer>(
      "ecommerce.cart.removeCoupon",
      await client.call("ecommerce.cart.removeCoupon", { body: session }),
    );
    expect(removed.coupon).toEqual({ code: null, removed: false });
  });

  it("tells that a change took off a coupon that stopped applying", async () => {
    const { session, itemId } = await cartWithPanel(2);
    await ok(
      "ecommerce.cart.applyCoupon",
      await client.call("ecommerce.cart.applyCoupon", { body: { ...session, couponCode: "POPUST5" } }),
    );
    const smaller = await ok<CartAnswer>(
      "ecommerce.cart.updateItem",
      await client.call("ecommerce.cart.updateItem", { body: { ...session, itemId, qty: 1 } }),
    );
    expect(smaller.coupon).toEqual({ code: null, removed: true });
  });

  it("skips a member card for an anonymous cart (sign-in needed)", async () => {
    const { session } = await cartWithPanel();
    const answer = await ok<{ outcome: string }>(
      "ecommerce.cart.applyMemberCard",
      await client.call("ecommerce.cart.applyMemberCard", { body: { ...session, barcode: "1234567890" } }),
    );
    expect(answer.outcome).toBe("skipped");
  });
});

describe("a signed-in customer's cart", () => {
  it("applies a valid member card for a signed-in customer (membership prices, saved to the profile), refuses an invalid one, clears it", async () => {
    const customer = await apiClient(shop);
    expect((await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).ok).toBe(true);
    const added = await ok<CartAnswer>(
      "ecommerce.cart.addItem",
      await customer.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 2 } }),
    );
    const session = { cartId: added.cartId, protectCode: added.protectCode };
    try {
      // Spec §8 'Kod članske iskaznice nije valjan!' in the API's English; nothing changes.
      const refused = await customer.call("ecommerce.cart.applyMemberCard", { body: { ...session, barcode: "12AB" } });
      expect(refused).toMatchObject({ ok: false, status: 400, failure: { message: "Member card barcode is not valid" } });
      expect((await db.select().from(carts).where(eq(carts.id, session.cartId)))[0].memberCardBarcode).toBeNull();

      type Priced = {
        outcome: string;
        cart: { memberCardBarcode: string | null; items: { prices: { finalPrice: number; row: number; membershipApplied: boolean } }[] };
      };
      const applied = await ok<Priced>(
        "ecommerce.cart.applyMemberCard",
        await customer.call("ecommerce.cart.applyMemberCard", { body: { ...session, barcode: "385123456789" } }),
      );
      expect(applied.outcome).toBe("applied");
      // AK-PNL-SND-40: 34,90 EUR, member price 32,90 EUR (as the HTML cart shows it).
      expect(applied.cart.memberCardBarcode).toBe("385123456789");
      expect(applied.cart.items[0].prices).toMatchObject({ finalPrice: 3290, row: 6580, membershipApplied: true });
      expect((await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email)))[0].memberCardBarcode).toBe("385123456789");
      const read = await ok<Priced>("ecommerce.cart.getCart", await customer.call("ecommerce.cart.getCart", { body: session }));
      expect(read.cart.items[0].prices.membershipApplied).toBe(true);

      const cleared = await ok<Priced>(
        "ecommerce.cart.applyMemberCard",
        await customer.call("ecommerce.cart.applyMemberCard", { body: { ...session, barcode: "" } }),
      );
      expect(cleared.outcome).toBe("cleared");
      expect(cleared.cart.items[0].prices).toMatchObject({ finalPrice: 3490, membershipApplied: false });
    } finally {
      await db.update(users).set({ memberCardBarcode: null }).where(eq(users.email, DEMO_CUSTOMER.email));
    }
  });

  it("makes the cart the customer's and finds it again with getAbandoned", async () => {
    const customer = await apiClient(shop);
    expect((await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).ok).toBe(true);
    const added = await ok<CartAnswer>(
      "ecommerce.cart.addItem",
      await customer.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 1 } }),
    );
    const [row] = await db.select().from(carts).where(eq(carts.id, added.cartId));
    expect(row.userId).not.toBeNull();
    const found = await ok<{ cart: CartAnswer | null }>(
      "ecommerce.cart.getAbandoned",
      await customer.call("ecommerce.cart.getAbandoned", { body: {} }),
    );
    expect(found.cart?.cartId).toBe(added.cartId);
    expect(await client.call("ecommerce.cart.getAbandoned", { body: {} })).toMatchObject({ ok: false, status: 401 });
  });

  it("merges several earlier carts holding the same product into one line, its quantities added up", async () => {
    const customer = await apiClient(shop);
    expect((await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).ok).toBe(true);
    // Two carts left behind (two devices), each with the panel, then a third the customer signs in with.
    for (const qty of [2, 3])
      await ok<CartAnswer>("ecommerce.cart.addItem", await customer.call("ecommerce.cart.addItem", { body: { productId: panel, qty } }));
    const visitor = await ok<CartAnswer>(
      "ecommerce.cart.addItem",
      await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 1 } }),
    );
    const merged = await ok<{ cart: CartAnswer | null }>(
      "ecommerce.cart.getAbandoned",
      await customer.call("ecommerce.cart.getAbandoned", { body: { cartId: visitor.cartId, protectCode: visitor.protectCode } }),
    );
    expect(merged.cart?.cartId).toBe(visitor.cartId);
    const lines = merged.cart!.cart.items.filter((line) => line.productId === panel);
    expect(lines).toHaveLength(1);
    expect(lines[0].qty).toBeGreaterThanOrEqual(1 + 2 + 3);
  });
});

describe("what a client sends as the document says (decision 0128)", () => {
  it("takes a length as a JSON number as it takes a numeric string, and prices the line by it", async () => {
    const perMetre = await catalogue(shop).idOf("AK-TRP-T35-MJERA");
    const asNumber = await ok<CartAnswer & { cart: { items: { prices: { lengthMm: number | null } }[] } }>(
      "ecommerce.cart.addItem",
      await client.call("ecommerce.cart.addItem", {
        body: { productId: perMetre, qty: 1, options: { personalizations: { duljina: 3000 } } },
      }),
    );
    const asText = await ok<CartAnswer & { cart: { items: { prices: { lengthMm: number | null } }[] } }>(
      "ecommerce.cart.addItem",
      await client.call("ecommerce.cart.addItem", {
        body: { productId: perMetre, qty: 1, options: { personalizations: { duljina: "3000" } } },
      }),
    );
    expect(asNumber.cart.items[0].prices.lengthMm).toBe(3000);
    expect(asText.cart.items[0].prices).toEqual(asNumber.cart.items[0].prices);
  });

  it("refuses a field the call does not take, naming it, instead of dropping it", async () => {
    const answer = await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 1, colour: "red" } as never });
    expect(answer).toMatchObject({ ok: false, status: 400 });
    if (!answer.ok) expect(answer.failure.errors).toEqual([{ field: "body.colour", message: "Unrecognized key" }]);
  });

  it("refuses a cartId without its protectCode instead of starting another cart", async () => {
    const answer = await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 1, cartId: 1 } });
    expect(answer).toMatchObject({ ok: false, status: 400 });
    if (!answer.ok) expect(answer.failure.errors).toEqual([{ field: "body.protectCode", message: "Send cartId and protectCode together" }]);
  });
});

describe("checkout reads and the delivery step", () => {
  it("answers the checkout settings, the currency, the countries and the free-delivery amount", async () => {
    expect(await ok("ecommerce.settings.getCheckoutSettings", await client.call("ecommerce.settings.getCheckoutSettings"))).toMatchObject({
      checkoutEnabled: true,
    });
    const currency = await ok<{ defaultCurrencyId: number }>(
      "ecommerce.settings.getCurrencyConfig",
      await client.call("ecommerce.settings.getCurrencyConfig", {}, { version: "v2" }),
      "v2",
    );
    const countries = await ok<{ countries: { iso: string }[] }>(
      "ecommerce.checkout.getAvailableCountries",
      await client.call("ecommerce.checkout.getAvailableCountries", {}, { version: "v2" }),
      "v2",
    );
    expect(countries.countries.map((c) => c.iso)).toContain("HR");
    const free = await ok<{ price: number | null }>(
      "ecommerce.checkout.getFreeDeliveryAmount",
      await client.call(
        "ecommerce.checkout.getFreeDeliveryAmount",
        { params: { currencyId: currency.defaultCurrencyId } },
        { version: "v2" },
      ),
      "v2",
    );
    expect(free).toHaveProperty("price");
    expect(
      await client.call("ecommerce.checkout.getFreeDeliveryAmount", { params: { currencyId: 99_999 } }, { version: "v2" }),
    ).toMatchObject(failed(400, "Currency is not defined"));
  });

  it("refuses to save a delivery method without a signed-in user ('No active user') or a session", async () => {
    const ids = await methodIds(shop);
    const { session } = await cartWithPanel();
    expect(
      await client.call("ecommerce.delivery.saveDeliveryMethod", { body: { ...session, deliveryMethodId: Number(ids.courier) } }),
    ).toMatchObject(failed(401, "No active user"));
    expect(
      await client.call("ecommerce.delivery.saveDeliveryMethod", {
        body: { ...session, protectCode: "wrong", deliveryMethodId: Number(ids.courier) },
      }),
    ).toMatchObject(failed(400, "Session doesn't exist"));
    expect(await client.call("ecommerce.order.create", { body: { ...session, acceptedConsents: [] } })).toMatchObject(
      failed(401, "No active user"),
    );
  });

  it("refuses an unknown delivery method with the checkout's message", async () => {
    const customer = await apiClient(shop);
    await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const added = await ok<CartAnswer>(
      "ecommerce.cart.addItem",
      await customer.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 1 } }),
    );
    const answer = await customer.call("ecommerce.delivery.saveDeliveryMethod", {
      body: { ...sessionOf(added), deliveryMethodId: 999_999 },
    });
    expect(answer).toMatchObject(failed(400, "Please choose a delivery method."));
  });
});
