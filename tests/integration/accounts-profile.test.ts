import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { addresses, consents, mailOutbox, options, users } from "~/.server/db/schema";
import { fieldErrors, isSignedIn, submit, textOf } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Profile (spec §2 Profile, §3 Profile form and Change password, §4 Auth, §5 Profile and
 * Change password, §9 memberCardBarcode cookie): signed in and anonymous.
 */
let shop: Shop;
let db: Database;
let consentIds: string[];
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  consentIds = (await db.select().from(consents)).filter((c) => c.uniqueNumber <= 2).map((c) => String(c.id));
});
afterAll(() => shop.close());

/** A fresh customer, signed in (auto-login after registration is on in the built-in settings). */
async function newCustomer(email: string, password = "Pocetna123") {
  const visitor = new Visitor(shop);
  await submit(
    visitor,
    "/registracija",
    { intent: "register", firstName: "Iva", lastName: "Ivić", email, password, confirmedPassword: password, acceptedConsents: consentIds },
    "/",
  );
  expect(await isSignedIn(visitor)).toBe(true);
  return visitor;
}
const post = (visitor: Visitor, fields: Record<string, string>) => submit(visitor, "/profil", fields, "/profil");
const userRow = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
const profile = { intent: "profile", firstName: "Iva", lastName: "Ivić", memberCardBarcode: "" };

describe("anonymous visitors", () => {
  it("see a login form (back to the profile after login) and a register form on the same page", async () => {
    const { response, html } = await new Visitor(shop).page("/profil");
    expect(response.status).toBe(200);
    const document = new JSDOM(html).window.document;
    expect(document.querySelector('form[data-testid="login-form"] input[name="redirectTo"]')?.getAttribute("value")).toBe("/profil");
    expect(document.querySelector('form[data-testid="register-form"]')?.getAttribute("action")).toBe("/registracija");
    expect(document.querySelector('[data-testid="profile-form"]')).toBeNull();
  });

  it("cannot post to the profile: sent to the login page", async () => {
    const response = await new Visitor(shop).post("/profil", { ...profile, email: "x@example.com" }, { tokenFrom: "/profil" });
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/prijava?redirectTo=%2Fprofil"]);
  });
});

describe("signed-in customers", () => {
  it("see their details, the password form, addresses, order history count 0 and a logout button; the page is private", async () => {
    const visitor = await newCustomer("page@example.com");
    const response = await visitor.get("/profil");
    expect(response.headers.get("Cache-Control")).toContain("private");
    const html = await response.text();
    const document = new JSDOM(html).window.document;
    expect(document.querySelector<HTMLInputElement>('[data-testid="profile-form"] input[name="email"]')?.value).toBe("page@example.com");
    expect(document.querySelector('[data-testid="password-form"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="address-form-new"]')).not.toBeNull();
    expect(textOf(html, '[data-testid="order-count"]')).toBe("Broj narudžbi: 0");
    expect(document.querySelector('form[data-testid="logout-form"]')?.getAttribute("action")).toBe("/actions/logout");
  });

  it("profile form: names the broken rules (spec §5), saves, and refuses another customer's e-mail", async () => {
    const visitor = await newCustomer("details@example.com");
    const bad = await post(visitor, { intent: "profile", firstName: "", lastName: "", email: "nope", memberCardBarcode: "" });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.html, "profile-form")).toEqual({
      "profile-firstName": "Unos ovog polja je obavezan",
      "profile-lastName": "Unos ovog polja je obavezan",
      "profile-email": "Unesite ispravnu e-mail adresu",
    });
    const taken = await post(visitor, { ...profile, email: "kupac@example.com" });
    expect(textOf(taken.html, '[data-testid="profile-error"]')).toBe("Korisnik s ovom e-mail adresom već postoji.");
    const saved = await post(visitor, { ...profile, firstName: "Ivana", email: "Ivana@Example.com" });
    expect(saved).toMatchObject({ location: "/profil", toast: { type: "success", text: "Profil je spremljen." } });
    expect(await userRow("ivana@example.com")).toMatchObject({ firstName: "Ivana" });
  });

  it("a changed e-mail is announced to the old address; with verification on the new one is confirmed before the next sign-in", async () => {
    const lastMailTo = async (to: string) =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
    const verification = (value: boolean) =>
      db
        .update(options)
        .set({ value })
        .where(and(eq(options.siteId, 1), eq(options.key, "RegistrationRequiresEmailVerification")));

    // Verification off: saved at once, the old address hears of it.
    const first = await newCustomer("stara@example.com");
    const moved = await post(first, { ...profile, email: "nova@example.com" });
    expect(moved.toast).toMatchObject({ type: "success", text: "Profil je spremljen." });
    expect(await lastMailTo("stara@example.com")).toMatchObject({
      kind: "emailChanged",
      subject: "Promijenjena je e-mail adresa vašeg računa",
    });
    expect((await lastMailTo("stara@example.com"))!.text).toContain("nova@example.com");
    expect((await userRow("nova@example.com")).emailVerifiedAt).not.toBeNull();

    // Verification on: the new address gets a confirmation link and must use it.
    const second = await newCustomer("druga@example.com");
    await verification(true);
    try {
      const pending = await post(second, { ...profile, email: "druga-nova@example.com" });
      expect(pending.toast).toMatchObject({
        type: "info",
        text: "Poslali smo vam e-mail. Molimo potvrdite svoju e-mail adresu klikom na poveznicu u njemu.",
      });
      expect((await userRow("druga-nova@example.com")).emailVerifiedAt).toBeNull();

      const elsewhere = new Visitor(shop);
      const refused = await submit(
        elsewhere,
        "/prijava",
        { intent: "login", username: "druga-nova@example.com", password: "Pocetna123" },
        "/prijava",
      );
      expect(textOf(refused.html, '[data-testid="login-error"]')).toBe(
        "Poslali smo vam e-mail. Molimo potvrdite svoju e-mail adresu klikom na poveznicu u njemu.",
      );
      // The refusal mailed a fresh link (the earlier one no longer works): open the newest.
      const link = (await lastMailTo("druga-nova@example.com"))!.text.match(/https?:\/\/\S+verificationToken=\S+/)![0];
      await elsewhere.get(new URL(link).pathname + new URL(link).search);
      expect((await userRow("druga-nova@example.com")).emailVerifiedAt).not.toBeNull();
      await submit(elsewhere, "/prijava", { intent: "login", username: "druga-nova@example.com", password: "Pocetna123" }, "/");
      expect(await isSignedIn(elsewhere)).toBe(true);
    } finally {
      await verification(false);
    }
  });

  it("memberCardBarcode: checked, saved, cookie set when changed and deleted when emptied", async () => {
    const visitor = await newCustomer("barcode@example.com");
    const invalid = await post(visitor, { ...profile, email: "barcode@example.com", memberCardBarcode: "?" });
    expect(textOf(invalid.html, "#profile-memberCardBarcode-error")).toBe("Kod članske iskaznice nije valjan!");
    expect(visitor.cookies.has("memberCardBarcode")).toBe(false);

    const set = await visitor.post(
      "/profil",
      { ...profile, email: "barcode@example.com", memberCardBarcode: "3850001234567" },
      { tokenFrom: "/profil" },
    );
    const barcodeCookie = set.headers
      .getSetCookie()
      .find((c) => c.startsWith("memberCardBarcode="))!
      .split("; ");
    expect(barcodeCookie[0]).toBe("memberCardBarcode=3850001234567");
    expect(barcodeCookie).toEqual(expect.arrayContaining(["Path=/", "Max-Age=2592000"]));
    expect((await userRow("barcode@example.com")).memberCardBarcode).toBe("3850001234567");

    // Unchanged: the cookie already says it, no new Set-Cookie.
    const same = await visitor.post(
      "/profil",
      { ...profile, email: "barcode@example.com", memberCardBarcode: "3850001234567" },
      { tokenFrom: "/profil" },
    );
    expect(same.headers.getSetCookie().some((c) => c.startsWith("memberCardBarcode="))).toBe(false);

    const emptied = await visitor.post(
      "/profil",
      { ...profile, email: "barcode@example.com", memberCardBarcode: "" },
      { tokenFrom: "/profil" },
    );
    expect(emptied.headers.getSetCookie().find((c) => c.startsWith("memberCardBarcode="))).toMatch(/Max-Age=0/);
    expect(visitor.cookies.has("memberCardBarcode")).toBe(false);
    expect((await userRow("barcode@example.com")).memberCardBarcode).toBeNull();
  });

  it("change password: spec §5 rules, 'Incorrect old password.' mapped, success clears the form and ends other sessions", async () => {
    const visitor = await newCustomer("password@example.com", "Stara12345");
    const other = new Visitor(shop);
    await submit(other, "/prijava", { intent: "login", username: "password@example.com", password: "Stara12345" }, "/");
    expect(await isSignedIn(other)).toBe(true);

    const same = await post(visitor, {
      intent: "password",
      oldPassword: "Stara12345",
      newPassword: "Stara12345",
      newPasswordAgain: "Stara12345",
    });
    expect(fieldErrors(same.html, "password-form")).toEqual({ "password-newPassword": "Nova lozinka mora se razlikovati od stare" });
    const repeat = await post(visitor, {
      intent: "password",
      oldPassword: "Stara12345",
      newPassword: "Nova123456",
      newPasswordAgain: "Nova1234567",
    });
    expect(fieldErrors(repeat.html, "password-form")).toEqual({ "password-newPasswordAgain": "Lozinke se ne podudaraju" });
    const short = await post(visitor, { intent: "password", oldPassword: "kratka", newPassword: "", newPasswordAgain: "" });
    expect(fieldErrors(short.html, "password-form")).toEqual({
      "password-oldPassword": "Minimalan broj znakova je 8",
      "password-newPassword": "Unos ovog polja je obavezan",
      "password-newPasswordAgain": "Unos ovog polja je obavezan",
    });
    const wrongOld = await post(visitor, {
      intent: "password",
      oldPassword: "Kriva12345",
      newPassword: "Nova123456",
      newPasswordAgain: "Nova123456",
    });
    expect(wrongOld.status).toBe(400);
    expect(fieldErrors(wrongOld.html, "password-form")).toEqual({ "password-oldPassword": "Stara lozinka nije ispravna." });

    const done = await post(visitor, {
      intent: "password",
      oldPassword: "Stara12345",
      newPassword: "Nova123456",
      newPasswordAgain: "Nova123456",
    });
    expect(done).toMatchObject({ location: "/profil", toast: { type: "success", text: "Lozinka je promijenjena." } });
    const inputs = [
      ...new JSDOM(done.html).window.document.querySelectorAll<HTMLInputElement>('[data-testid="password-form"] input[type="password"]'),
    ];
    expect(inputs.map((i) => i.value)).toEqual(["", "", ""]);
    expect(await isSignedIn(visitor)).toBe(true); // this session stays
    expect(await isSignedIn(other)).toBe(false); // the other one ended
  });

  it("addresses: create and update own ones with the same limits; another customer's id is not found", async () => {
    const visitor = await newCustomer("addresses@example.com");
    const fields = {
      intent: "address",
      addressId: "new",
      type: "shipping",
      firstName: "Iva",
      lastName: "Ivić",
      contactEmail: "iva@example.com",
      contactPhone: "091 000 000",
      country: "HR",
      city: "Split",
      street: "Riva",
      houseNumber: "1",
      zipCode: "21000",
      companyName: "",
      companyOIB: "",
    };
    const tooLong = await post(visitor, { ...fields, street: "s".repeat(76), zipCode: "1".repeat(26) });
    expect(fieldErrors(tooLong.html, "address-form-new")).toEqual({
      "address-new-street": "Maksimalan broj znakova je 75",
      "address-new-zipCode": "Maksimalan broj znakova je 25",
    });
    expect((await post(visitor, fields)).toast).toMatchObject({ text: "Adresa je spremljena." });
    const user = await userRow("addresses@example.com");
    const [created] = await db.select().from(addresses).where(eq(addresses.userId, user.id));
    expect(created).toMatchObject({ type: "shipping", city: "Split", street: "Riva" });

    await post(visitor, { ...fields, addressId: String(created.id), type: "main", street: "Obala" });
    const [updated] = await db.select().from(addresses).where(eq(addresses.id, created.id));
    expect(updated).toMatchObject({ type: "main", street: "Obala" });

    const stranger = await newCustomer("stranger@example.com");
    const foreign = await post(stranger, { ...fields, addressId: String(created.id), street: "Tuđa" });
    expect(foreign.status).toBe(404);
    expect((await db.select().from(addresses).where(eq(addresses.id, created.id)))[0].street).toBe("Obala");
  });
});
