import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { accountTokens, addresses, consentLogs, consents, countries, mailOutbox, options, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { fieldErrors, isSignedIn, submit, textOf } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Registration (spec §4 Auth Registration, §5 Register and Register with addresses,
 * consents; §8 'User already exist.') and e-mail verification (/login?verificationToken).
 */
let shop: Shop;
let db: Database;
const id: Record<number, number> = {};
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  for (const row of await db.select().from(consents)) id[row.uniqueNumber] = row.id;
});
afterAll(() => shop.close());

async function setOption(key: string, value: boolean) {
  await db
    .update(options)
    .set({ value })
    .where(and(eq(options.siteId, 1), eq(options.key, key)));
}
beforeEach(async () => {
  await setOption("RegistrationRequiresEmailVerification", false);
  await setOption("AutoLoginAfterRegistration", true);
});

/** The register form's required consents are 1 and 2 (3 is optional). */
const simple = (email: string) => ({
  intent: "register",
  firstName: "Marko",
  lastName: "Marić",
  email,
  password: "Lozinka123",
  confirmedPassword: "Lozinka123",
  acceptedConsents: [String(id[1]), String(id[2])],
});
const address = (prefix: string, overrides: Record<string, string> = {}) => {
  const fields: Record<string, string> = {
    firstName: "Marko",
    lastName: "Marić",
    contactEmail: "marko@example.com",
    contactPhone: "+385 91 123 4567",
    country: "HR",
    city: "Zagreb",
    street: "Ilica",
    houseNumber: "12a",
    zipCode: "10000",
    companyName: "",
    companyOIB: "",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, v]));
};
const register = (visitor: Visitor, fields: Record<string, string | string[]>, path = "/registracija") =>
  submit(visitor, path, fields, "/");
const userRow = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

describe("the register page", () => {
  it("shows the simple form, the address sections and the registerForm consents, required ones required", async () => {
    const { html } = await new Visitor(shop).page("/registracija");
    const form = new JSDOM(html).window.document.querySelector<HTMLFormElement>('form[data-testid="register-form"]')!;
    expect(form.getAttribute("action")).toBe("/registracija");
    const input = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    expect([input("email").type, input("email").required, input("password").minLength, input("confirmedPassword").required]).toEqual([
      "email",
      true,
      8,
      true,
    ]);
    expect([input("delivery.street").maxLength, input("delivery.houseNumber").maxLength, input("delivery.zipCode").maxLength]).toEqual([
      75, 15, 25,
    ]);
    const countryCodes = [...form.querySelectorAll<HTMLOptionElement>('select[name="delivery.country"] option')].map((o) => o.value);
    expect(countryCodes).toContain("HR");
    expect(countryCodes).not.toContain("US"); // only the store's allowed countries
    const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="acceptedConsents"]')].map((b) => [b.value, b.required]);
    expect(boxes).toEqual([
      [String(id[1]), true],
      [String(id[2]), true],
      [String(id[3]), false],
    ]);
  });
});

describe("register (simple), spec §5", () => {
  it("creates the customer with an argon2id hash (m=19456, t=2, p=1), logs the consents and signs in (auto-login on)", async () => {
    const visitor = new Visitor(shop);
    const result = await register(visitor, {
      ...simple("  Marko@Example.com "),
      acceptedConsents: [String(id[1]), String(id[2]), String(id[3])],
    });
    expect(result).toMatchObject({ status: 302, location: "/", toast: { type: "success", text: "Uspješno ste se registrirali" } });
    const user = await userRow("marko@example.com");
    expect(user).toMatchObject({ firstName: "Marko", lastName: "Marić", isGuest: false, isBackofficeUser: false });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const [log] = await db.select().from(consentLogs).where(eq(consentLogs.email, "marko@example.com"));
    expect(log).toMatchObject({ sourceType: "registerForm", userType: "registered", consents: [id[1], id[2], id[3]] });
    expect(await isSignedIn(visitor)).toBe(true);
  });

  it("names every broken rule with its message key and creates nothing", async () => {
    const empty = await register(new Visitor(shop), { intent: "register", acceptedConsents: [String(id[1]), String(id[2])] });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty.html, "register-form")).toEqual({
      "register-firstName": "Unos ovog polja je obavezan",
      "register-lastName": "Unos ovog polja je obavezan",
      "register-email": "Unos ovog polja je obavezan",
      "register-password": "Unos ovog polja je obavezan",
      "register-confirmedPassword": "Unos ovog polja je obavezan",
    });
    const bad = await register(new Visitor(shop), { ...simple("not-an-email"), password: "kratka", confirmedPassword: "kratka" });
    expect(fieldErrors(bad.html, "register-form")).toEqual({
      "register-email": "Unesite ispravnu e-mail adresu",
      "register-password": "Minimalan broj znakova je 8",
    });
    const mismatch = await register(new Visitor(shop), { ...simple("mismatch@example.com"), confirmedPassword: "Lozinka124" });
    expect(fieldErrors(mismatch.html, "register-form")).toEqual({ "register-confirmedPassword": "Lozinke se ne podudaraju" });
    expect(mismatch.html).toContain('value="mismatch@example.com"');
    expect(mismatch.html).not.toContain('value="Lozinka123"');
    expect(await userRow("mismatch@example.com")).toBeUndefined();
  });

  it("refuses without every required consent: core.notifications.consentRequired, nothing stored", async () => {
    const result = await register(new Visitor(shop), { ...simple("noconsent@example.com"), acceptedConsents: [String(id[1])] });
    expect(result.status).toBe(400);
    expect(textOf(result.html, "#register-consents-error")).toBe("Molimo prihvatite sve obavezne privole");
    expect(await userRow("noconsent@example.com")).toBeUndefined();
  });

  it("maps 'User already exist.' to core.notifications.userExists and leaves the account alone", async () => {
    const before = await userRow(DEMO_CUSTOMER.email);
    const result = await register(new Visitor(shop), simple(DEMO_CUSTOMER.email.toUpperCase()));
    expect(result.status).toBe(409);
    expect(textOf(result.html, '[data-testid="register-error"]')).toBe("Korisnik s ovom e-mail adresom već postoji.");
    expect(await userRow(DEMO_CUSTOMER.email)).toEqual(before);
  });

  it("checks a member card barcode first when one is given", async () => {
    const result = await register(new Visitor(shop), { ...simple("card@example.com"), memberCardBarcode: "x" });
    expect(textOf(result.html, "#register-memberCardBarcode-error")).toBe("Kod članske iskaznice nije valjan!");
    expect(await userRow("card@example.com")).toBeUndefined();
    await register(new Visitor(shop), { ...simple("card@example.com"), memberCardBarcode: "3850001234567" });
    expect((await userRow("card@example.com")).memberCardBarcode).toBe("3850001234567");
  });

  it("sends the customer to the login page when auto-login is off", async () => {
    await setOption("AutoLoginAfterRegistration", false);
    const visitor = new Visitor(shop);
    const result = await register(visitor, simple("manual@example.com"));
    expect(result).toMatchObject({ location: "/prijava", toast: { type: "success", text: "Uspješno ste se registrirali" } });
    expect(visitor.cookies.has("__session")).toBe(false);
  });

  it("works in English under /en/register", async () => {
    const result = await register(new Visitor(shop), simple("english@example.com"), "/en/register");
    expect(result).toMatchObject({ location: "/en", toast: { text: "You have registered successfully" } });
  });
});

describe("register with addresses, spec §5", () => {
  const hr = async () => (await db.select({ id: countries.id }).from(countries).where(eq(countries.iso, "HR")))[0].id;
  const addressesOf = async (email: string) =>
    db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, (await userRow(email)).id))
      .orderBy(addresses.id);

  it("stores the delivery address and, without a different billing address, a copy of it with type main", async () => {
    await register(new Visitor(shop), { ...simple("withaddress@example.com"), withAddresses: "on", ...address("delivery") });
    const rows = await addressesOf("withaddress@example.com");
    expect(rows.map((r) => [r.type, r.street, r.houseNumber, r.countryId])).toEqual([
      ["shipping", "Ilica", "12a", await hr()],
      ["main", "Ilica", "12a", await hr()],
    ]);
  });

  it("stores a different billing address with its company OIB", async () => {
    await register(new Visitor(shop), {
      ...simple("billing@example.com"),
      withAddresses: "on",
      differentBilling: "on",
      ...address("delivery"),
      ...address("billing", { street: "Savska", companyName: "Krovovi d.o.o.", companyOIB: "94577403194", country: "SI" }),
    });
    const rows = await addressesOf("billing@example.com");
    expect(rows.map((r) => [r.type, r.street, r.companyName, r.companyOib])).toEqual([
      ["shipping", "Ilica", "", ""],
      ["billing", "Savska", "Krovovi d.o.o.", "94577403194"],
    ]);
  });

  it("refuses the limits, missing required fields, a wrong OIB and a country that is not allowed, per field", async () => {
    const result = await register(new Visitor(shop), {
      ...simple("badaddress@example.com"),
      withAddresses: "on",
      differentBilling: "on",
      ...address("delivery", {
        street: "a".repeat(76),
        city: "b".repeat(76),
        houseNumber: "1".repeat(16),
        zipCode: "2".repeat(26),
        contactPhone: "",
      }),
      ...address("billing", { firstName: "", contactEmail: "nope", companyOIB: "94577403195" }),
    });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.html, "register-form")).toEqual({
      "register-delivery.contactPhone": "Unos ovog polja je obavezan",
      "register-delivery.city": "Maksimalan broj znakova je 75",
      "register-delivery.street": "Maksimalan broj znakova je 75",
      "register-delivery.houseNumber": "Maksimalan broj znakova je 15",
      "register-delivery.zipCode": "Maksimalan broj znakova je 25",
      "register-billing.firstName": "Unos ovog polja je obavezan",
      "register-billing.contactEmail": "Unesite ispravnu e-mail adresu",
      "register-billing.companyOIB": "OIB nije ispravan",
    });
    const country = await register(new Visitor(shop), {
      ...simple("badcountry@example.com"),
      withAddresses: "on",
      ...address("delivery", { country: "US" }),
    });
    expect(textOf(country.html, '[id="register-delivery.country-error"]')).toBe("Odaberite jednu od ponuđenih država");
    expect(await userRow("badaddress@example.com")).toBeUndefined();
    expect(await userRow("badcountry@example.com")).toBeUndefined();
  });

  it("ignores the address fields when 'with address' is not ticked", async () => {
    await register(new Visitor(shop), { ...simple("noaddress@example.com"), ...address("delivery", { street: "a".repeat(80) }) });
    expect(await addressesOf("noaddress@example.com")).toEqual([]);
  });
});

describe("e-mail verification on", () => {
  const tokenMailed = async (email: string) => {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.kind).toBe("accountVerification");
    return /verificationToken=([\w-]+)/.exec(mail.text)![1];
  };

  it("mails a link, asks to confirm with an info toast and signs nobody in; the link confirms once", async () => {
    await setOption("RegistrationRequiresEmailVerification", true);
    const visitor = new Visitor(shop);
    const result = await register(visitor, simple("verify@example.com"));
    expect(result).toMatchObject({
      location: "/registracija",
      toast: { type: "info", text: "Poslali smo vam e-mail. Molimo potvrdite svoju e-mail adresu klikom na poveznicu u njemu." },
    });
    expect(await isSignedIn(visitor)).toBe(false);
    expect((await userRow("verify@example.com")).emailVerifiedAt).toBeNull();
    const token = await tokenMailed("verify@example.com");
    expect(token).toHaveLength(43);
    expect(JSON.stringify(await db.select().from(accountTokens))).not.toContain(token); // only its hash is stored

    // Not confirmed: login refused with the same info, and a fresh link is mailed.
    const early = await submit(visitor, "/prijava", { intent: "login", username: "verify@example.com", password: "Lozinka123" }, "/");
    expect(early.status).toBe(403);
    expect(textOf(early.html, '[data-testid="login-error"]')).toContain("Molimo potvrdite svoju e-mail adresu");
    const fresh = await tokenMailed("verify@example.com");
    expect(fresh).not.toBe(token);

    // The older link stopped working when the newer one was mailed.
    const old = await visitor.get(`/prijava?verificationToken=${token}`);
    expect(old.headers.get("Location")).toBe("/prijava");
    expect(textOf(await (await visitor.get("/prijava")).text(), '[data-toast="error"]')).toBe(
      "Poveznica nije valjana ili je istekla. Zatražite novu.",
    );

    const confirm = await visitor.get(`/login?verificationToken=${fresh}`);
    expect(confirm.headers.get("Location")).toBe("/prijava");
    expect(textOf(await (await visitor.get("/prijava")).text(), '[data-toast="success"]')).toBe(
      "Vaša e-mail adresa je potvrđena. Sada se možete prijaviti.",
    );
    expect((await userRow("verify@example.com")).emailVerifiedAt).toBeInstanceOf(Date);
    // Single use.
    await visitor.get(`/prijava?verificationToken=${fresh}`);
    expect(textOf(await (await visitor.get("/prijava")).text(), '[data-toast="error"]')).toBe(
      "Poveznica nije valjana ili je istekla. Zatražite novu.",
    );
    const login = await submit(visitor, "/prijava", { intent: "login", username: "verify@example.com", password: "Lozinka123" }, "/");
    expect(login.status).toBe(302);
  });

  it("refuses an expired or malformed token with a clear message, never a 500", async () => {
    await setOption("RegistrationRequiresEmailVerification", true);
    await register(new Visitor(shop), simple("expired@example.com"));
    const token = await tokenMailed("expired@example.com");
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, (await userRow("expired@example.com")).id));
    for (const value of [token, "garbage", "", "a".repeat(5000)]) {
      const visitor = new Visitor(shop);
      const response = await visitor.get(`/prijava?verificationToken=${encodeURIComponent(value)}`);
      expect(response.status).toBe(302);
      expect(textOf(await (await visitor.get("/prijava")).text(), '[data-toast="error"]')).toBe(
        "Poveznica nije valjana ili je istekla. Zatražite novu.",
      );
    }
    expect((await userRow("expired@example.com")).emailVerifiedAt).toBeNull();
  });

  it("accounts made while verification was off are not locked out when it is turned on", async () => {
    await setOption("RegistrationRequiresEmailVerification", true);
    const login = await submit(
      new Visitor(shop),
      "/prijava",
      { intent: "login", username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
      "/",
    );
    expect(login.status).toBe(302);
  });
});
