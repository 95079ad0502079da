import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import {
  accountTokens,
  addresses,
  auditLog,
  consents,
  mailOutbox,
  newsletterSubscribers,
  options,
  orders,
  users,
} from "~/.server/db/schema";
import { hashPassword } from "~/.server/auth/password.server";
import { readEnv } from "~/.server/env.server";
import { exportCustomerData } from "~/modules/customer/customer-export.server";
import { search } from "~/modules/search/search.server";
import { submit } from "../setup/account-helpers";
import { apiClient, apiKeyFor, documentedMismatch, rawCall } from "../setup/api";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";

/**
 * The account calls an app needs (decision 0127): deleting an address, deleting the account
 * and taking a copy of one's data under the backoffice's GDPR rules, leaving the newsletter,
 * a new verification mail (to the front end's own page when FRONTEND_URL is set), and
 * search suggestions. Every answer is checked against the OpenAPI document.
 */
// A separate front end under a path: its verification page is FRONTEND_URL/verify.
const FRONTEND = "https://app.example.test/shop";
process.env.FRONTEND_URL = `${FRONTEND}/`;
// Many sign-ins from one address: the strict budget is tested in api-auth.test.ts.
process.env.RATE_LIMIT_AUTH_POINTS = "1000";

let shop: Shop;
let db: Database;
const consentId: Record<number, number> = {};
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  for (const row of await db.select().from(consents)) consentId[row.uniqueNumber] = row.id;
});
afterAll(() => shop.close());

type Client = Awaited<ReturnType<typeof apiClient>>;
type Result = { ok: boolean; status: number; data?: unknown; failure?: unknown };

async function ok<T = never>(name: string, result: Result): Promise<T> {
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  expect(await documentedMismatch(shop, `v1.${name}`, 200, { data: result.data })).toEqual([]);
  return result.data as T;
}

async function refused(name: string, result: Result, status: number) {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  expect(result.status).toBe(status);
  expect(await documentedMismatch(shop, `v1.${name}`, status, result.failure)).toEqual([]);
  return result.failure as { message: string; errors?: { field: string; message: string }[] };
}

const PASSWORD = "Lozinka123";
let serial = 0;

/** A registered customer of its own (these calls delete things), signed in over the API. */
async function customer({ verified = true, language }: { verified?: boolean; language?: "hr" | "en" | "de" } = {}) {
  const email = `app-${Date.now()}-${++serial}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      siteId: 1,
      email,
      firstName: "Iva",
      lastName: "Kovač",
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning({ id: users.id });
  const apiKey = (await apiKeyFor()).token;
  const client = await apiClient(shop, { apiKey, ...(language ? { language } : {}) });
  expect((await client.login(email, PASSWORD)).ok).toBe(true);
  return { id: row.id, email, client, apiKey };
}

const ADDRESS = {
  firstName: "Iva",
  lastName: "Kovač",
  contactEmail: "iva@example.com",
  contactPhone: "+385 91 123 4567",
  country: "HR",
  city: "Split",
  street: "Riva",
  houseNumber: "1",
  zipCode: "21000",
  companyName: "",
  companyOIB: "",
};

async function addAddress(client: Client) {
  const { address } = await ok<{ address: { id: number } }>(
    "user.web.address.create",
    await client.call("user.web.address.create", { body: { ...ADDRESS, type: "shipping" } }),
  );
  return address.id;
}

const mailsTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));

describe("deleting an address", () => {
  it("deletes one of the customer's own addresses; another customer's, an unknown or a malformed id is not found", async () => {
    const ana = await customer();
    const other = await customer({ language: "en" });
    const mine = await addAddress(ana.client);
    const kept = await addAddress(ana.client);
    const theirs = await addAddress(other.client);

    expect(await ok("user.web.address.delete", await ana.client.call("user.web.address.delete", { params: { id: mine } }))).toEqual({
      deleted: true,
    });
    const ids = async (userId: number) =>
      (await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId))).map((a) => a.id);
    expect(await ids(ana.id)).toEqual([kept]);

    for (const id of [theirs, mine, 999_999_999, "abc"]) {
      const failure = await refused("user.web.address.delete", await ana.client.call("user.web.address.delete", { params: { id } }), 404);
      expect(failure.message).toBe("Adresa nije pronađena.");
    }
    // In the call's language; the other customer's address is untouched.
    const en = await refused("user.web.address.delete", await other.client.call("user.web.address.delete", { params: { id: kept } }), 404);
    expect(en.message).toBe("The address was not found.");
    expect(await ids(other.id)).toEqual([theirs]);
  });

  it("asks for a signed-in customer", async () => {
    const anonymous = await apiClient(shop);
    await refused("user.web.address.delete", await anonymous.call("user.web.address.delete", { params: { id: 1 } }), 401);
  });
});

describe("deleting the account and taking a copy of the data", () => {
  it("hands over the same JSON as the backoffice's export, and records the copy", async () => {
    const ana = await customer();
    await addAddress(ana.client);
    const data = await ok<Record<string, unknown>>("user.web.export", await ana.client.call("user.web.export"));
    const [staff] = await db.select().from(users).where(eq(users.email, ana.email));
    const backoffice = JSON.parse(
      JSON.stringify(await exportCustomerData({ ...staff, isBackofficeUser: true, scope: ["admin"] } as never, ana.id, "hr")),
    ) as Record<string, unknown>;
    expect({ ...data, exportedAt: null }).toEqual({ ...backoffice, exportedAt: null });
    expect(data.profile).toMatchObject({ id: ana.id, email: ana.email, firstName: "Iva" });
    expect(data.addresses).toEqual([expect.objectContaining({ street: "Riva", city: "Split" })]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, ana.id), eq(auditLog.action, "export")));
    expect(audit.length).toBeGreaterThan(0);
  });

  it("refuses a wrong password and, while an order is open, says which in the call's language", async () => {
    const ana = await customer({ language: "en" });
    const wrong = await refused("user.web.delete", await ana.client.call("user.web.delete", { body: { password: "Pogresna123" } }), 400);
    expect(wrong.message).toBe("The password is incorrect.");
    expect(wrong.errors).toEqual([{ field: "body.password", message: "The password is incorrect." }]);

    const order = await placeOrder(shop, ana.email, { gateway: "bankTransfer" });
    const open = await refused("user.web.delete", await ana.client.call("user.web.delete", { body: { password: PASSWORD } }), 409);
    expect(open.message).toBe(
      `You have open orders (1: ${order.slug}): they need your address and phone for delivery. You can delete your account once they are delivered or cancelled.`,
    );
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, ana.id))).toHaveLength(1);
  });

  it("erases the account as the backoffice does once the orders are done, and its tokens stop working", async () => {
    const ana = await customer();
    await addAddress(ana.client);
    const order = await placeOrder(shop, ana.email, { gateway: "bankTransfer" });
    await db.update(orders).set({ status: "delivered" }).where(eq(orders.slug, order.slug));
    const tokens = ana.client.tokens!;

    expect(await ok("user.web.delete", await ana.client.call("user.web.delete", { body: { password: PASSWORD } }))).toEqual({
      deleted: true,
    });
    expect(await db.select().from(users).where(eq(users.id, ana.id))).toEqual([]);
    expect(await db.select().from(addresses).where(eq(addresses.userId, ana.id))).toEqual([]);
    // The order stays for the accounts, without the person's e-mail.
    const [kept] = await db.select({ email: orders.email, userId: orders.userId }).from(orders).where(eq(orders.slug, order.slug));
    expect(kept).toEqual({ email: expect.stringMatching(/^obrisano-\d+@invalid$/), userId: null });
    // The audit row names no e-mail of the erased customer.
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, ana.id), eq(auditLog.action, "erase")));
    expect(JSON.stringify(audit)).not.toContain(ana.email);

    // The access token and the refresh token are dead.
    await refused("user.web.profile", await ana.client.call("user.web.profile"), 401);
    const refresh = await rawCall(shop, "/api/v1/refresh", { headers: { refreshToken: tokens.refreshToken, "X-Api-Key": ana.apiKey } });
    expect(refresh.status).toBe(401);
    // Signing in again is refused: the account is gone.
    expect((await (await apiClient(shop)).login(ana.email, PASSWORD)).ok).toBe(false);
  });
});

describe("leaving the newsletter and a new verification mail", () => {
  it("unsubscribes the signed-in customer's own e-mail and keeps the record", async () => {
    const ana = await customer();
    await db.insert(newsletterSubscribers).values({ siteId: 1, email: ana.email, status: "subscribed", locale: "hr" });
    expect(await ok("user.web.newsletter.unsubscribe", await ana.client.call("user.web.newsletter.unsubscribe"))).toEqual({
      unsubscribed: true,
    });
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, ana.email));
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
    // Again: nothing left to leave.
    expect(await ok("user.web.newsletter.unsubscribe", await ana.client.call("user.web.newsletter.unsubscribe"))).toEqual({
      unsubscribed: false,
    });
  });

  it("mails a fresh link to the front end's page, a few an hour, and none once the address is confirmed", async () => {
    // Signed in with an address not confirmed yet (the e-mail was changed in the profile).
    const ana = await customer({ verified: false, language: "de" });
    // Nothing yet but the sign-in's own mails.
    await db.delete(mailOutbox).where(eq(mailOutbox.to, ana.email));
    expect(await ok("user.web.verify.resend", await ana.client.call("user.web.verify.resend"))).toEqual({ sent: true });
    const [mail] = await mailsTo(ana.email);
    expect(mail.kind).toBe("accountVerification");
    const token = /\/verify\?token=([\w-]+)/.exec(mail.text)![1];
    expect(mail.text).toContain(`${FRONTEND}/verify?token=${token}`);

    await ok("user.web.verify.resend", await ana.client.call("user.web.verify.resend"));
    await ok("user.web.verify.resend", await ana.client.call("user.web.verify.resend"));
    const tooMany = await refused("user.web.verify.resend", await ana.client.call("user.web.verify.resend"), 429);
    expect(tooMany.message).toBe("Wir haben bereits mehrere Bestätigungslinks gesendet. Bitte versuchen Sie es in einer Stunde erneut.");
    expect(await mailsTo(ana.email)).toHaveLength(3);

    // The newest link confirms (the page calls GET /user/web/verify/:token); then there is nothing to resend.
    const newest = /\/verify\?token=([\w-]+)/.exec((await mailsTo(ana.email))[0].text)![1];
    await ok("user.web.verify", await ana.client.call("user.web.verify", { params: { token: newest } }));
    await db.delete(accountTokens).where(eq(accountTokens.userId, ana.id));
    const done = await refused("user.web.verify.resend", await ana.client.call("user.web.verify.resend"), 409);
    expect(done.message).toBe("Ihre E-Mail-Adresse ist bereits bestätigt.");
  });
});

describe("the verification link of a separate front end (FRONTEND_URL)", () => {
  async function requireVerification(value: boolean) {
    await db
      .update(options)
      .set({ value })
      .where(and(eq(options.siteId, 1), eq(options.key, "RegistrationRequiresEmailVerification")));
  }

  it("mails FRONTEND_URL/verify?token=… to a registration through the API, never a URL of the request", async () => {
    await requireVerification(true);
    try {
      const email = `front-${Date.now()}@example.com`;
      const client = await apiClient(shop);
      const registered = await client.call("user.web.register", {
        body: {
          details: { firstName: "Marko", lastName: "Marić" },
          email,
          password: PASSWORD,
          memberCardBarcode: "",
          acceptedConsents: [consentId[1], consentId[2]],
        },
      });
      expect(registered.ok, JSON.stringify(registered)).toBe(true);
      const [mail] = await mailsTo(email);
      expect(mail.text).toMatch(new RegExp(`${FRONTEND.replaceAll(".", "\\.")}/verify\\?token=[\\w-]{43}`));
      expect(mail.text).not.toContain("localhost");
    } finally {
      await requireVerification(false);
    }
  });

  it("keeps the shop's own link for a registration in the shop's pages", async () => {
    await requireVerification(true);
    try {
      const visitor = new Visitor(shop);
      const email = `html-${Date.now()}@example.com`;
      await submit(
        visitor,
        "/registracija",
        {
          intent: "register",
          firstName: "Marko",
          lastName: "Marić",
          email,
          password: PASSWORD,
          confirmedPassword: PASSWORD,
          acceptedConsents: [String(consentId[1]), String(consentId[2])],
        },
        "/",
      );
      const [mail] = await mailsTo(email);
      expect(mail.text).toContain("/prijava?verificationToken=");
      expect(mail.text).not.toContain(FRONTEND);
    } finally {
      await requireVerification(false);
    }
  });

  it("accepts only an absolute http(s) URL", () => {
    const base = { SESSION_SECRET: "x".repeat(32) };
    expect(readEnv({ ...base, FRONTEND_URL: "https://app.example.com/" }).FRONTEND_URL).toBe("https://app.example.com");
    expect(readEnv({ ...base }).FRONTEND_URL).toBeUndefined();
    for (const bad of ["javascript:alert(1)", "/verify", "ftp://app.example.com", "https://app.example.com/?next=x"])
      expect(() => readEnv({ ...base, FRONTEND_URL: bad }), bad).toThrow(/FRONTEND_URL/);
  });
});

describe("search suggestions", () => {
  type Suggestions = Record<"products" | "categories" | "pages", { id: number; title: string; href: string }[]>;

  it("answers up to 5 products, 3 categories and 3 pages, as the storefront search finds them", async () => {
    const client = await apiClient(shop);
    const data = await ok<Suggestions>(
      "product.web.search.suggestions",
      await client.call("product.web.search.suggestions", { query: { q: "  oluk " } }),
    );
    const found = await search({ text: "oluk", categories: ["products", "productCategories", "pages"], locale: "hr" });
    const pick = (records: { id: number; title: string; href: string }[] = [], n: number) =>
      records.slice(0, n).map(({ id, title, href }) => ({ id, title, href }));
    expect(data).toEqual({
      products: pick(found.products?.records, 5),
      categories: pick(found.productCategories?.records, 3),
      pages: pick(found.pages?.records, 3),
    });
    expect(data.products.length).toBe(5);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.categories.length).toBeLessThanOrEqual(3);
    expect(data.pages.length).toBeLessThanOrEqual(3);
  });

  it("answers in the call's language", async () => {
    const client = await apiClient(shop, { language: "en" });
    const data = await ok<Suggestions>(
      "product.web.search.suggestions",
      await client.call("product.web.search.suggestions", { query: { q: "gutter" } }),
    );
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.categories.every((c) => c.href.startsWith("/en/"))).toBe(true);
  });

  it("refuses fewer than 2 or more than 100 characters with a translated message", async () => {
    const hr = await apiClient(shop);
    const short = await refused(
      "product.web.search.suggestions",
      await hr.call("product.web.search.suggestions", { query: { q: " o " } }),
      400,
    );
    expect(short.message).toBe("Upišite barem 2 znaka.");
    const de = await apiClient(shop, { language: "de" });
    const long = await refused(
      "product.web.search.suggestions",
      await de.call("product.web.search.suggestions", { query: { q: "krov ".repeat(30) } }),
      400,
    );
    expect(long.errors?.[0].field).toBe("query.q");
    await refused(
      "product.web.search.suggestions",
      await de.call("product.web.search.suggestions", { query: { q: "x".repeat(300) } }),
      400,
    );
  });
});
