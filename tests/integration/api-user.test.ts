import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consents, mailOutbox, options, users } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { apiClient, apiKeyFor, documentedMismatch, rawCall } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The user, settings and media calls of spec §7 (decision 0058): each runs
 * the HTML shop's service and answers in the data envelope or with the spec's message.
 */
// Many registrations and sign-ins from one address: the strict budget is tested in api-auth.test.ts.
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

async function setOption(key: string, value: boolean) {
  await db
    .update(options)
    .set({ value })
    .where(and(eq(options.siteId, 1), eq(options.key, key)));
}
const mailsTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
const tokenIn = (text: string) => /(?:token|verificationToken)=([\w-]+)/.exec(text)![1];
const registration = (email: string, password = "Lozinka123") => ({
  details: { firstName: "Marko", lastName: "Marić" },
  email,
  username: email,
  password,
  memberCardBarcode: "",
  acceptedConsents: [consentId[1], consentId[2]],
});
const address = {
  firstName: "Marko",
  lastName: "Marić",
  contactEmail: "marko@example.com",
  contactPhone: "+385 91 123 4567",
  country: "HR",
  city: "Zagreb",
  street: "Ilica",
  houseNumber: "12a",
  zipCode: "10000",
};

async function customer(email: string, password = "Lozinka123") {
  await setOption("RegistrationRequiresEmailVerification", false);
  const api = await apiClient(shop);
  const registered = await api.call("user.web.register", { body: registration(email, password) });
  if (!registered.ok) throw new Error(registered.failure.message);
  const login = await api.login(email, password);
  if (!login.ok) throw new Error(login.failure.message);
  return api;
}

describe("registration and verification", () => {
  it("registers, refuses a taken e-mail and missing consents", async () => {
    await setOption("RegistrationRequiresEmailVerification", false);
    const api = await apiClient(shop);
    const answer = await api.call("user.web.register", {
      body: { ...registration("api-new@example.com"), addresses: { delivery: address } },
    });
    if (!answer.ok) throw new Error(answer.failure.message);
    expect(answer.data.verificationToken).toBeNull();
    expect(await documentedMismatch(shop, "v1.user.web.register", 200, { data: answer.data })).toEqual([]);

    const taken = await api.call("user.web.register", { body: registration("api-new@example.com") });
    expect(taken.ok ? null : taken.failure).toMatchObject({ statusCode: 409, message: "User already exist." });
    const noConsents = await api.call("user.web.register", { body: { ...registration("api-consents@example.com"), acceptedConsents: [] } });
    expect(noConsents.ok ? null : noConsents.status).toBe(400);
    const short = await api.call("user.web.register", { body: { ...registration("api-short@example.com"), password: "short" } });
    expect(short.ok ? null : short.status).toBe(400);
  });

  it("with verification on, mails the link, and the token confirms the address once", async () => {
    await setOption("RegistrationRequiresEmailVerification", true);
    const api = await apiClient(shop);
    const answer = await api.call("user.web.register", { body: registration("api-verify@example.com") });
    expect(answer.ok && answer.data.verificationToken).toBe("sent");
    const [user] = await db.select().from(users).where(eq(users.email, "api-verify@example.com"));
    expect(user.emailVerifiedAt).toBeNull();
    const token = tokenIn((await mailsTo("api-verify@example.com"))[0].text);
    const verified = await api.call("user.web.verify", { params: { token } });
    expect(verified.ok && verified.data).toEqual({ verified: true });
    expect(await documentedMismatch(shop, "v1.user.web.verify", 200, { data: verified.ok && verified.data })).toEqual([]);
    const again = await api.call("user.web.verify", { params: { token } });
    expect(again.ok ? null : again.failure).toMatchObject({ statusCode: 400, message: "Invalid or expired token" });
    await setOption("RegistrationRequiresEmailVerification", false);
  });
});

describe("profile, addresses, barcode", () => {
  it("answers the profile to a signed-in customer and 401 without a token", async () => {
    const anonymous = await apiClient(shop);
    expect((await anonymous.call("user.web.profile")).status).toBe(401);
    const api = await customer("api-profile@example.com");
    const profile = await api.call("user.web.profile");
    if (!profile.ok) throw new Error(profile.failure.message);
    expect(profile.data.user.email).toBe("api-profile@example.com");
    expect(await documentedMismatch(shop, "v1.user.web.profile", 200, { data: profile.data })).toEqual([]);
  });

  it("updates the profile; a taken e-mail is 'User already exist.'", async () => {
    const api = await customer("api-update@example.com");
    const updated = await api.call("user.web.update", {
      body: { details: { firstName: "Ana", lastName: "Anić" }, email: "api-update@example.com", memberCardBarcode: "" },
    });
    if (!updated.ok) throw new Error(updated.failure.message);
    expect(updated.data.user.firstName).toBe("Ana");
    expect(await documentedMismatch(shop, "v1.user.web.update", 200, { data: updated.data })).toEqual([]);
    const taken = await api.call("user.web.update", {
      body: { details: { firstName: "Ana", lastName: "Anić" }, email: DEMO_CUSTOMER.email, memberCardBarcode: "" },
    });
    expect(taken.ok ? null : taken.failure).toMatchObject({ statusCode: 409, message: "User already exist." });
  });

  it("creates and updates an address; another user's address is not found", async () => {
    const api = await customer("api-address@example.com");
    const created = await api.call("user.web.address.create", { body: { ...address, type: "shipping" } });
    if (!created.ok) throw new Error(created.failure.message);
    expect(created.data.address).toMatchObject({ city: "Zagreb", type: "shipping" });
    expect(await documentedMismatch(shop, "v1.user.web.address.create", 200, { data: created.data })).toEqual([]);
    const updated = await api.call("user.web.address.update", {
      params: { id: created.data.address.id },
      body: { ...address, city: "Split", type: "shipping" },
    });
    if (!updated.ok) throw new Error(updated.failure.message);
    expect(updated.data.address.city).toBe("Split");
    expect(await documentedMismatch(shop, "v1.user.web.address.update", 200, { data: updated.data })).toEqual([]);
    const other = await customer("api-address-other@example.com");
    const refused = await other.call("user.web.address.update", { params: { id: created.data.address.id }, body: address });
    expect(refused.ok ? null : refused.failure).toMatchObject({ statusCode: 404, message: "Address not found" });
  });

  it("checks a member card barcode", async () => {
    const api = await apiClient(shop);
    const valid = await api.call("user.web.validateMembersBarcode", { body: { barcode: "3850001234567" } });
    expect(valid.ok && valid.data).toEqual({ isValid: true });
    expect(await documentedMismatch(shop, "v1.user.web.validateMembersBarcode", 200, { data: valid.ok && valid.data })).toEqual([]);
    const invalid = await api.call("user.web.validateMembersBarcode", { body: { barcode: "?" } });
    expect(invalid.ok && invalid.data).toEqual({ isValid: false });
    expect((await api.call("user.web.validateMembersBarcode", { body: { barcode: "x".repeat(65) } })).status).toBe(400);
  });

  it("answers the backoffice user's own profile, and refuses a customer", async () => {
    const admin = await apiClient(shop);
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const own = await admin.call("user.profile");
    if (!own.ok) throw new Error(own.failure.message);
    expect(own.data.user.isBackofficeUser).toBe(true);
    expect(await documentedMismatch(shop, "v1.user.profile", 200, { data: own.data })).toEqual([]);
    const api = await apiClient(shop);
    await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await api.call("user.profile")).status).toBe(403);
  });

  it("refuses social login while it is off", async () => {
    const api = await apiClient(shop);
    const oauth = await api.call("user.social.oauth", { body: { provider: "google" } });
    expect(oauth.ok ? null : oauth.failure).toMatchObject({ statusCode: 403, message: "Social login is disabled" });
    const redirect = await api.call("user.social.redirectLogin", { query: { provider: "google" } });
    expect(redirect.ok ? null : redirect.failure).toMatchObject({ statusCode: 403, message: "Social login is disabled" });
  });
});

describe("passwords", () => {
  it("changes the password; a wrong old one is 'Incorrect old password.'", async () => {
    const api = await customer("api-change@example.com", "Pocetna123");
    const wrong = await api.call("user.password.reset", { body: { oldPassword: "Netocna123", newPassword: "Nova12345" } });
    expect(wrong.ok ? null : wrong.failure).toMatchObject({ statusCode: 400, message: "Incorrect old password." });
    const changed = await api.call("user.password.reset", { body: { oldPassword: "Pocetna123", newPassword: "Nova12345" } });
    expect(changed.ok && changed.data).toEqual({ changed: true });
    expect(await documentedMismatch(shop, "v1.user.password.reset", 200, { data: { changed: true } })).toEqual([]);
    expect((await (await apiClient(shop)).login("api-change@example.com", "Nova12345")).ok).toBe(true);
  });

  it("forgot answers the same for known and unknown addresses; set uses the mailed token once", async () => {
    await customer("api-forgot@example.com");
    const api = await apiClient(shop);
    const known = await api.call("user.password.forgot", { body: { email: "api-forgot@example.com" } });
    const unknown = await api.call("user.password.forgot", { body: { email: "api-nobody@example.com" } });
    expect(known).toEqual(unknown);
    expect(await documentedMismatch(shop, "v1.user.password.forgot", 200, { data: known.ok && known.data })).toEqual([]);
    expect(await mailsTo("api-nobody@example.com")).toEqual([]);
    const token = tokenIn((await mailsTo("api-forgot@example.com"))[0].text);
    const set = await api.call("user.password.set", { body: { token, newPassword: "Postavljena1" } });
    expect(set.ok && set.data).toEqual({ changed: true });
    expect(await documentedMismatch(shop, "v1.user.password.set", 200, { data: { changed: true } })).toEqual([]);
    const reused = await api.call("user.password.set", { body: { token, newPassword: "Postavljena2" } });
    expect(reused.ok ? null : reused.failure).toMatchObject({ statusCode: 400, message: "Invalid or expired token" });
  });
});

describe("settings and media", () => {
  it("answers languages and countries", async () => {
    const api = await apiClient(shop);
    const langs = await api.call("settings.commons", { query: { type: "languages", language: "en" } });
    if (!langs.ok) throw new Error(langs.failure.message);
    expect(langs.data.records.length).toBeGreaterThan(0);
    expect(await documentedMismatch(shop, "v1.settings.commons", 200, { data: langs.data })).toEqual([]);
    const countries = await api.call("settings.commons", { query: { type: "countries" } });
    expect(countries.ok && countries.data.records.some((c) => c.code === "HR")).toBe(true);
    const key = (await apiKeyFor("commons")).token;
    expect((await rawCall(shop, "/api/v1/settings/commons?type=planets", { headers: { "X-Api-Key": key } })).status).toBe(400);
  });

  it("domainDetect hands this domain its storefront key, without a key; another domain is 404", async () => {
    const post = (headers: Record<string, string>) =>
      rawCall(shop, "/api/v2/settings/domainDetect", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: "{}",
      });
    const own = await post({ Referer: "http://localhost:3000/" });
    const body = await own.json();
    expect(own.status).toBe(200);
    expect(body.data.data.apiKeyToken).toMatch(/^ak_/);
    expect(await documentedMismatch(shop, "v2.settings.domainDetect", 200, body)).toEqual([]);
    const other = await post({ Referer: "https://elsewhere.example/" });
    expect(await other.json()).toMatchObject({ errored: true, statusCode: 404 });
    // The key works for a storefront call.
    const api = await apiClient(shop, { apiKey: body.data.data.apiKeyToken });
    expect((await api.call("media.option.filter")).ok).toBe(true);
  });

  it("lists the shop's domain, a public option and the media sizes", async () => {
    const api = await apiClient(shop);
    const domains = await api.call("settings.domain.filter", { body: {} });
    // The site option Domains (seeded), the list the dev tooling's domain change offers too.
    expect(domains.ok && domains.data.records).toEqual([
      { name: "Alu Krov", url: "https://www.alu-krov.hr" },
      { name: "Alu Krov intro", url: "https://intro.alu-krov.hr" },
    ]);
    expect(await documentedMismatch(shop, "v1.settings.domain.filter", 200, { data: domains.ok && domains.data })).toEqual([]);
    const option = await api.call("settings.general.user", { query: { key: "NumberOfStars" } });
    expect(option.ok && option.data.value).toBe(5);
    expect(await documentedMismatch(shop, "v1.settings.general.user", 200, { data: option.ok && option.data })).toEqual([]);
    const secret = await api.call("settings.general.user", { query: { key: "SmtpPassword" } });
    expect(secret.ok ? null : secret.failure).toMatchObject({ statusCode: 404, message: "Setting not found" });
    const media = await api.call("media.option.filter", { query: { autoResizeOnly: "true" } });
    if (!media.ok) throw new Error(media.failure.message);
    expect(media.data.records.map((r) => r.name)).toContain("thumbnail");
    expect(await documentedMismatch(shop, "v1.media.option.filter", 200, { data: media.data })).toEqual([]);
  });
});
