import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createShopClient, dataOf, ShopApiError } from "@alu-krov/api-client";
import type { Database } from "~/.server/db/client.server";
import { orderItems, orders, products, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { buyTwo, type Buyer } from "../../packages/api-client/examples/purchase";
import { API_ORIGIN, apiKeyFor, handlerFetch } from "../setup/api";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The typed client package (packages/api-client, decision 0132) against the shop's own
 * handler: the README's purchase example, run as written, places an order the database
 * holds; an expired access token is renewed with the refresh token and the call sent again.
 */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());
afterEach(() => vi.useRealTimers());

const BUYER: Buyer = {
  email: DEMO_CUSTOMER.email,
  password: DEMO_CUSTOMER.password,
  address: {
    firstName: "Ana",
    lastName: "Horvat",
    contactEmail: "ana@example.com",
    contactPhone: "+385 91 123 4567",
    country: "HR",
    city: "Zagreb",
    street: "Ilica",
    houseNumber: "10",
    zipCode: "10000",
  },
};

describe("the client package", () => {
  it("runs the README's purchase: key, sign-in, search, product, cart, delivery, payment, order", async () => {
    const panel = await catalogue(shop).idOf("AK-PNL-SND-40");
    const stockOf = async () => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, panel)))[0].stock!;
    const before = await stockOf();

    const bought = await buyTwo({ baseUrl: API_ORIGIN, fetch: handlerFetch(shop) }, BUYER, "Krovni sendvič panel 40 mm PIR");

    expect(bought.productId).toBe(panel);
    const [order] = await db.select().from(orders).where(eq(orders.id, bought.order.id));
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect([order.slug, order.userId, order.paymentGateway, order.orderTotalCents]).toEqual([
      bought.order.slug,
      customer.id,
      "bankTransfer",
      bought.order.orderTotalCents,
    ]);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((line) => [line.sku, line.quantity])).toEqual([["AK-PNL-SND-40", 2]]);
    expect(await stockOf()).toBe(before - 2);
    expect(bought.paymentInstructions).toBeTruthy();
  });

  it("renews an expired access token once with the refresh token and sends the call again", async () => {
    const seen: string[] = [];
    const fetch = handlerFetch(shop);
    const shopClient = createShopClient({
      baseUrl: API_ORIGIN,
      apiKey: (await apiKeyFor("client-package")).token,
      fetch: (request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get("refreshToken") ? "refreshToken" : ""}`.trim());
        return fetch(request);
      },
    });
    const first = await shopClient.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(shopClient.tokens).toEqual(first.tokens);

    // Sixteen minutes on: the 15-minute access token has run out.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60_000 });
    seen.length = 0;
    const profile = dataOf(await shopClient.GET("/api/v1/user/web/profile"));
    expect(profile.user.email).toBe(DEMO_CUSTOMER.email);
    expect(seen).toEqual(["GET /api/v1/user/web/profile", "GET /api/v1/refresh refreshToken", "GET /api/v1/user/web/profile"]);
    expect(shopClient.tokens?.refreshToken).not.toBe(first.tokens.refreshToken);

    // A refresh token the shop refuses signs the client out, and the call answers its 401.
    shopClient.setTokens({ ...first.tokens, refreshToken: "refresh_token.unknown" });
    const refused = await shopClient.GET("/api/v1/user/web/profile");
    expect(refused.response.status).toBe(401);
    expect(shopClient.tokens).toBeNull();
    expect(() => dataOf(refused)).toThrow(ShopApiError);
  });
});
