// Both databases: the order transaction (stock, coupon, cart archived) and its idempotency per cart.
import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { carts, consentLogs, coupons, mailOutbox, orderItems, orders, paymentMethods, products, stores, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { Visitor } from "../setup/client";
import { toastOf } from "../setup/account-helpers";
import { catalogue, testId } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { cartPost, cartRow, shopper } from "./cart-helpers";
import { ADDRESS, addToCart, CHECKOUT, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * Checkout (decision 0011) through the real request handler, as a browser without JavaScript:
 * the gate, each step's translated validation, branch and consents required, the order
 * placed once with server prices, stock taken, cart archived, consents logged and the
 * confirmation in the outbox; guest checkout with the store option switched on.
 */
let shop: Shop;
let db: Database;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consentId: string;
let customers = 0;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
  consentId = await checkoutConsentId(db);
});
afterAll(() => shop.close());

async function customerWithCart(quantity = 1) {
  const visitor = await shopper(shop);
  await signInAs(visitor, await newCustomer(db, `checkout-${++customers}@example.com`));
  await addToCart(visitor, panel, quantity);
  return visitor;
}

async function readyToPay(quantity = 1) {
  const visitor = await customerWithCart(quantity);
  expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
  expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(302);
  return visitor;
}

const stockOf = async (id: number) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

describe("who may check out", () => {
  it("sends a shopper without a cart back to the cart with a message", async () => {
    const visitor = await shopper(shop);
    const response = await visitor.get(CHECKOUT);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/kosarica");
    const { html } = await visitor.page("/kosarica");
    expect(toastOf(html)?.text).toBe("Vaša košarica je prazna. Dodajte proizvode prije naplate.");
  });

  it("sends a visitor to log in and back (registered users only), in English too", async () => {
    const visitor = await shopper(shop);
    await addToCart(visitor, panel);
    const response = await visitor.get(CHECKOUT);
    expect(response.headers.get("Location")).toBe("/prijava?redirectTo=%2Fnaplata");
    const en = new Visitor(shop);
    await en.get("/en");
    await en.post("/en/cart", { intent: "add", productId: String(panel), quantity: "1" }, { tokenFrom: "/en/cart" });
    expect((await en.get("/en/checkout")).headers.get("Location")).toBe("/en/login?redirectTo=%2Fen%2Fcheckout");
  });

  it("opens the address step first for a signed-in customer", async () => {
    const visitor = await customerWithCart();
    const { response, html } = await visitor.page(CHECKOUT);
    expect(response.status).toBe(200);
    expect(html).toContain('data-testid="step-address" data-active="true"');
    expect(html).toContain('data-testid="step-shipping" data-active="false"');
  });
});

describe("the steps", () => {
  it("refuses a bad address with the spec's translated messages and saves nothing", async () => {
    const visitor = await customerWithCart();
    const bad = {
      ...ADDRESS,
      "delivery.firstName": "",
      "delivery.contactEmail": "nope",
      "delivery.houseNumber": "1".repeat(16),
      "delivery.companyOIB": "12345678901",
    };
    const answer = await step(visitor, { intent: "address", ...bad });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("Unos ovog polja je obavezan");
    expect(answer.html).toContain("Unesite ispravnu e-mail adresu");
    expect(answer.html).toContain("Maksimalan broj znakova je 15");
    expect(answer.html).toContain("OIB nije ispravan");
    expect((await cartRow(db, visitor)).deliveryAddress).toBeNull();
  });

  it("refuses a country outside the allowed list", async () => {
    const visitor = await customerWithCart();
    const answer = await step(visitor, { intent: "address", ...ADDRESS, "delivery.country": "XX" });
    expect(answer.status).toBe(400);
    expect((await cartRow(db, visitor)).deliveryAddress).toBeNull();
  });

  it("copies the delivery address to billing, or keeps a different billing address", async () => {
    const visitor = await customerWithCart();
    expect((await step(visitor, { intent: "address", ...ADDRESS })).location).toBe(CHECKOUT);
    let cart = await cartRow(db, visitor);
    expect(cart.billingAddress).toEqual(cart.deliveryAddress);
    expect(cart.deliveryAddress).toMatchObject({ firstName: "Ana", countryIso: "HR", countryName: expect.any(String) });
    const billing = Object.fromEntries(Object.entries(ADDRESS).map(([k, v]) => [k.replace("delivery.", "billing."), v]));
    await step(visitor, {
      intent: "address",
      ...ADDRESS,
      differentBilling: "on",
      ...billing,
      "billing.companyName": "Alu d.o.o.",
      "billing.companyOIB": "69435151530",
    });
    cart = await cartRow(db, visitor);
    expect(cart.billingAddress).toMatchObject({ companyName: "Alu d.o.o.", companyOib: "69435151530" });
    const { html } = await visitor.page(CHECKOUT);
    expect(html).toContain('data-testid="step-shipping" data-active="true"');
  });

  it("needs a delivery method, and a branch for a method with branches", async () => {
    const visitor = await customerWithCart();
    await step(visitor, { intent: "address", ...ADDRESS });
    const none = await step(visitor, { intent: "shipping" });
    expect(none.status).toBe(400);
    expect(none.html).toContain("Odaberite način dostave.");
    const noBranch = await step(visitor, { intent: "shipping", methodId: ids.locker });
    expect(noBranch.status).toBe(400);
    expect(noBranch.html).toContain("Odaberite poslovnicu za preuzimanje.");
    expect((await cartRow(db, visitor)).deliveryMethodId).toBeNull();
    const { html } = await visitor.page(CHECKOUT);
    const branch = new RegExp(`name="branchId\\.${ids.locker}"[^]*?<option value="(\\d+)"`).exec(html)![1];
    expect((await step(visitor, { intent: "shipping", methodId: ids.locker, [`branchId.${ids.locker}`]: branch })).status).toBe(302);
    const cart = await cartRow(db, visitor);
    expect([cart.deliveryMethodId, cart.deliveryBranchId]).toEqual([Number(ids.locker), Number(branch)]);
    // The summary alongside now carries the locker's price.
    expect(testId((await visitor.page(CHECKOUT)).html, "summary-delivery")).toBe("Dostava15,00\u00a0EUR");
  });

  it("shows free delivery at or above the free-delivery limit", async () => {
    const visitor = await customerWithCart(9); // 9 × 34,90 = 314,10 ≥ 300,00
    await step(visitor, { intent: "address", ...ADDRESS });
    await step(visitor, { intent: "shipping", methodId: ids.courier });
    const { html } = await visitor.page(CHECKOUT);
    expect(testId(html, "summary-delivery")).toBe("DostavaBesplatna dostava");
    expect(testId(html, "summary-orderTotal")).toBe("Ukupno za platiti314,10\u00a0EUR");
  });

  it("compares the limit with the items total after the coupon, says so and shows what is left", async () => {
    const visitor = await customerWithCart(9); // 9 × 34,90 = 314,10; −10 % (KROV10) = 282,69 < 300,00
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "KROV10" })).status).toBe(302);
    const cart = (await visitor.page("/kosarica")).html;
    expect(testId(cart, "free-delivery")).toBe(
      "Besplatna dostava za narudžbe od 300,00\u00a0EUR (iznos proizvoda nakon popusta)Do besplatne dostave nedostaje još 17,31\u00a0EUR",
    );
    await step(visitor, { intent: "address", ...ADDRESS });
    await step(visitor, { intent: "shipping", methodId: ids.courier });
    expect(testId((await visitor.page(CHECKOUT)).html, "summary-delivery")).toBe("Dostava25,00\u00a0EUR");
  });

  it("needs a payment method and the required consents; nothing is ordered without them", async () => {
    const visitor = await readyToPay();
    const noMethod = await step(visitor, { intent: "payment", acceptedConsents: consentId });
    expect(noMethod.status).toBe(400);
    expect(noMethod.html).toContain("Odaberite način plaćanja.");
    const noConsent = await step(visitor, { intent: "payment", methodId: ids.cod });
    expect(noConsent.status).toBe(400);
    expect(noConsent.html).toContain("Molimo prihvatite sve obavezne privole");
    const cart = await cartRow(db, visitor);
    expect(cart.status).toBe("active");
    expect(await db.select().from(orders).where(eq(orders.cartId, cart.id))).toEqual([]);
  });
});

describe("placing the order", () => {
  it("re-prices on the server, takes stock, archives the cart, logs consents and mails the confirmation", async () => {
    const visitor = await readyToPay(2);
    const cartId = (await cartRow(db, visitor)).id;
    const before = await stockOf(panel);
    // Tampered price fields are not read: the order is priced from the catalogue.
    const placed = await step(visitor, {
      intent: "payment",
      methodId: ids.cod,
      acceptedConsents: consentId,
      priceCents: "1",
      orderTotal: "1",
      unitCents: "1",
    });
    expect(placed.status).toBe(302);
    expect(placed.location).toMatch(/^\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/);
    const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
    // 2 × 34,90 + courier 25,00
    expect([order.itemsTotalCents, order.deliveryCents, order.orderTotalCents, order.paymentGateway]).toEqual([
      6980,
      2500,
      9480,
      "cashOnDelivery",
    ]);
    expect(order.taxCents).toBe(1896);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.sku, i.quantity, i.unitCents, i.rowCents, i.taxRateBp])).toEqual([["AK-PNL-SND-40", 2, 3490, 6980, 2500]]);
    expect(await stockOf(panel)).toBe(before! - 2);
    const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
    expect(cart.status).toBe("archived");
    expect(cart.usedAt).not.toBeNull();
    expect(visitor.cookies.has("cartId")).toBe(false);
    const logs = await db
      .select()
      .from(consentLogs)
      .where(and(eq(consentLogs.sourceType, "checkoutForm"), eq(consentLogs.email, order.email)));
    expect(logs.map((l) => [l.consents, l.userType])).toEqual([[[Number(consentId)], "registered"]]);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "orderConfirmation"), eq(mailOutbox.to, order.email)));
    expect(mail.subject).toBe(`Potvrda narudžbe ${order.slug}`);
    for (const text of [
      "2 × ",
      "AK-PNL-SND-40",
      "69,80\u00a0€",
      "25,00\u00a0€",
      "94,80\u00a0€",
      "18,96\u00a0€",
      "Dostava na adresu",
      "Plaćanje pouzećem",
      "Ilica 10",
      "10000 Zagreb",
    ]) {
      expect(mail.text).toContain(text);
    }
    // The success page shows the order to the browser that placed it, never to someone else.
    const { html } = await visitor.page(placed.location!);
    expect(html).toContain("Hvala na vašoj narudžbi!");
    expect(testId(html, "order-orderTotal")).toContain("94,80");
    const stranger = await shopper(shop);
    const other = await stranger.page(placed.location!);
    expect(other.html).toContain(order.slug);
    expect(other.html).not.toContain('data-testid="order-summary"');
    // A later use of the cart session is refused as archived.
    visitor.cookies.set("cartId", String(cartId));
    visitor.cookies.set("protectCode", cart.protectCode);
    const again = await visitor.get("/kosarica");
    expect(again.headers.get("Location")).toBe("/");
    expect(toastOf((await visitor.page("/")).html)?.text).toBe("Košaricu nije moguće ažurirati. Započnite novu kupovinu.");
  });

  it("bank transfer: the success page and the confirmation carry the payment details and the HUB-3 barcode", async () => {
    const visitor = await readyToPay();
    const placed = await step(visitor, { intent: "payment", methodId: ids.bank, acceptedConsents: consentId });
    expect(placed.status).toBe(302);
    const slug = new URL(placed.location!, "http://x").searchParams.get("orderSlug")!;
    const [order] = await db.select().from(orders).where(eq(orders.slug, slug));
    expect([order.paymentGateway, order.paymentStatus]).toEqual(["bankTransfer", "pending"]);
    const { html } = await visitor.page(placed.location!);
    // The IBAN as the slip prints it, in groups of four (the footer no longer ships the raw one in its data).
    expect(html).toMatch(/data-testid="bank-transfer-iban">HR17 2360 0001 1012 3456 5</);
    expect(html).toContain("HR01");
    expect(html).toMatch(/<img[^>]+src="data:image\/png;base64,/);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "orderConfirmation"), eq(mailOutbox.to, order.email)))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail.text.replace(/ /g, "")).toContain("HR1723600001101234565");
    expect(mail.text).toContain("HR01");
    expect(mail.html).toContain("data:image/png;base64,");
  });

  it("places one order for two identical posts at once (double click) and sends both to the same page", async () => {
    const visitor = await readyToPay();
    const cartId = (await cartRow(db, visitor)).id;
    const tokens = await visitor.formTokens("/kosarica");
    const post = () =>
      visitor.request(CHECKOUT, {
        method: "POST",
        body: new URLSearchParams({ ...tokens, intent: "payment", methodId: ids.cod, acceptedConsents: consentId }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: visitor.origin },
      });
    const cookies = new Map(visitor.cookies);
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(a.headers.get("Location")).toBe(b.headers.get("Location"));
    // A replay later with the old cookies (browser retry) lands on the same success page too.
    for (const [k, v] of cookies) visitor.cookies.set(k, v);
    const replay = await post();
    expect(replay.headers.get("Location")).toBe(a.headers.get("Location"));
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
  });

  it("refuses what is out of stock by name and changes nothing", async () => {
    const visitor = await readyToPay(3);
    const cartId = (await cartRow(db, visitor)).id;
    const before = await stockOf(panel);
    await db.update(products).set({ stock: 2 }).where(eq(products.id, panel));
    try {
      const answer = await step(visitor, { intent: "payment", methodId: ids.cod, acceptedConsents: consentId });
      expect(answer.status).toBe(409);
      expect(answer.html).toMatch(/Proizvoda „[^”]+” nema dovoljno na zalihi \(dostupno: 2\)/);
      expect(await stockOf(panel)).toBe(2);
      expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
      expect((await cartRow(db, visitor)).status).toBe("active");
    } finally {
      await db.update(products).set({ stock: before }).where(eq(products.id, panel));
    }
  });
});

describe("coupons and payment gateways", () => {
  it("counts the coupon's use with the order and charges its discount", async () => {
    const visitor = await readyToPay(2);
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "KROV10" })).status).toBe(302);
    const cartId = (await cartRow(db, visitor)).id;
    const [before] = await db.select().from(coupons).where(eq(coupons.code, "KROV10"));
    const placed = await step(visitor, { intent: "payment", methodId: ids.cod, acceptedConsents: consentId });
    expect(placed.status).toBe(302);
    const [after] = await db.select().from(coupons).where(eq(coupons.code, "KROV10"));
    expect(after.usedCount).toBe(before.usedCount + 1);
    const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
    // 10 % of 69,80 = 6,98; delivery 25,00
    expect([order.couponCode, order.couponCents, order.orderTotalCents]).toEqual(["KROV10", 698, 6980 - 698 + 2500]);
  });

  it("refuses a payment method whose gateway has no adapter with a translated message, not a 500", async () => {
    const [row] = await db
      .insert(paymentMethods)
      .values({ siteId: 1, code: "voucher", gateway: "voucher" as never, name: { hr: "Vaučer", en: "Voucher" }, position: 9 })
      .returning({ id: paymentMethods.id });
    try {
      const visitor = await readyToPay();
      const answer = await step(visitor, { intent: "payment", methodId: String(row.id), acceptedConsents: consentId });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain("Ovaj način plaćanja trenutno nije dostupan. Odaberite drugi.");
      expect(
        await db
          .select()
          .from(orders)
          .where(eq(orders.cartId, (await cartRow(db, visitor)).id)),
      ).toEqual([]);
    } finally {
      await db.delete(paymentMethods).where(eq(paymentMethods.id, row.id));
    }
  });
});

describe("guest checkout", () => {
  it("works with the store option on: an e-mail makes a guest, a registered e-mail must log in", async () => {
    const [store] = await db.select().from(stores);
    await db
      .update(stores)
      .set({ checkoutSettings: { ...store.checkoutSettings, guestCheckout: true } })
      .where(eq(stores.id, store.id));
    try {
      const visitor = await shopper(shop);
      await addToCart(visitor, panel);
      const { response, html } = await visitor.page(CHECKOUT);
      expect(response.status).toBe(200);
      expect(html).toContain('data-testid="guest-form"');
      // Without a guest the steps are refused: "No active user".
      expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(401);
      const taken = await step(visitor, { intent: "guest", email: DEMO_CUSTOMER.email });
      expect(taken.status).toBe(409);
      expect(taken.html).toContain("Za ovu e-mail adresu postoji korisnički račun");
      const [registered] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
      expect((await cartRow(db, visitor)).userId).not.toBe(registered.id);

      expect((await step(visitor, { intent: "guest", email: "Gost@Example.com" })).status).toBe(302);
      expect(decodeURIComponent(visitor.cookies.get("guestEmail")!)).toBe("gost@example.com");
      const [guest] = await db.select().from(users).where(eq(users.email, "gost@example.com"));
      expect(guest.isGuest).toBe(true);
      expect((await cartRow(db, visitor)).userId).toBe(guest.id);
      await step(visitor, { intent: "address", ...ADDRESS });
      await step(visitor, { intent: "shipping", methodId: ids.courier });
      const placed = await step(visitor, { intent: "payment", methodId: ids.bank, acceptedConsents: consentId });
      expect(placed.status).toBe(302);
      const [order] = await db.select().from(orders).where(eq(orders.userId, guest.id));
      expect([order.email, order.paymentGateway]).toEqual(["gost@example.com", "bankTransfer"]);
      // The same e-mail again reuses the guest.
      const next = await shopper(shop);
      await addToCart(next, panel);
      await step(next, { intent: "guest", email: "gost@example.com" });
      expect((await cartRow(db, next)).userId).toBe(guest.id);
    } finally {
      await db.update(stores).set({ checkoutSettings: store.checkoutSettings }).where(eq(stores.id, store.id));
    }
  });
});

describe("checkout success and failure paths in every language (spec §2 Routes)", () => {
  // Spec §2: checkout success /checkout/success (en), /naplata/uspjesna (hr); failure /checkout/failure.
  const served = [
    "/naplata/uspjesna",
    "/checkout/success",
    "/en/checkout/success",
    "/de/kasse/erfolg",
    "/checkout/failure",
    "/en/checkout/failure",
    "/de/checkout/failure",
  ];
  it.each(served)("%s answers 200", async (path) => {
    expect((await new Visitor(shop).get(path)).status).toBe(200);
  });

  it("the spec's spelling in German redirects to the German path, query kept", async () => {
    const response = await new Visitor(shop).get("/de/checkout/success?orderSlug=2026-000001");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/de/kasse/erfolg?orderSlug=2026-000001");
    expect((await new Visitor(shop).get("/de/checkout")).headers.get("Location")).toBe("/de/kasse");
  });
});

describe("the address step knows the customer, so nothing is typed twice", () => {
  it("prefills name, e-mail and phone, lists the registration's two equal address rows once and stars every required field, country too", async () => {
    const { addressRow, insertAddress } = await import("~/modules/account/addresses.server");
    const visitor = await shopper(shop);
    const email = `checkout-${++customers}@example.com`;
    const userId = await newCustomer(db, email);
    await signInAs(visitor, userId);
    await addToCart(visitor, panel);
    // What registration with an address writes (spec §5): the delivery address and its copy as the main one.
    const input = {
      firstName: "Kupac",
      lastName: "Test",
      contactEmail: email,
      contactPhone: "+385 98 765 4321",
      country: "HR",
      city: "Split",
      street: "Riva",
      houseNumber: "1",
      zipCode: "21000",
      companyName: "",
      companyOIB: "",
    };
    const row = await addressRow(db, input, "country");
    await insertAddress(db, userId, "shipping", row);
    await insertAddress(db, userId, "main", row);

    const { html } = await visitor.page(CHECKOUT);
    const document = new JSDOM(html).window.document;
    expect(document.querySelectorAll('[data-testid="saved-addresses"] input[type="radio"]:not([value="new"])')).toHaveLength(1);
    const value = (name: string) => (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value;
    expect([
      value("delivery.firstName"),
      value("delivery.lastName"),
      value("delivery.contactEmail"),
      value("delivery.contactPhone"),
    ]).toEqual(["Kupac", "Test", email, "+385 98 765 4321"]);
    const starred = (name: string) => document.querySelector(`[data-field="${name}"] label`)?.textContent?.includes("*");
    for (const name of ["firstName", "lastName", "contactEmail", "contactPhone", "country"]) {
      expect(starred(`delivery.${name}`), `delivery.${name}`).toBe(true);
      expect(starred(`billing.${name}`), `billing.${name}`).toBe(true);
    }
    expect(starred("delivery.companyName")).toBe(false);
  });

  it("stars the country for a customer without saved addresses, and the browser demands it", async () => {
    const visitor = await customerWithCart();
    const { html } = await visitor.page(CHECKOUT);
    const document = new JSDOM(html).window.document;
    expect(document.querySelector('[data-field="delivery.country"] label')?.textContent).toContain("*");
    expect(document.querySelector('select[name="delivery.country"]')?.hasAttribute("required")).toBe(true);
  });
});

describe("a cart of e-products only (decision 0030; spec §3 digitalOnly, §1 e-product delivery by link)", () => {
  async function digitalOrder() {
    const manual = await catalogue(shop).idOf("AK-DOC-PRIR");
    const visitor = await shopper(shop);
    const email = `checkout-${++customers}@example.com`;
    const userId = await newCustomer(db, email);
    await signInAs(visitor, userId);
    await addToCart(visitor, manual);
    return { visitor, email, userId };
  }

  it("asks only for the invoice's address, skips delivery, offers no cash on delivery and charges no delivery", async () => {
    const { visitor } = await digitalOrder();
    const first = new JSDOM((await visitor.page(CHECKOUT)).html).window.document;
    expect(first.querySelector('[data-testid="step-shipping"]')).toBeNull();
    expect(first.querySelector('[data-testid="digital-only"]')?.textContent).toContain("Košarica sadrži samo e-proizvode");
    expect(first.querySelector('[data-testid="address-form"] legend')?.textContent).toBe("Adresa za račun");
    expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
    const { html } = await visitor.page(CHECKOUT);
    expect(html).toContain('data-testid="step-payment" data-active="true"');
    const offered = [
      ...new JSDOM(html).window.document.querySelectorAll<HTMLInputElement>('[data-testid="payment-form"] input[name="methodId"]'),
    ].map((i) => i.value);
    expect(offered).not.toContain(ids.cod);
    expect(offered).toContain(ids.bank);
    expect(testId(html, "summary-delivery")).toBe("DostavaPutem poveznice za preuzimanje");
    // Cash on delivery posted anyway is refused, nothing ordered.
    const cartId = (await cartRow(db, visitor)).id;
    expect((await step(visitor, { intent: "payment", methodId: ids.cod, acceptedConsents: consentId })).status).toBe(400);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
  });

  it("bank transfer: the links come when the order is paid, work for its customer only, and expire after the configured days", async () => {
    const { visitor, email } = await digitalOrder();
    await step(visitor, { intent: "address", ...ADDRESS });
    const cartId = (await cartRow(db, visitor)).id;
    const placed = await step(visitor, { intent: "payment", methodId: ids.bank, acceptedConsents: consentId });
    expect(placed.status).toBe(302);
    const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
    expect([order.deliveryMethodId, order.deliveryCents, order.deliveryMethodName, order.orderTotalCents]).toEqual([
      null,
      0,
      "Dostava putem poveznice za preuzimanje",
      990,
    ]);
    const orderPage = `/profil/narudzbe/${order.slug}`;
    expect(testId((await visitor.page(orderPage)).html, "order-downloads")).toContain(
      "Poveznice za preuzimanje bit će dostupne nakon plaćanja narudžbe.",
    );
    expect((await visitor.page(orderPage)).html).not.toContain('data-testid="download-link"');

    // The links last eProductLinkDays (a checkout setting) from the payment.
    const [store] = await db.select().from(stores);
    await db
      .update(stores)
      .set({ checkoutSettings: { ...store.checkoutSettings, eProductLinkDays: 2 } })
      .where(eq(stores.id, store.id));
    const { markOrderPaid, readDownloadToken, downloadToken } = await import("~/modules/order/downloads.server");
    const restore = () => db.update(stores).set({ checkoutSettings: store.checkoutSettings }).where(eq(stores.id, store.id));
    let pageHref: string | null | undefined;
    try {
      expect(await markOrderPaid(order.id, "http://localhost:3000")).toBe(true);
      pageHref = new JSDOM((await visitor.page(orderPage)).html).window.document
        .querySelector('[data-testid="download-link"]')
        ?.getAttribute("href");
    } finally {
      await restore();
    }
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "eProductDownload")));
    expect(mail.subject).toBe(`Preuzimanje za narudžbu ${order.slug}`);
    const link = new URL(/http:\/\/localhost:3000\/preuzimanje\/\S+/.exec(mail.text)![0]);
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    const token = readDownloadToken(link.pathname.split("/").pop()!)!;
    expect(token.expiresAt.getTime() - paid.paidAt!.getTime()).toBeLessThan(2 * 86_400_000 + 1000);
    expect(token.expiresAt.getTime() - paid.paidAt!.getTime()).toBeGreaterThan(2 * 86_400_000 - 1000);
    // The order page links to the same file with the same expiry.
    expect(pageHref).toBe(link.pathname);

    // The customer gets the file.
    const file = await visitor.get(link.pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toContain("attachment");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Someone else signed in: 404, translated, no file.
    const other = await signInAs(await shopper(shop), await newCustomer(db, `checkout-${++customers}@example.com`));
    const foreign = await other.get(link.pathname);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain("Poveznica za preuzimanje nije pronađena.");
    const foreignEn = await other.get(`/en/download/${link.pathname.split("/").pop()}`);
    expect([foreignEn.status, (await foreignEn.text()).includes("Download link not found.")]).toEqual([404, true]);
    // Nobody signed in: log in first, then back to the link.
    const anonymous = await new Visitor(shop).get(link.pathname);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/prijava?redirectTo=${encodeURIComponent(link.pathname)}`);
    // A changed token: 404. An expired one: 403, translated, no file.
    expect((await visitor.get(`${link.pathname.slice(0, -2)}xx`)).status).toBe(404);
    const expired = await visitor.get(`/preuzimanje/${downloadToken(token.itemId, new Date(Date.now() - 1000))}`);
    expect(expired.status).toBe(403);
    const body = await expired.text();
    expect(body).toContain("Poveznica za preuzimanje je istekla.");
    expect(body).not.toContain("%PDF");
  });
});
