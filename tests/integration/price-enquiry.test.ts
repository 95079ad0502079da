import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consentLogs, consents, mailOutbox, options, priceEnquiries } from "~/.server/db/schema";
import { signInAsCustomer } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The price enquiry 'Upit o cijeni' (spec §2; §5 "firstName, from (valid e-mail) and
 * content required; all four input labels show as required"; §5 consents of the contact
 * form; §4 Other). Without captcha keys the honeypot guards it (the reCAPTCHA path is in
 * price-enquiry-captcha.test.ts). Without SMTP_URL its mail stays queued in the outbox.
 */
let shop: Shop;
let db: Database;
let slug: string;
let productId: number;
let privacyConsent: number; // consent 1, the contact form's one required consent
const SKU = "AK-PNL-SND-40";

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const products = catalogue(shop);
  slug = await products.slugOf(SKU);
  productId = await products.idOf(SKU);
  const [consent] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
  privacyConsent = consent.id;
});
afterAll(() => shop.close());

const enquiryPath = () => `/upit-o-cijeni/${slug}`;
const enquiriesFrom = (email: string) => db.select().from(priceEnquiries).where(eq(priceEnquiries.email, email));
const mailsAbout = (email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "priceEnquiry"), eq(mailOutbox.replyTo, email)));
const logsOf = (email: string) => db.select().from(consentLogs).where(eq(consentLogs.email, email));

const valid = (email: string) => ({
  firstName: "Ana",
  lastName: "Kupac",
  from: email,
  contactNumber: "+385 98 123 4567",
  content: "Molim ponudu za 120 m² panela.",
  acceptedConsents: String(privacyConsent),
});

const form = (html: string) => new JSDOM(html).window.document.querySelector<HTMLFormElement>('[data-testid="enquiry-form"]')!;

describe("the enquiry on the product page and its own page", () => {
  it("the product page links to the enquiry page, which works without JavaScript", async () => {
    const { html } = await new Visitor(shop).page(`/product/${slug}`);
    const link = new JSDOM(html).window.document.querySelector<HTMLAnchorElement>('[data-testid="price-enquiry-open"]')!;
    expect(link.textContent).toBe("Upit o cijeni");
    expect(link.getAttribute("href")).toBe(enquiryPath());
  });

  it("shows the five fields, the contact form's consent, CSRF and honeypot; all four input labels starred", async () => {
    const { response, html } = await new Visitor(shop).page(enquiryPath());
    expect(response.status).toBe(200);
    const el = form(html);
    expect(el.method).toBe("post");
    expect(el.getAttribute("action")).toBe(enquiryPath());
    const field = (name: string) => el.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    expect(["firstName", "lastName", "from", "contactNumber", "content"].map((n) => [n, field(n).required])).toEqual([
      ["firstName", true],
      ["lastName", false],
      ["from", true],
      ["contactNumber", false],
      ["content", true],
    ]);
    expect(field("from").type).toBe("email");
    for (const name of ["firstName", "lastName", "from", "contactNumber"]) {
      expect(el.querySelector(`label[for="${field(name).id}"]`)!.textContent).toMatch(/\*/);
    }
    const boxes = [...el.querySelectorAll<HTMLInputElement>('input[name="acceptedConsents"]')];
    expect(boxes.map((b) => [b.value, b.required])).toEqual([[String(privacyConsent), true]]);
    expect(field("csrf")).not.toBeNull();
    expect(field("website")).not.toBeNull(); // the honeypot: no captcha keys here
    expect(field("g-recaptcha-response")).toBeNull();
  });

  it("answers 404 for an unknown product, in the page's language", async () => {
    const response = await new Visitor(shop).get("/en/price-enquiry/no-such-product");
    expect(response.status).toBe(404);
  });
});

describe("without JavaScript: stored, consent logged, mailed, back to the product with a toast", () => {
  it("stores the enquiry with its consent log and queues the mail to SendEmailTo", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post(enquiryPath(), { ...valid("  Ana.Kupac@Example.com ") }, { tokenFrom: enquiryPath() });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/product/${slug}`);
    const { html } = await visitor.page(response.headers.get("Location")!);
    expect(html).toContain("Hvala! Vaš upit je poslan, javit ćemo vam se uskoro.");

    const [enquiry] = await enquiriesFrom("ana.kupac@example.com");
    expect(enquiry).toMatchObject({
      productId,
      productSku: SKU,
      firstName: "Ana",
      lastName: "Kupac",
      contactNumber: "+385 98 123 4567",
      content: "Molim ponudu za 120 m² panela.",
      locale: "hr",
      userType: "anonymous",
    });
    const [log] = await logsOf("ana.kupac@example.com");
    expect(log).toMatchObject({
      id: enquiry.consentLogId,
      sourceType: "contactForm",
      consents: [privacyConsent],
      status: "accepted",
      userType: "anonymous",
    });
    const [mail] = await mailsAbout("ana.kupac@example.com");
    expect(mail).toMatchObject({ id: enquiry.mailId, to: "info@alu-krov.hr", status: "queued", sentAt: null });
    expect(mail.subject).toBe(`Upit o cijeni: ${enquiry.productName} (Ana Kupac)`);
    expect(mail.text).toContain(`šifra ${SKU}`);
    expect(mail.text).toContain(`http://localhost:3000/product/${slug}`);
    expect(mail.text).toContain("Molim ponudu za 120 m² panela.");
  });

  it("mails the address the shop owner has just set as SendEmailTo", async () => {
    const where = and(eq(options.siteId, 1), eq(options.key, "SendEmailTo"));
    await db.update(options).set({ value: "prodaja@alu-krov.hr" }).where(where);
    try {
      await new Visitor(shop).post(enquiryPath(), valid("novi.primatelj@example.com"), { tokenFrom: enquiryPath() });
      expect((await mailsAbout("novi.primatelj@example.com"))[0].to).toBe("prodaja@alu-krov.hr");
    } finally {
      await db.update(options).set({ value: "info@alu-krov.hr" }).where(where);
    }
  });

  it("answers in English on the English page and records a signed-in customer as registered", async () => {
    const customer = await signInAsCustomer(shop, new Visitor(shop));
    const path = `/en/price-enquiry/${await catalogue(shop).slugOf(SKU, "eng")}`;
    const response = await customer.post(path, valid("registered@example.com"), { tokenFrom: path });
    expect(response.status).toBe(302);
    const { html } = await customer.page(response.headers.get("Location")!);
    expect(html).toContain("Thank you! Your enquiry has been sent, we will get back to you soon.");
    const [enquiry] = await enquiriesFrom("registered@example.com");
    expect(enquiry).toMatchObject({ locale: "en", userType: "registered" });
    expect((await logsOf("registered@example.com"))[0].userType).toBe("registered");
  });

  it("re-shows the form with translated field messages and what was typed; nothing stored", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post(
      enquiryPath(),
      {
        firstName: " ",
        lastName: "Horvat",
        from: "nije-adresa",
        contactNumber: "abc",
        content: "",
        acceptedConsents: String(privacyConsent),
      },
      { tokenFrom: enquiryPath() },
    );
    expect(response.status).toBe(400);
    const el = form(await response.text());
    const error = (name: string) => el.querySelector(`#enquiry-page-${name}-error`)!.textContent;
    expect(error("firstName")).toBe("Unos ovog polja je obavezan");
    expect(error("from")).toBe("Unesite ispravnu e-mail adresu");
    expect(error("contactNumber")).toBe("Unesite ispravan broj telefona");
    expect(error("content")).toBe("Unos ovog polja je obavezan");
    expect(error("lastName")).toBe("");
    expect(el.querySelector<HTMLInputElement>('[name="lastName"]')!.value).toBe("Horvat");
    expect(el.querySelector<HTMLInputElement>('[name="acceptedConsents"]')!.checked).toBe(true);
    expect(await enquiriesFrom("nije-adresa")).toEqual([]);
  });

  it("refuses an enquiry without the required consent: core.notifications.consentRequired, nothing stored", async () => {
    const response = await new Visitor(shop).post(
      enquiryPath(),
      { ...valid("bez.privole@example.com"), acceptedConsents: [] },
      { tokenFrom: enquiryPath() },
    );
    expect(response.status).toBe(400);
    const el = form(await response.text());
    expect(el.querySelector("#enquiry-page-consents-error")!.textContent).toBe("Molimo prihvatite sve obavezne privole");
    expect(await enquiriesFrom("bez.privole@example.com")).toEqual([]);
    expect(await mailsAbout("bez.privole@example.com")).toEqual([]);
    expect(await logsOf("bez.privole@example.com")).toEqual([]);
  });

  it("refuses a post without the CSRF token (403) or with the honeypot filled (400)", async () => {
    const visitor = new Visitor(shop);
    expect((await visitor.post(enquiryPath(), valid("csrf@example.com"), { csrf: false })).status).toBe(403);
    expect(
      (await visitor.post(enquiryPath(), { ...valid("robot@example.com"), website: "spam" }, { tokenFrom: enquiryPath() })).status,
    ).toBe(400);
    expect(await enquiriesFrom("csrf@example.com")).toEqual([]);
    expect(await enquiriesFrom("robot@example.com")).toEqual([]);
  });

  it("survives junk: missing fields, overlong values and forged consent ids are messages, never a 500", async () => {
    const visitor = new Visitor(shop);
    const empty = await visitor.post(enquiryPath(), {}, { tokenFrom: enquiryPath() });
    expect(empty.status).toBe(400);
    const long = await visitor.post(
      enquiryPath(),
      { ...valid("dugo@example.com"), content: "x".repeat(5001), acceptedConsents: [String(privacyConsent), "abc", "-1", "999999"] },
      { tokenFrom: enquiryPath() },
    );
    expect(long.status).toBe(400);
    expect(form(await long.text()).querySelector("#enquiry-page-content-error")!.textContent).toBe("Maksimalan broj znakova je 5000");
  });
});

describe("with JavaScript: the dialog's fetcher gets the answer as data", () => {
  const asFetcher = async (fields: Record<string, string | string[]>) => {
    const visitor = new Visitor(shop);
    // Single fetch: a fetcher posts to the route's .data URL.
    const response = await visitor.post(`${enquiryPath()}.data`, { ...fields, via: "fetcher" }, { tokenFrom: `/product/${slug}` });
    return { status: response.status, text: await response.text() };
  };

  it("answers success without a redirect and stores the enquiry", async () => {
    const { status, text } = await asFetcher(valid("fetcher@example.com"));
    expect(status).toBe(200);
    expect(text).toContain("enquiry.sent");
    expect(await enquiriesFrom("fetcher@example.com")).toHaveLength(1);
    expect(await mailsAbout("fetcher@example.com")).toHaveLength(1);
  });

  it("answers the field messages with 400", async () => {
    const { status, text } = await asFetcher({ ...valid("x"), firstName: "" });
    expect(status).toBe(400);
    expect(text).toContain("core.validation.email");
    expect(text).toContain("core.validation.required");
  });
});
