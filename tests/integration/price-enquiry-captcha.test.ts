import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consents, priceEnquiries } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The enquiry with reCAPTCHA keys configured (spec §9 "Captcha defaults: version 2,
 * invisible"; §7 contact/contactAdmin carries the recaptcha response). msw stands in for
 * Google's siteverify (DESIGN.md: msw for every outbound call); nothing leaves the machine.
 */
process.env.RECAPTCHA_SITE_KEY = "test-site-key";
process.env.RECAPTCHA_SECRET_KEY = "test-secret-key";

const SITEVERIFY = "https://www.google.com/recaptcha/api/siteverify";
/** What Google was asked, per test. */
let asked: URLSearchParams[] = [];
const google = setupServer(
  http.post(SITEVERIFY, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    asked.push(body);
    return HttpResponse.json({ success: body.get("response") === "good-token", "error-codes": [] });
  }),
);

let shop: Shop;
let db: Database;
let slug: string;
let privacyConsent: number;
beforeAll(async () => {
  // Local requests (none here: the shop is called in-process) pass; any other outbound call fails the test.
  google.listen({ onUnhandledRequest: "error" });
  shop = await bootShop();
  db = await shop.db();
  slug = await catalogue(shop).slugOf("AK-PNL-SND-40");
  privacyConsent = (await db.select().from(consents).where(eq(consents.uniqueNumber, 1)))[0].id;
});
afterEach(() => {
  asked = [];
  google.resetHandlers();
});
afterAll(async () => {
  google.close();
  await shop.close();
});

const path = () => `/upit-o-cijeni/${slug}`;
const fields = (email: string, token?: string) => ({
  firstName: "Ivo",
  from: email,
  content: "Cijena za 40 m²?",
  acceptedConsents: String(privacyConsent),
  ...(token === undefined ? {} : { "g-recaptcha-response": token }),
});
const stored = (email: string) => db.select().from(priceEnquiries).where(eq(priceEnquiries.email, email));
const formError = async (response: Response) =>
  new JSDOM(await response.text()).window.document.querySelector('[data-testid="enquiry-error"]')!.textContent;

describe("reCAPTCHA v2 invisible, verified on the server", () => {
  it("renders the widget's field and the site key, never the secret", async () => {
    const { html } = await new Visitor(shop).page(path());
    expect(html).toContain('name="g-recaptcha-response"');
    expect(html).toContain("test-site-key"); // in the loader data the widget is rendered from
    expect(html).not.toContain("test-secret-key");
  });

  it("stores the enquiry when Google confirms the token, asking with the secret", async () => {
    const response = await new Visitor(shop).post(path(), fields("captcha.ok@example.com", "good-token"), { tokenFrom: path() });
    expect(response.status).toBe(302);
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0])).toEqual({ secret: "test-secret-key", response: "good-token" });
    expect(await stored("captcha.ok@example.com")).toHaveLength(1);
  });

  it("refuses a token Google rejects, and a missing one without asking: captcha.failed, nothing stored", async () => {
    const rejected = await new Visitor(shop).post(path(), fields("captcha.bad@example.com", "bad-token"), { tokenFrom: path() });
    expect(rejected.status).toBe(400);
    expect(await formError(rejected)).toBe("Provjera protiv neželjenih poruka nije uspjela. Pokušajte ponovno.");
    const missing = await new Visitor(shop).post(path(), fields("captcha.none@example.com"), { tokenFrom: path() });
    expect(missing.status).toBe(400);
    expect(asked).toHaveLength(1); // only the rejected one was asked about
    expect(await stored("captcha.bad@example.com")).toEqual([]);
    expect(await stored("captcha.none@example.com")).toEqual([]);
  });

  it("answers 503 with captcha.unavailable when Google cannot be reached, never a 500", async () => {
    google.use(http.post(SITEVERIFY, () => HttpResponse.error()));
    const response = await new Visitor(shop).post(path(), fields("captcha.down@example.com", "good-token"), { tokenFrom: path() });
    expect(response.status).toBe(503);
    expect(await formError(response)).toBe(
      "Provjera protiv neželjenih poruka trenutno nije dostupna. Pokušajte ponovno za nekoliko minuta.",
    );
    expect(await stored("captcha.down@example.com")).toEqual([]);
  });

  it("does not ask Google about a form that is wrong anyway", async () => {
    const response = await new Visitor(shop).post(path(), { ...fields("", "good-token") }, { tokenFrom: path() });
    expect(response.status).toBe(400);
    expect(asked).toEqual([]);
  });
});
