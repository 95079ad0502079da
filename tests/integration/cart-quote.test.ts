import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCache } from "~/.server/cache.server";
import type { Database } from "~/.server/db/client.server";
import { consentLogs, consents, mailOutbox, options, orderItems, orders, priceEnquiries, products } from "~/.server/db/schema";
import { submit } from "../setup/account-helpers";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import type { Shop } from "../setup/shop";
import { CART, cartPage, cartPost, cartShop, itemsOf, shopper } from "./cart-helpers";

/**
 * The request-quote cart (spec §2 Cart variant; decision 0009): the option CartRequestQuote
 * turns the cart into a list with a stepper and a delete icon whose 'send inquiry' opens
 * the request form (its page without JavaScript, /kosarica/upit). The inquiry is the price
 * enquiry's form plus the session's cart lines: stored, consent logged, mailed, and the
 * cart emptied. The mode is switched on only in this file (and off again after it).
 */
let shop: Shop;
let db: Database;
let privacyConsent: number;
let ids: Record<string, number>;
const INQUIRY = "/kosarica/upit";
const MODE = and(eq(options.siteId, 1), eq(options.key, "CartRequestQuote"));

async function setMode(on: boolean) {
  await db.update(options).set({ value: on }).where(MODE);
  await clearCache("site-config");
}

beforeAll(async () => {
  ({ shop, db, ids } = await cartShop(["AK-PNL-SND-40", "AK-TRP-T35-MJERA"]));
  const [consent] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
  privacyConsent = consent.id;
  await setMode(true);
});
afterAll(async () => {
  await setMode(false);
  await shop.close();
});

const valid = (email: string) => ({
  firstName: "Iva",
  lastName: "Kupac",
  from: email,
  contactNumber: "+385 98 765 4321",
  content: "Molim ponudu za ove proizvode.",
  acceptedConsents: String(privacyConsent),
});
const enquiriesFrom = (email: string) => db.select().from(priceEnquiries).where(eq(priceEnquiries.email, email));
const mailsAbout = (email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "cartInquiry"), eq(mailOutbox.replyTo, email)));
const doc = (html: string) => new JSDOM(html).window.document;
const stockOf = async (id: number) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

/** A shopper with 3 × AK-PNL-SND-40 in the cart. */
async function withCart() {
  const visitor = await shopper(shop);
  await cartPost(visitor, { intent: "add", productId: String(ids["AK-PNL-SND-40"]), quantity: "3" });
  return visitor;
}

describe("the cart in request-quote mode", () => {
  it("shows the lines with a stepper and a delete icon, 'send inquiry', and no prices, coupon, member card or checkout", async () => {
    const visitor = await withCart();
    const { html, lines } = await cartPage(visitor);
    expect(lines).toHaveLength(1);
    const page = doc(html);
    expect(page.querySelector('[data-testid="quote-cart"]')).not.toBeNull();
    const line = page.querySelector('[data-testid="quote-cart-list"] [data-testid="cart-line"]')!;
    expect(line.querySelector<HTMLInputElement>('input[name="quantity"][type="number"]')!.value).toBe("3");
    expect(line.querySelector('[data-testid="quote-decrease"]')!.getAttribute("aria-label")).toBe(
      "Smanji količinu: Krovni sendvič panel 40 mm PIR",
    );
    expect(line.querySelector('[data-testid="quote-delete"]')!.getAttribute("aria-label")).toMatch(/Krovni sendvič panel 40 mm PIR/);
    const send = page.querySelector<HTMLAnchorElement>('[data-testid="send-inquiry"]')!;
    expect(send.textContent).toBe("Pošalji upit");
    expect(send.getAttribute("href")).toBe(INQUIRY);
    for (const gone of [
      "cart-summary",
      "checkout-link",
      "coupon-form",
      "member-card-login",
      "member-card-form",
      "cart-line-unit",
      "cart-line-row",
    ]) {
      expect(page.querySelector(`[data-testid="${gone}"]`), gone).toBeNull();
    }
  });

  it("changes quantities with the − / + forms (the update intent) and deletes with the delete intent", async () => {
    const visitor = await withCart();
    const { html } = await cartPage(visitor);
    const plus = doc(html).querySelector('[data-testid="quote-increase"]')!.closest("form")!;
    const fields = Object.fromEntries([...plus.querySelectorAll("input")].filter((i) => i.name !== "csrf").map((i) => [i.name, i.value]));
    expect(fields).toMatchObject({ intent: "update", quantity: "4" });
    expect((await cartPost(visitor, fields)).toast).toBeDefined();
    expect((await itemsOf(db, visitor))[0].quantity).toBe(4);
    const [item] = await itemsOf(db, visitor);
    await cartPost(visitor, { intent: "delete", itemId: item.id });
    expect(await itemsOf(db, visitor)).toEqual([]);
  });
});

describe("the inquiry without JavaScript (its page)", () => {
  it("shows the cart's lines and the enquiry form posting to itself", async () => {
    const visitor = await withCart();
    const { response, html } = await visitor.page(INQUIRY);
    expect(response.status).toBe(200);
    const page = doc(html);
    expect(page.querySelector("h1")!.textContent).toBe("Upit za ponudu");
    expect(page.querySelector('[data-testid="quote-summary-line"]')!.textContent).toMatch(
      /Krovni sendvič panel 40 mm PIR.*AK-PNL-SND-40.*× 3/,
    );
    const form = page.querySelector('[data-testid="enquiry-form"]')!;
    expect(form.getAttribute("action")).toBe(INQUIRY);
    expect(form.querySelector<HTMLInputElement>('[name="firstName"]')!.required).toBe(true);
  });

  it("stores the inquiry with the session's lines (not posted ones), its consent log and mail, empties the cart, toasts", async () => {
    const visitor = await withCart();
    await cartPost(visitor, { intent: "add", productId: String(ids["AK-TRP-T35-MJERA"]), quantity: "2", "options.duljina": "2500" });
    const posted = {
      ...valid("Iva.Kupac@Example.com"),
      lines: JSON.stringify([{ name: "Forged", sku: "X", quantity: 999 }]),
      itemId: "forged",
      quantity: "999",
    };
    const response = await visitor.post(INQUIRY, posted, { tokenFrom: INQUIRY });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(CART);
    const { html } = await visitor.page(CART);
    expect(html).toContain("Hvala! Vaš upit za ponudu je poslan, javit ćemo vam se uskoro.");
    expect(html).toContain('data-testid="cart-empty"');
    expect(await itemsOf(db, visitor)).toEqual([]);

    const [enquiry] = await enquiriesFrom("iva.kupac@example.com");
    expect(enquiry).toMatchObject({
      productId: null,
      firstName: "Iva",
      content: "Molim ponudu za ove proizvode.",
      locale: "hr",
      userType: "anonymous",
    });
    expect(enquiry.lines).toHaveLength(2);
    expect(enquiry.lines![0]).toMatchObject({
      productId: ids["AK-PNL-SND-40"],
      sku: "AK-PNL-SND-40",
      name: "Krovni sendvič panel 40 mm PIR",
      quantity: 3,
      options: [],
    });
    expect(enquiry.lines![1]).toMatchObject({
      productId: ids["AK-TRP-T35-MJERA"],
      quantity: 2,
      options: [{ label: "Duljina", value: "2500 mm" }],
    });
    expect(JSON.stringify(enquiry.lines)).not.toContain("Forged");
    const [log] = await db.select().from(consentLogs).where(eq(consentLogs.email, "iva.kupac@example.com"));
    expect(log).toMatchObject({ id: enquiry.consentLogId, sourceType: "contactForm", consents: [privacyConsent] });
    const [mail] = await mailsAbout("iva.kupac@example.com");
    expect(mail).toMatchObject({ id: enquiry.mailId, to: "info@alu-krov.hr", status: "queued" });
    expect(mail.subject).toBe("Upit za ponudu (Iva Kupac)");
    expect(mail.text).toContain("- Krovni sendvič panel 40 mm PIR (šifra AK-PNL-SND-40) × 3");
    expect(mail.text).toContain("Molim ponudu za ove proizvode.");
    expect(mail.text).toContain("× 2 (Duljina: 2500 mm)");
  });

  it("drafts an order from the quote whose lines keep their variant, length and price unit, like a placed order's", async () => {
    const visitor = await withCart();
    await cartPost(visitor, { intent: "add", productId: String(ids["AK-TRP-T35-MJERA"]), quantity: "2", "options.duljina": "2500" });
    await visitor.post(INQUIRY, valid("ana.nacrt@example.com"), { tokenFrom: INQUIRY });
    const [enquiry] = await enquiriesFrom("ana.nacrt@example.com");
    const stock = { panel: await stockOf(ids["AK-PNL-SND-40"]), sheet: await stockOf(ids["AK-TRP-T35-MJERA"]) };
    const admin = await loginAsAdmin(new Visitor(shop));
    const path = `/admin/enquiries/enquiry-${enquiry.id}`;
    const drafted = await admin.post(
      path,
      { intent: "draft", version: String(enquiry.version), "prices[0]": "100,00", "prices[1]": "10,00", delivery: "0" },
      { tokenFrom: path },
    );
    expect(drafted.status).toBe(302);
    const [{ orderId }] = await enquiriesFrom("ana.nacrt@example.com");
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId!)).orderBy(orderItems.position);
    expect(
      lines.map(({ productId, variantId, priceUnit, lengthMm, unitCents, rowCents }) => ({
        productId,
        variantId,
        priceUnit,
        lengthMm,
        unitCents,
        rowCents,
      })),
    ).toEqual([
      { productId: ids["AK-PNL-SND-40"], variantId: null, priceUnit: "piece", lengthMm: null, unitCents: 10_000, rowCents: 30_000 },
      // 10,00 € a metre × 2,5 m × 2
      { productId: ids["AK-TRP-T35-MJERA"], variantId: null, priceUnit: "metre", lengthMm: 2500, unitCents: 1000, rowCents: 5000 },
    ]);

    // The offer holds its goods as a placed order does, and cancelling it gives back exactly that.
    expect(await stockOf(ids["AK-PNL-SND-40"])).toBe(stock.panel! - 3);
    expect(await stockOf(ids["AK-TRP-T35-MJERA"])).toBe(stock.sheet! - 2);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId!));
    const cancelled = await submit(admin, `/admin/orders/${order.slug}`, {
      version: String(order.version),
      intent: "cancel",
      reason: "Ponuda istekla",
    });
    expect(cancelled.status).toBe(302);
    expect(await stockOf(ids["AK-PNL-SND-40"])).toBe(stock.panel);
    expect(await stockOf(ids["AK-TRP-T35-MJERA"])).toBe(stock.sheet);
  });

  it("refuses a draft of a quote asking for more than the stock, and takes nothing", async () => {
    const visitor = await withCart();
    await visitor.post(INQUIRY, valid("ana.premalo@example.com"), { tokenFrom: INQUIRY });
    const [enquiry] = await enquiriesFrom("ana.premalo@example.com");
    const before = await stockOf(ids["AK-PNL-SND-40"]);
    await db.update(products).set({ stock: 2 }).where(eq(products.id, ids["AK-PNL-SND-40"]));
    try {
      const admin = await loginAsAdmin(new Visitor(shop));
      const path = `/admin/enquiries/enquiry-${enquiry.id}`;
      const refused = await admin.post(
        path,
        { intent: "draft", version: String(enquiry.version), "prices[0]": "100,00", delivery: "0" },
        { tokenFrom: path },
      );
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("Nema dovoljno zalihe za sve stavke ponude; narudžba nije izrađena.");
      expect(await stockOf(ids["AK-PNL-SND-40"])).toBe(2);
      expect((await enquiriesFrom("ana.premalo@example.com"))[0].orderId).toBeNull();
    } finally {
      await db.update(products).set({ stock: before }).where(eq(products.id, ids["AK-PNL-SND-40"]));
    }
  });

  it("refuses an empty cart with a translated message, nothing stored", async () => {
    const visitor = await shopper(shop);
    const response = await visitor.post(INQUIRY, valid("prazna@example.com"), { tokenFrom: CART });
    // Without JavaScript: back to the cart with the error toast (there is no inquiry page for an empty cart).
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(CART);
    expect((await visitor.page(CART)).html).toContain("Košarica je prazna: dodajte proizvode prije slanja upita.");
    // The dialog's fetcher: 400 with the message key.
    const fetched = await visitor.post(`${INQUIRY}.data`, { ...valid("prazna@example.com"), via: "fetcher" }, { tokenFrom: CART });
    expect(fetched.status).toBe(400);
    expect(await fetched.text()).toContain("cart.quote.emptyCart");
    expect(await enquiriesFrom("prazna@example.com")).toEqual([]);
    expect(await mailsAbout("prazna@example.com")).toEqual([]);
    // The page itself sends a shopper with nothing to ask about to the cart.
    expect((await visitor.get(INQUIRY)).headers.get("Location")).toBe(CART);
  });

  it("requires firstName, from, content and the consent; never 500 on junk; the cart stays", async () => {
    const visitor = await withCart();
    const response = await visitor.post(INQUIRY, { ...valid("x"), firstName: "", content: " " }, { tokenFrom: INQUIRY });
    expect(response.status).toBe(400);
    const page = doc(await response.text());
    expect(page.querySelector("#cart-inquiry-page-firstName-error")!.textContent).toBe("Unos ovog polja je obavezan");
    expect(page.querySelector("#cart-inquiry-page-from-error")!.textContent).toBe("Unesite ispravnu e-mail adresu");
    expect(page.querySelector("#cart-inquiry-page-content-error")!.textContent).toBe("Unos ovog polja je obavezan");
    const noConsent = await visitor.post(
      INQUIRY,
      { ...valid("bez.privole.upit@example.com"), acceptedConsents: "" },
      { tokenFrom: INQUIRY },
    );
    expect(noConsent.status).toBe(400);
    const junk = await visitor.post(INQUIRY, { acceptedConsents: ["abc", "-1"], content: "x".repeat(6000) }, { tokenFrom: INQUIRY });
    expect(junk.status).toBe(400);
    const robot = await visitor.post(INQUIRY, { ...valid("robot.upit@example.com"), website: "spam" }, { tokenFrom: INQUIRY });
    expect(robot.status).toBe(400);
    expect(await enquiriesFrom("bez.privole.upit@example.com")).toEqual([]);
    expect(await enquiriesFrom("robot.upit@example.com")).toEqual([]);
    expect(await itemsOf(db, visitor)).toHaveLength(1);
  });

  it("answers a fetcher (the dialog) with data", async () => {
    const visitor = await withCart();
    const response = await visitor.post(`${INQUIRY}.data`, { ...valid("dijalog@example.com"), via: "fetcher" }, { tokenFrom: INQUIRY });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("cart.quote.sent");
    expect(await enquiriesFrom("dijalog@example.com")).toHaveLength(1);
    expect(await itemsOf(db, visitor)).toEqual([]);
  });
});

describe("with the mode off (the default)", () => {
  it("shows the normal cart and has no inquiry page", async () => {
    await setMode(false);
    try {
      const visitor = await withCart();
      const { html } = await cartPage(visitor);
      expect(html).toContain('data-testid="cart-summary"');
      expect(html).not.toContain('data-testid="quote-cart"');
      expect((await visitor.get(INQUIRY)).status).toBe(404);
      expect((await visitor.post(INQUIRY, valid("aus@example.com"), { tokenFrom: CART })).status).toBe(404);
    } finally {
      await setMode(true);
    }
  });
});
