import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { bundleItems, carts, products, productTranslations } from "~/.server/db/schema";
import { eur, testId } from "../setup/product-pages";
import type { Shop } from "../setup/shop";
import { CART, cartPage, cartPost, cartRow, cartShop, itemsOf, rawPoster, shopper } from "./cart-helpers";

/**
 * The cart without JavaScript (spec §2 Cart, §4 Cart, §5 quantity, §8 cart toasts, §9
 * cookies): every post redirects with a flash toast; the cart page shows what was stored.
 */
let shop: Shop;
let db: Database;
let ids: Record<string, number>;
beforeAll(async () => {
  ({ shop, db, ids } = await cartShop([
    "AK-PNL-SND-40",
    "AK-PNL-TEG",
    "AK-PNL-TEG-8017-05",
    "AK-PNL-TEG-8017-07",
    "AK-SET-KROV-20",
    "AK-DOC-PRIR",
    "AK-TRP-T35-MJERA",
  ]));
});
afterAll(() => shop.close());

const add = (fields: Record<string, string>) => ({ intent: "add", quantity: "1", ...fields });

describe("session (spec §4 Cart Session, §9 cookies)", () => {
  it("has none until the first add, which sets cartId and protectCode for a year, HttpOnly, path /", async () => {
    const visitor = await shopper(shop);
    const empty = await cartPage(visitor);
    expect(empty.html).toContain('data-testid="cart-empty"');
    expect(visitor.cookies.has("cartId")).toBe(false);
    const response = await visitor.post(CART, add({ productId: String(ids["AK-PNL-SND-40"]), quantity: "2" }), { tokenFrom: CART });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(CART); // cartAdditionBehaviour 0: the cart
    const cookies = response.headers.getSetCookie().filter((c) => /^(cartId|protectCode)=/.test(c));
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      for (const attribute of ["Path=/", "Max-Age=31536000", "SameSite=Lax", "HttpOnly"]) expect(cookie.split("; ")).toContain(attribute);
    }
    const page = await cartPage(visitor);
    expect(page.lines).toHaveLength(1);
    expect(testId(page.html, "cart-line-row")).toBe(eur("69,80"));
    expect(testId(page.html, "cart-badge")).toBe("2");
  });

  it("answers 'Session doesn't exist' to an update, delete or coupon without a session: a message, no 500", async () => {
    const visitor = await shopper(shop);
    const posts: Record<string, string>[] = [
      { intent: "update", itemId: "abc", quantity: "2" },
      { intent: "delete", itemId: "abc" },
      { intent: "coupon", couponCode: "KROV10" },
    ];
    for (const fields of posts) {
      const result = await cartPost(visitor, fields);
      expect(result.toastType, fields.intent).toBe("error");
    }
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "KROV10" })).toast).toBe(
      "Košarica ne postoji ili je istekla. Dodajte proizvod kako biste započeli novu.",
    );
  });

  it("clears the cookies of a tampered protectCode or an unknown cart instead of failing", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]) }));
    visitor.cookies.set("protectCode", "forged");
    const page = await cartPage(visitor);
    expect(page.html).toContain('data-testid="cart-empty"');
    expect(visitor.cookies.has("cartId")).toBe(false);
    visitor.cookies.set("cartId", "999999");
    visitor.cookies.set("protectCode", "x");
    const { response } = await visitor.page("/");
    expect(response.status).toBe(200);
    expect(visitor.cookies.has("protectCode")).toBe(false);
  });

  it("sends the shopper home with the cart-update error when the cart is archived or its session used", async () => {
    for (const change of [{ status: "archived" as const }, { usedAt: new Date() }]) {
      const visitor = await shopper(shop);
      await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]) }));
      const post = await rawPoster(visitor);
      await db
        .update(carts)
        .set(change)
        .where(eq(carts.id, Number(visitor.cookies.get("cartId"))));
      const response = await post({ intent: "update", itemId: "x", quantity: "2" });
      expect(response.headers.get("Location")).toBe("/");
      expect(visitor.cookies.has("cartId")).toBe(false);
      const { html } = await visitor.page("/");
      expect(html).toContain("Košaricu nije moguće ažurirati. Započnite novu kupovinu.");
    }
  });

  it("sends a shopper whose cart is archived from the cart page home, with the cookies cleared", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]) }));
    await db
      .update(carts)
      .set({ status: "archived" })
      .where(eq(carts.id, Number(visitor.cookies.get("cartId"))));
    const response = await visitor.get(CART);
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/"]);
    expect(visitor.cookies.has("cartId")).toBe(false);
  });

  it("clears the session on a language switch (spec §4)", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]) }));
    const page = await cartPage(visitor, "/en/cart");
    expect(page.html).toContain('data-testid="cart-empty"');
    expect(visitor.cookies.has("cartId")).toBe(false);
  });
});

describe("adding, per product format (spec §4 Addable, §5 quantity)", () => {
  it("refuses quantities that are not whole numbers from 1 to 999 with error.invalidQuantity and adds nothing", async () => {
    const visitor = await shopper(shop);
    for (const quantity of ["abc", "0", "-1", "1000", "1.5", ""]) {
      const result = await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]), quantity }));
      expect(result.toast, quantity).toBe("Neispravna količina. Unesite cijeli broj od 1 do 999.");
    }
    expect(visitor.cookies.has("cartId")).toBe(false);
  });

  it("merges the same product with the same options into one line", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]), quantity: "2" }));
    const result = await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]), quantity: "3" }));
    expect(result.toast).toBe("Proizvod je dodan u košaricu");
    expect((await itemsOf(db, visitor)).map((i) => i.quantity)).toEqual([5]);
  });

  it("needs a chosen variant for a configurable product, and links the line to the main product with cartItemId", async () => {
    const visitor = await shopper(shop);
    const missing = await cartPost(visitor, add({ productId: String(ids["AK-PNL-TEG"]) }));
    expect(missing).toMatchObject({ toastType: "info", toast: "Konfiguracija proizvoda nije postavljena. Odaberite varijantu." });
    const soldOut = await cartPost(visitor, add({ productId: String(ids["AK-PNL-TEG"]), variantId: String(ids["AK-PNL-TEG-8017-07"]) }));
    expect(soldOut.toastType).toBe("error");
    await cartPost(visitor, add({ productId: String(ids["AK-PNL-TEG"]), variantId: String(ids["AK-PNL-TEG-8017-05"]) }));
    const [item] = await itemsOf(db, visitor);
    expect(item).toMatchObject({ productId: ids["AK-PNL-TEG"], variantId: ids["AK-PNL-TEG-8017-05"] });
    const page = await cartPage(visitor);
    expect(page.html).toContain(`href="/product/aluminijski-panel-crijep-tegola?cartItemId=${item.id}"`);
    expect(testId(page.html, "cart-line-unit")).toBe(eur("16,90"));
  });

  it("adds a bundle only when its configurable part has a chosen variant, storing it in bundleOptions", async () => {
    const visitor = await shopper(shop);
    const bundle = String(ids["AK-SET-KROV-20"]);
    const unconfigured = await cartPost(visitor, add({ productId: bundle }));
    expect(unconfigured.toastType).toBe("error");
    // The part's own id is not a variant of it.
    expect(
      (await cartPost(visitor, add({ productId: bundle, [`bundleOptions.${ids["AK-PNL-TEG"]}`]: String(ids["AK-PNL-TEG"]) }))).toastType,
    ).toBe("error");
    const added = await cartPost(
      visitor,
      add({ productId: bundle, [`bundleOptions.${ids["AK-PNL-TEG"]}`]: String(ids["AK-PNL-TEG-8017-05"]) }),
    );
    expect(added.toast).toBe("Paket je dodan u košaricu");
    const [item] = await itemsOf(db, visitor);
    expect(item.options.bundleOptions).toEqual([{ id: ids["AK-PNL-TEG"], variantId: ids["AK-PNL-TEG-8017-05"] }]);
  });

  it("adds a bundle without configurable parts directly; a bundle holding a bundle cannot be added", async () => {
    const bundle = async (sku: string, parts: number[]) => {
      const [row] = await db
        .insert(products)
        .values({ siteId: 1, sku, format: "bundle", retailPriceCents: 5000, priceCents: 4500, stock: null })
        .returning();
      await db.insert(productTranslations).values({ productId: row.id, languageCode: "hrv", name: sku, slug: sku.toLowerCase() });
      await db.insert(bundleItems).values(parts.map((productId, position) => ({ bundleId: row.id, productId, quantity: 1, position })));
      return String(row.id);
    };
    const plain = await bundle("AK-TEST-SET-PLAIN", [ids["AK-PNL-SND-40"], ids["AK-DOC-PRIR"]]);
    const nested = await bundle("AK-TEST-SET-NESTED", [Number(plain), ids["AK-PNL-SND-40"]]);
    const visitor = await shopper(shop);
    expect((await cartPost(visitor, add({ productId: plain }))).toast).toBe("Paket je dodan u košaricu");
    const refused = await cartPost(visitor, add({ productId: nested }));
    expect(refused.toastType).toBe("error");
    expect((await itemsOf(db, visitor)).map((i) => i.productId)).toEqual([Number(plain)]);
  });

  it("adds an e-product directly and checks personalisations against the custom options", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-DOC-PRIR"]) }));
    const tooShort = await cartPost(visitor, add({ productId: String(ids["AK-TRP-T35-MJERA"]), "options.duljina": "100" }));
    expect(tooShort.toastType).toBe("error");
    expect(tooShort.toast).toMatch(/^Duljina: /);
    await cartPost(visitor, add({ productId: String(ids["AK-TRP-T35-MJERA"]), "options.duljina": "2500", quantity: "3" }));
    await cartPost(visitor, add({ productId: String(ids["AK-TRP-T35-MJERA"]), "options.duljina": "3000" }));
    const items = await itemsOf(db, visitor);
    expect(items.map((i) => [i.productId, i.quantity, i.options.personalizations])).toEqual([
      [ids["AK-DOC-PRIR"], 1, {}],
      [ids["AK-TRP-T35-MJERA"], 3, { duljina: 2500 }],
      [ids["AK-TRP-T35-MJERA"], 1, { duljina: 3000 }],
    ]);
    expect(testId((await cartPage(visitor)).html, "cart-line-detail")).toBe("Duljina: 2500 mm");
  });
});

describe("editing the cart", () => {
  it("updates a quantity and deletes a line; a line not in the cart is an info message", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]) }));
    const [item] = await itemsOf(db, visitor);
    expect((await cartPost(visitor, { intent: "update", itemId: item.id, quantity: "4" })).location).toBe(CART);
    expect((await itemsOf(db, visitor))[0].quantity).toBe(4);
    expect((await cartPost(visitor, { intent: "update", itemId: item.id, quantity: "0" })).toastType).toBe("error");
    expect((await itemsOf(db, visitor))[0].quantity).toBe(4);
    expect((await cartPost(visitor, { intent: "delete", itemId: item.id })).toast).toBe("Proizvod je uklonjen iz košarice");
    expect(await itemsOf(db, visitor)).toEqual([]);
    expect(await cartPost(visitor, { intent: "delete", itemId: item.id })).toMatchObject({
      toastType: "info",
      toast: "Proizvod nije u košarici",
    });
  });

  it("updates the same line from the product page's cart-item edit mode", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-TRP-T35-MJERA"]), "options.duljina": "2500" }));
    const [item] = await itemsOf(db, visitor);
    const edit = await visitor.page(`/product/trapezni-lim-t-35-po-mjeri-ral-7016?cartItemId=${item.id}`);
    expect(edit.html).toContain('data-testid="cart-item-edit"');
    expect(edit.html).toContain('value="2500"');
    await cartPost(visitor, {
      intent: "update",
      itemId: item.id,
      productId: String(ids["AK-TRP-T35-MJERA"]),
      "options.duljina": "4000",
      quantity: "2",
    });
    const items = await itemsOf(db, visitor);
    expect(items.map((i) => [i.id, i.quantity, i.options.personalizations])).toEqual([[item.id, 2, { duljina: 4000 }]]);
  });
});

describe("coupons (spec §4 Coupon, §5, §8 'Coupon not found!')", () => {
  it("requires a code, refuses an unknown one, applies and removes a valid one", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]), quantity: "2" }));
    expect((await cartPost(visitor, { intent: "coupon", couponCode: " " })).toast).toBe("Unos ovog polja je obavezan");
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "NEPOSTOJI" })).toast).toBe("Kupon nije pronađen!");
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "ISTEKAO" })).toastType).toBe("error");
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "JEDNOM" })).toastType).toBe("error");
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "krov10" })).toast).toBe("Kupon je primijenjen");
    const page = await cartPage(visitor);
    expect([page.summary("itemsTotal"), page.summary("coupon"), page.summary("orderTotal")]).toEqual([
      `Iznos proizvoda${"69,80 EUR"}`,
      "Kupon\u22126,98 EUR",
      "Ukupno za platiti62,82 EUR",
    ]);
    expect(page.html).toMatch(/name="couponCode"[^>]*disabled=""/);
    await cartPost(visitor, { intent: "removeCoupon" });
    expect((await cartRow(db, visitor)).couponCode).toBeNull();
  });

  it("removes a coupon that an update makes invalid (minimum cart value)", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, add({ productId: String(ids["AK-PNL-SND-40"]), quantity: "2" }));
    await cartPost(visitor, { intent: "coupon", couponCode: "POPUST5" });
    expect((await cartRow(db, visitor)).couponCode).toBe("POPUST5");
    const [item] = await itemsOf(db, visitor);
    const result = await cartPost(visitor, { intent: "update", itemId: item.id, quantity: "1" });
    expect(result).toMatchObject({ toastType: "info", toast: "Kupon više ne vrijedi za ovu košaricu i uklonjen je" });
    expect((await cartRow(db, visitor)).couponCode).toBeNull();
  });
});
