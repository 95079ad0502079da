// Both databases: values beyond a column's range or NUL bytes are refused by each database differently.
import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, newsletterSubscribers, wishlistEntries } from "~/.server/db/schema";
import { fieldErrors, submit } from "../setup/account-helpers";
import { signInAsCustomer } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Decisions 0034 and 0035 (DESIGN.md "Trust boundaries"): NUL and other invalid characters,
 * numbers beyond their column, over-long values are a translated 400 next to the field,
 * never a 500; the honeypot refuses a post that leaves its fields out; its markup is valid.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

describe("invalid characters and lengths (decision 0035)", () => {
  it("refuses a NUL in the sign-in e-mail with 400 and the translated message at the field", async () => {
    const answer = await submit(new Visitor(shop), "/prijava", {
      intent: "login",
      username: "ana\u0000@example.com",
      password: "Lozinka2026!",
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.html, "login-form")).toMatchObject({ "login-username": "Unos sadrži nedopuštene znakove" });
    // The refused value is not sent back into the page.
    expect(answer.html).not.toContain("ana\u0000@example.com");
  });

  it.each([
    ["an escape character", "Ana\u001b[31m"],
    ["U+FFFF", "Ana\uFFFF"],
    ["a line break in a one-line field", "Ana\nHorvat"],
  ])("refuses %s in a name on the register form, in English too", async (_name, value) => {
    const answer = await submit(new Visitor(shop), "/en/register", {
      intent: "register",
      firstName: value,
      lastName: "Horvat",
      email: "ana.bounds@example.com",
      password: "Lozinka2026!",
      confirmedPassword: "Lozinka2026!",
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.html, "register-form")).toMatchObject({
      "register-firstName": "The entry contains characters that are not allowed",
    });
  });

  it("screens fields no schema names: a NUL in redirectTo is refused at that field, nothing stored", async () => {
    const email = "bounds.newsletter@example.com";
    const response = await new Visitor(shop).post("/actions/newsletter", { email, redirectTo: "/\u0000", via: "fetcher" });
    expect(response.status).toBe(400);
    const db = await shop.db();
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([]);
  });

  it("refuses an over-long value with the length message, and a text of 25 000 characters in any field", async () => {
    const answer = await submit(new Visitor(shop), "/prijava", {
      intent: "login",
      username: `${"a".repeat(300)}@example.com`,
      password: "Lozinka2026!",
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.html, "login-form")["login-username"]).toMatch(/^Maksimalan broj znakova je \d+$/);
    const huge = await new Visitor(shop).post("/prijava", {
      username: "ana@example.com",
      password: "Lozinka2026!",
      note: "x".repeat(25_000),
    });
    expect(huge.status).toBe(400);
  });

  it("refuses a product id beyond PostgreSQL integer with 400, not a database error", async () => {
    const visitor = await signInAsCustomer(shop, new Visitor(shop));
    const before = await (await shop.db()).select().from(wishlistEntries);
    for (const productId of ["2147483648", "99999999999999999999", "1e400", "-1"]) {
      const response = await visitor.post("/actions/wishlist", { productId, redirectTo: "/" });
      expect(response.status, productId).toBe(400);
    }
    expect(await (await shop.db()).select().from(wishlistEntries)).toEqual(before);
  });

  it("refuses a post whose list index would build a huge list, and one with too many fields", async () => {
    // Refused from its name before conform builds the list (decision 0082), with the cart's
    // translated refusal toast; the cart stays empty.
    const linesBefore = await (await shop.db()).select().from(cartItems);
    const huge = await submit(new Visitor(shop), "/kosarica", { intent: "add", productId: "1", "acceptedConsents[99999999]": "1" }, "/");
    expect(huge.toast).toEqual({
      type: "error",
      text: "Obrazac je poslao polje koje ne poznaje. Osvježite stranicu i pokušajte ponovno. Ništa nije spremljeno.",
    });
    expect(await (await shop.db()).select().from(cartItems)).toEqual(linesBefore);
    const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`f${i}`, "x"]));
    expect((await new Visitor(shop).post("/kosarica", { intent: "clear", ...many })).status).toBe(400);
  });
});

describe("the honeypot (decision 0034)", () => {
  it("refuses a post that leaves its fields out with the translated 400 page, and a filled one", async () => {
    const visitor = new Visitor(shop);
    const missing = await visitor.post(
      "/prijava",
      { username: "ana@example.com", password: "Lozinka2026!" },
      { tokenFrom: "/prijava", honeypot: false },
    );
    expect(missing.status).toBe(400);
    const filled = await visitor.post(
      "/prijava",
      { username: "ana@example.com", password: "Lozinka2026!", website: "http://spam.example" },
      { tokenFrom: "/prijava" },
    );
    expect(filled.status).toBe(400);
    // The same form with the honeypot as rendered reaches the action: the wrong password is the form's answer.
    const real = await submit(visitor, "/prijava", { intent: "login", username: "ana@example.com", password: "Lozinka2026!" });
    expect(real.status).toBe(401);
    expect(real.html).toContain("Nepoznato korisničko ime ili lozinka!");
    // Only the time field left out is refused as well.
    const tokens = await visitor.formTokens("/prijava");
    const noTime = await visitor.request("/prijava", {
      method: "POST",
      body: new URLSearchParams({ csrf: tokens.csrf, website: "", username: "ana@example.com", password: "Lozinka2026!" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: visitor.origin },
    });
    expect(noTime.status).toBe(400);
  });

  it("renders the 400 page with its translated message", async () => {
    const visitor = new Visitor(shop);
    const missing = await visitor.post(
      "/en/login",
      { username: "ana@example.com", password: "Lozinka2026!" },
      { tokenFrom: "/en/login", honeypot: false },
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("The form could not be sent. Reload the page and try again.");
  });

  it("has valid markup on a page with several forms: no id twice, the label tied to its field, a valid autocomplete", async () => {
    const { html } = await new Visitor(shop).page("/");
    const document = new JSDOM(html).window.document;
    const forms = [...document.querySelectorAll("form")].filter((f) => f.querySelector('input[name="website"]'));
    expect(forms.length).toBeGreaterThan(1);
    const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const form of forms) {
      const trap = form.querySelector<HTMLInputElement>('input[name="website"]')!;
      expect(trap.value).toBe("");
      expect(trap.getAttribute("autocomplete")).toBe("off");
      expect(document.querySelector(`label[for="${trap.id}"]`)?.textContent).toBe("Ostavite ovo polje praznim");
      expect(form.querySelector<HTMLInputElement>('input[name="from__confirm"]')!.type).toBe("hidden");
    }
  });
});
