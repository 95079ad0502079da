import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { accountTokens, mailOutbox, users } from "~/.server/db/schema";
import { fieldErrors, isSignedIn, submit, textOf } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Forgot and reset password (decision 0010): the same answer whether or not the address has
 * an account, a single-use expiring token mailed, the new password ends other sessions.
 */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

async function registerCustomer(email: string, password = "Pocetna123") {
  const { consents } = await import("~/.server/db/schema");
  const ids = (await db.select().from(consents)).filter((c) => c.uniqueNumber <= 2).map((c) => String(c.id));
  const visitor = new Visitor(shop);
  await submit(
    visitor,
    "/registracija",
    { intent: "register", firstName: "Petra", lastName: "Perić", email, password, confirmedPassword: password, acceptedConsents: ids },
    "/",
  );
  return visitor;
}
const forgot = (email: string, path = "/zaboravljena-lozinka") => submit(new Visitor(shop), path, { intent: "forgot", email }, "/");
const mailsTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
const tokenIn = (text: string) => /token=([\w-]+)/.exec(text)![1];
const logIn = (visitor: Visitor, username: string, password: string) =>
  submit(visitor, "/prijava", { intent: "login", username, password }, "/");

describe("forgot password", () => {
  it("answers the same for a known and an unknown address; only the known one gets a mail", async () => {
    await registerCustomer("petra@example.com");
    const known = await forgot("petra@example.com");
    const unknown = await forgot("nobody@example.com");
    for (const answer of [known, unknown]) {
      expect(answer).toMatchObject({
        status: 302,
        location: "/zaboravljena-lozinka",
        toast: { type: "info", text: "Ako za ovu e-mail adresu postoji račun, poslali smo poveznicu za promjenu lozinke." },
      });
    }
    const [mail] = await mailsTo("petra@example.com");
    expect(mail).toMatchObject({ kind: "passwordReset", subject: "Promjena lozinke" });
    expect(mail.text).toContain("http://localhost:3000/zaboravljena-lozinka?token=");
    expect(await mailsTo("nobody@example.com")).toEqual([]);
  });

  it("validates the e-mail", async () => {
    const answer = await forgot("not-an-email");
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.html, "forgot-password-form")).toEqual({ "forgot-email": "Unesite ispravnu e-mail adresu" });
  });
});

describe("reset password by the mailed link", () => {
  it("shows the reset form privately, sets the new password once and ends the user's other sessions", async () => {
    const signedIn = await registerCustomer("reset@example.com", "Stara12345");
    expect(await isSignedIn(signedIn)).toBe(true);
    await forgot("reset@example.com");
    const token = tokenIn((await mailsTo("reset@example.com"))[0].text);

    const page = await new Visitor(shop).get(`/zaboravljena-lozinka?token=${token}`);
    expect(page.headers.get("Cache-Control")).toContain("private");
    expect(await page.text()).toContain('data-testid="reset-password-form"');

    const visitor = new Visitor(shop);
    const resetPath = `/zaboravljena-lozinka?token=${token}`;
    const short = await submit(visitor, resetPath, { intent: "reset", token, newPassword: "kratka", newPasswordAgain: "kratka" }, "/");
    expect(fieldErrors(short.html, "reset-password-form")).toMatchObject({ "reset-newPassword": "Minimalan broj znakova je 8" });
    const mismatch = await submit(
      visitor,
      resetPath,
      { intent: "reset", token, newPassword: "Nova123456", newPasswordAgain: "Nova1234567" },
      "/",
    );
    expect(fieldErrors(mismatch.html, "reset-password-form")).toEqual({ "reset-newPasswordAgain": "Lozinke se ne podudaraju" });

    const done = await submit(
      visitor,
      resetPath,
      { intent: "reset", token, newPassword: "Nova123456", newPasswordAgain: "Nova123456" },
      "/",
    );
    expect(done).toMatchObject({
      location: "/prijava",
      toast: { type: "success", text: "Nova lozinka je postavljena. Sada se možete prijaviti." },
    });
    expect(await isSignedIn(signedIn)).toBe(false); // the session from before the reset is gone
    expect((await logIn(new Visitor(shop), "reset@example.com", "Stara12345")).status).toBe(401);
    expect((await logIn(new Visitor(shop), "reset@example.com", "Nova123456")).status).toBe(302);

    // Single use: the same link again changes nothing.
    const again = await submit(
      new Visitor(shop),
      "/zaboravljena-lozinka",
      { intent: "reset", token, newPassword: "Treca123456", newPasswordAgain: "Treca123456" },
      "/",
    );
    expect(again).toMatchObject({
      location: "/zaboravljena-lozinka",
      toast: { type: "error", text: "Poveznica nije valjana ili je istekla. Zatražite novu." },
    });
    expect((await logIn(new Visitor(shop), "reset@example.com", "Nova123456")).status).toBe(302);
    const used = await new Visitor(shop).page(`/zaboravljena-lozinka?token=${token}`);
    expect(textOf(used.html, '[data-testid="reset-invalid"]')).toContain("Poveznica nije valjana ili je istekla.");
  });

  it("refuses an expired link", async () => {
    await registerCustomer("expired@example.com", "Stara12345");
    await forgot("expired@example.com");
    const token = tokenIn((await mailsTo("expired@example.com"))[0].text);
    const [user] = await db.select().from(users).where(eq(users.email, "expired@example.com"));
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));
    const answer = await submit(
      new Visitor(shop),
      "/zaboravljena-lozinka",
      { intent: "reset", token, newPassword: "Nova123456", newPasswordAgain: "Nova123456" },
      "/",
    );
    expect(answer.toast).toMatchObject({ type: "error" });
    expect((await logIn(new Visitor(shop), "expired@example.com", "Stara12345")).status).toBe(302);
  });
});
