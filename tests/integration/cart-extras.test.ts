import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { options, sites, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { clearCache } from "~/.server/cache.server";
import { signInAsCustomer } from "../setup/accounts";
import { catalogue, eur, testId } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { CART, cartPage, cartPost, cartRow, rawPoster, shopper } from "./cart-helpers";

/**
 * Membership card (spec §4, §5, §8), the hydrated page's fetcher answers, the
 * cart-addition behaviours (spec §4: 0 cart, 1 stay, 2 popup) and the instructions.
 */
let shop: Shop;
let db: Database;
let panel: number;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
});
afterAll(() => shop.close());

const addPanel = () => ({ intent: "add", productId: String(panel), quantity: "2" });

describe("membership card", () => {
  it("is for logged-in shoppers: a logged-out post changes nothing", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, addPanel());
    const result = await cartPost(visitor, { intent: "memberCard", memberCardBarcode: "12345678" });
    expect(result.toastType).toBe("info");
    expect((await cartRow(db, visitor)).memberCardBarcode).toBeNull();
    expect((await cartPage(visitor)).html).toContain('data-testid="member-card-login"');
  });

  it("refuses an invalid barcode, applies a valid one with membership prices, saves it to the profile and sets the cookie", async () => {
    const visitor = await shopper(shop);
    await signInAsCustomer(shop, visitor);
    await cartPost(visitor, addPanel());
    expect((await cartPost(visitor, { intent: "memberCard", memberCardBarcode: "12AB" })).toast).toBe("Kod članske iskaznice nije valjan!");
    expect((await cartRow(db, visitor)).memberCardBarcode).toBeNull();
    const applied = await cartPost(visitor, { intent: "memberCard", memberCardBarcode: "385123456789" });
    expect(applied).toMatchObject({ toastType: "success", toast: "Kod članske iskaznice uspješno primjenjen" });
    expect(visitor.cookies.get("memberCardBarcode")).toBe("385123456789");
    const [user] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(user.memberCardBarcode).toBe("385123456789");
    const page = await cartPage(visitor);
    // AK-PNL-SND-40: 34,90 EUR, member price 32,90 EUR.
    expect(testId(page.html, "cart-line-unit")).toBe(eur("32,90") + "Članska cijena");
    expect(testId(page.html, "cart-line-row")).toBe(eur("65,80"));
    expect(page.html).toMatch(/name="memberCardBarcode"[^>]*value="385123456789"/);
    // The same card again is not checked again (spec §4 "skipped if equal to the stored cookie"):
    // with a pattern no card matches, it still applies, while another card is refused.
    await db.insert(options).values({ siteId: 1, key: "MemberCardBarcodePattern", value: "^0$" });
    await clearCache("site-config");
    try {
      expect((await cartPost(visitor, { intent: "memberCard", memberCardBarcode: "385123456789" })).toastType).toBe("success");
      expect((await cartPost(visitor, { intent: "memberCard", memberCardBarcode: "12345678" })).toast).toBe(
        "Kod članske iskaznice nije valjan!",
      );
    } finally {
      await db.delete(options).where(eq(options.key, "MemberCardBarcodePattern"));
      await clearCache("site-config");
    }
    // An empty value clears it from the cart and the cookie.
    await cartPost(visitor, { intent: "memberCard", memberCardBarcode: "" });
    expect((await cartRow(db, visitor)).memberCardBarcode).toBeNull();
    expect(visitor.cookies.has("memberCardBarcode")).toBe(false);
    await db.update(users).set({ memberCardBarcode: null }).where(eq(users.id, user.id));
  });
});

describe("the hydrated cart page's fetchers (via=fetcher)", () => {
  it("answer with the toast as data, and a failed removal with removeFromCartFailed", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, addPanel());
    // A fetcher posts to the route's single-fetch address; the answer is encoded data, not a redirect.
    const post = await rawPoster(visitor, `${CART}.data`);
    const missing = await post({ intent: "delete", itemId: "nope", via: "fetcher" });
    expect(missing.status).toBe(404);
    const body = await missing.text();
    expect(body).toContain("core.notifications.itemNotInCart");
    expect(body).toContain('"info"');
    visitor.cookies.set("protectCode", "forged");
    const failed = await post({ intent: "delete", itemId: "nope", via: "fetcher" });
    expect(await failed.text()).toContain("core.notifications.removeFromCartFailed");
    expect(visitor.cookies.has("cartId")).toBe(false);
  });
});

describe("cart-addition behaviour (spec §4)", () => {
  async function setBehaviour(value: number) {
    await db.update(sites).set({ cartAdditionBehaviour: value });
    await clearCache("site-config");
  }
  const from = "/product/krovni-sendvic-panel-40-mm-pir";

  it("1 stays on the page, 2 opens the cart modal over it with JavaScript and the cart page without", async () => {
    try {
      await setBehaviour(1);
      const visitor = await shopper(shop);
      expect((await cartPost(visitor, { ...addPanel(), redirectTo: from }, { from })).location).toBe(from);
      await setBehaviour(2);
      expect((await cartPost(visitor, { ...addPanel(), redirectTo: from, js: "1" }, { from })).location).toBe(`${from}?cart=open`);
      expect((await cartPost(visitor, { ...addPanel(), redirectTo: from }, { from })).location).toBe(CART);
      // A foreign redirectTo never leaves the shop.
      expect((await cartPost(visitor, { ...addPanel(), redirectTo: "//evil.example/x", js: "1" })).location).toMatch(
        /^\/kosarica\?cart=open$|^\/\?cart=open$/,
      );
    } finally {
      await setBehaviour(0);
    }
  });
});

describe("instructions", () => {
  it("are kept with the cart and shown again", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, addPanel());
    await cartPost(visitor, { intent: "instructions", instructions: "Dostava nakon 14 h, molim." });
    expect((await cartRow(db, visitor)).instructions).toBe("Dostava nakon 14 h, molim.");
    expect((await cartPage(visitor)).html).toContain("Dostava nakon 14 h, molim.");
    expect((await cartPost(visitor, { intent: "instructions", instructions: "x".repeat(1001) })).toastType).toBe("error");
  });
});

describe("clearing the cart (spec §4)", () => {
  it("does nothing without a session, and empties a cart with its coupon", async () => {
    const visitor = await shopper(shop);
    expect((await cartPost(visitor, { intent: "clear" })).toast).toBe("Košarica je ispražnjena");
    expect(visitor.cookies.has("cartId")).toBe(false);
    await cartPost(visitor, addPanel());
    await cartPost(visitor, { intent: "coupon", couponCode: "KROV10" });
    await cartPost(visitor, { intent: "clear" });
    expect((await cartPage(visitor)).html).toContain('data-testid="cart-empty"');
    expect((await cartRow(db, visitor)).couponCode).toBeNull();
  });
});
