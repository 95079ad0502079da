import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consentLogs, consents, mailOutbox, newsletterSubscribers, options } from "~/.server/db/schema";
import { signInAsCustomer } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The newsletter block (spec §2 Home, §5 consents, §8 alreadySubscribedToNewsletter):
 * posted as a browser without JavaScript does (redirect + flash toast) and as the
 * hydrated form's fetcher does (JSON answer), plus double opt-in.
 */
let shop: Shop;
let db: Database;
/** Consent ids by unique number; the newsletter form shows and requires 1 and 3. */
const id: Record<number, number> = {};
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  for (const row of await db.select().from(consents)) id[row.uniqueNumber] = row.id;
});
afterAll(() => shop.close());

const subscriber = async (email: string) =>
  (await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const logsOf = (email: string) => db.select().from(consentLogs).where(eq(consentLogs.email, email));
const mailsTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const allConsents = () => [String(id[1]), String(id[3])];

async function setDoubleOptIn(on: boolean) {
  await db
    .update(options)
    .set({ value: on })
    .where(and(eq(options.siteId, 1), eq(options.key, "NewsletterDoubleOptIn")));
}

/** Posts without JavaScript and follows the redirect: where it went and the toast shown there. */
async function postWithoutJs(visitor: Visitor, fields: Record<string, string | string[]>, from = "/") {
  const response = await visitor.post("/actions/newsletter", { redirectTo: from, ...fields }, { tokenFrom: from });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const { html } = await visitor.page(location);
  const toast = /<div role="status" data-toast="(\w+)"[^>]*>([^<]*)<\/div>/.exec(html);
  return { location, toastType: toast?.[1], toast: toast?.[2] };
}

async function postAsFetcher(visitor: Visitor, fields: Record<string, string | string[]>) {
  const response = await visitor.post("/actions/newsletter", { redirectTo: "/", via: "fetcher", ...fields });
  return { status: response.status, body: (await response.json()) as { ok: boolean; key: string; field?: string } };
}

describe("the newsletter block on the home page", () => {
  it("has an e-mail field and the newsletter's consents, required ones starred, posting to /actions/newsletter", async () => {
    const { html } = await new Visitor(shop).page("/");
    const form = new JSDOM(html).window.document.querySelector<HTMLFormElement>('form[action="/actions/newsletter"]')!;
    expect(form.method).toBe("post");
    const email = form.querySelector<HTMLInputElement>('input[name="email"]')!;
    expect([email.type, email.required]).toEqual(["email", true]);
    const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="acceptedConsents"]')];
    expect(boxes.map((b) => [b.value, b.required])).toEqual([
      [String(id[1]), true],
      [String(id[3]), true],
    ]);
    expect(form.querySelector('input[name="csrf"]')).not.toBeNull();
    // Rendered without JavaScript the form asks for a redirect, not data.
    expect(form.querySelector('input[name="via"]')).toBeNull();
  });
});

describe("without JavaScript: redirect back with a toast", () => {
  it("subscribes, logs the consents in the same go and says thank you", async () => {
    const result = await postWithoutJs(new Visitor(shop), { email: "  Ana.Kupac@Example.com ", acceptedConsents: allConsents() });
    expect(result).toEqual({ location: "/", toastType: "success", toast: "Hvala! Prijavljeni ste na newsletter." });
    const row = await subscriber("ana.kupac@example.com");
    expect(row).toMatchObject({ status: "subscribed", locale: "hr", tokenHash: null });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    const [log] = await logsOf("ana.kupac@example.com");
    expect(log).toMatchObject({ sourceType: "newsletter", consents: [id[1], id[3]], userType: "anonymous", status: "accepted" });
  });

  it("answers in the page's language and stores it", async () => {
    const result = await postWithoutJs(new Visitor(shop), { email: "john@example.com", acceptedConsents: allConsents() }, "/en");
    expect(result).toEqual({ location: "/en", toastType: "success", toast: "Thank you! You are subscribed to the newsletter." });
    expect((await subscriber("john@example.com")).locale).toBe("en");
  });

  it("refuses a missing or invalid e-mail and changes nothing", async () => {
    const visitor = new Visitor(shop);
    expect(await postWithoutJs(visitor, { email: "", acceptedConsents: allConsents() })).toMatchObject({
      toastType: "error",
      toast: "Unos ovog polja je obavezan",
    });
    expect(await postWithoutJs(visitor, { acceptedConsents: allConsents() })).toMatchObject({ toast: "Unos ovog polja je obavezan" });
    expect(await postWithoutJs(visitor, { email: "not-an-address", acceptedConsents: allConsents() })).toMatchObject({
      toastType: "error",
      toast: "Unesite ispravnu e-mail adresu",
    });
    expect(await postWithoutJs(visitor, { email: `${"a".repeat(250)}@example.com`, acceptedConsents: allConsents() })).toMatchObject({
      toastType: "error",
    });
    expect(await subscriber("not-an-address")).toBeUndefined();
  });

  it("refuses a sign-up without every required consent: core.notifications.consentRequired", async () => {
    const result = await postWithoutJs(new Visitor(shop), { email: "ivo@example.com", acceptedConsents: [String(id[1])] });
    expect(result).toMatchObject({ toastType: "error", toast: "Molimo prihvatite sve obavezne privole" });
    expect(await subscriber("ivo@example.com")).toBeUndefined();
    expect(await logsOf("ivo@example.com")).toEqual([]);
  });

  it("says a known address is already subscribed and changes nothing", async () => {
    const visitor = new Visitor(shop);
    await postWithoutJs(visitor, { email: "marija@example.com", acceptedConsents: allConsents() });
    const before = await subscriber("marija@example.com");
    const result = await postWithoutJs(visitor, { email: "MARIJA@example.com", acceptedConsents: allConsents() });
    expect(result).toMatchObject({ toastType: "info", toast: "Ova e-mail adresa već je prijavljena na newsletter." });
    expect(await subscriber("marija@example.com")).toEqual(before);
    expect(await logsOf("marija@example.com")).toHaveLength(1);
  });

  it("records a signed-in customer's consents as registered", async () => {
    const customer = await signInAsCustomer(shop, new Visitor(shop));
    await postWithoutJs(customer, { email: "kupac.news@example.com", acceptedConsents: allConsents() });
    expect((await logsOf("kupac.news@example.com"))[0].userType).toBe("registered");
  });

  it("refuses a post without the CSRF token (403) or with the honeypot filled (400), before reading it", async () => {
    const visitor = new Visitor(shop);
    const forged = await visitor.post(
      "/actions/newsletter",
      { email: "csrf@example.com", acceptedConsents: allConsents() },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
    const robot = await visitor.post("/actions/newsletter", {
      email: "robot@example.com",
      acceptedConsents: allConsents(),
      website: "spam",
    });
    expect(robot.status).toBe(400);
    expect(await subscriber("csrf@example.com")).toBeUndefined();
    expect(await subscriber("robot@example.com")).toBeUndefined();
  });

  it("goes back only to a path of this shop", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post("/actions/newsletter", { email: "", redirectTo: "https://evil.example/" });
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("with JavaScript: the fetcher gets the answer as data", () => {
  it("answers success without a redirect", async () => {
    const { status, body } = await postAsFetcher(new Visitor(shop), { email: "fetch@example.com", acceptedConsents: allConsents() });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, key: "newsletter.subscribed" });
    expect((await subscriber("fetch@example.com")).status).toBe("subscribed");
  });

  it("names the field of a refusal", async () => {
    const visitor = new Visitor(shop);
    expect(await postAsFetcher(visitor, { email: "x@", acceptedConsents: allConsents() })).toEqual({
      status: 400,
      body: { ok: false, key: "core.validation.email", field: "email" },
    });
    expect(await postAsFetcher(visitor, { email: "y@example.com", acceptedConsents: [] })).toEqual({
      status: 400,
      body: { ok: false, key: "core.notifications.consentRequired", field: "consents" },
    });
    expect(await postAsFetcher(visitor, { email: "fetch@example.com", acceptedConsents: allConsents() })).toEqual({
      status: 409,
      body: { ok: false, key: "newsletter.alreadySubscribedToNewsletter", field: "form" },
    });
  });
});

describe("double opt-in (option NewsletterDoubleOptIn)", () => {
  it("keeps the address pending and queues a mail with a confirmation link; the link confirms once", async () => {
    await setDoubleOptIn(true);
    try {
      const visitor = new Visitor(shop);
      const result = await postWithoutJs(visitor, { email: "potvrda@example.com", acceptedConsents: allConsents() }, "/de");
      expect(result).toMatchObject({
        location: "/de",
        toastType: "success",
        toast: "Wir haben Ihnen eine E-Mail mit einem Link zur Bestätigung gesendet.",
      });
      const pending = await subscriber("potvrda@example.com");
      expect(pending).toMatchObject({ status: "pending", confirmedAt: null, locale: "de" });
      expect(await logsOf("potvrda@example.com")).toHaveLength(1);

      const [mail] = await mailsTo("potvrda@example.com");
      expect(mail.subject).toBe("Bestätigen Sie Ihr Newsletter-Abonnement");
      // Through the mail module: without SMTP_URL it waits in the outbox.
      expect(mail).toMatchObject({ kind: "newsletterConfirmation", status: "queued", sentAt: null });
      const link = /http:\/\/localhost:3000(\/actions\/newsletter\?token=[\w-]+)/.exec(mail.text)![1];
      // Only a hash of the token is stored.
      expect(pending.tokenHash).not.toContain(link.split("=")[1]);

      const confirm = await visitor.get(link);
      expect(confirm.status).toBe(302);
      expect(confirm.headers.get("Location")).toBe("/de");
      expect(await subscriber("potvrda@example.com")).toMatchObject({ status: "subscribed", tokenHash: null });
      expect((await subscriber("potvrda@example.com")).confirmedAt).toBeInstanceOf(Date);
      const { html } = await visitor.page("/de");
      expect(html).toContain("Ihr Newsletter-Abonnement ist bestätigt. Danke!");

      const again = await visitor.get(link);
      expect(again.headers.get("Location")).toBe("/");
      expect((await visitor.page("/")).html).toContain("Poveznica za potvrdu nije valjana ili je već iskorištena.");
    } finally {
      await setDoubleOptIn(false);
    }
  });

  it("turns a junk or missing token into a message, never a 500", async () => {
    for (const path of [
      "/actions/newsletter",
      "/actions/newsletter?token=",
      "/actions/newsletter?token='--",
      `/actions/newsletter?token=${"a".repeat(43)}`,
    ]) {
      const response = await new Visitor(shop).get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    // A NUL in the address never reaches the action: the address rule answers first (decision 0083).
    expect((await new Visitor(shop).get(`/actions/newsletter?token=%00'--`)).status).toBe(400);
  });

  it("sends no mail while the option is off", async () => {
    await postWithoutJs(new Visitor(shop), { email: "direct@example.com", acceptedConsents: allConsents() });
    expect(await mailsTo("direct@example.com")).toEqual([]);
    expect((await subscriber("direct@example.com")).status).toBe("subscribed");
  });
});
