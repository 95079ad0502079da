import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * Two-factor sign-in (decision 0086), with and without JavaScript (projects js, no-js): an
 * invited editor turns it on in their profile from the secret shown as text, gets ten
 * recovery codes, signs out, and signs in again with the password and a code computed here.
 */

/** RFC 6238 (HMAC-SHA1, 30 s, 6 digits) written out here, so the test does not lean on the shop's own code. */
function totpCode(base32: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32.replace(/\s/g, "")) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** An editor invited by the demo admin, signed in from the mailed link in a page of its own. */
async function invitedEditor(page: Page, newPage: () => Promise<Page>, js: boolean) {
  const email = `dvofaktor-${js ? "js" : "nojs"}-${Date.now()}@alu-krov.hr`;
  const password = "Urednik-2026!";
  await loginAsAdmin(page, "/admin/users");
  await ready(page, js);
  const form = page.getByTestId("invite-form");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Uloga").selectOption({ label: "Urednik" });
  await form.getByRole("textbox", { name: /^Ime/ }).fill("Iva");
  await form.getByRole("button", { name: "Pošalji poziv" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/, { timeout: 15_000 });
  await page.goto(`/admin/mail?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Poziv u administraciju Alu Krov" }).click();
  const link = /https?:\/\/\S+\/adminLogin\/invite\?token=[\w-]+/.exec((await page.getByTestId("mail-text").textContent()) ?? "")?.[0];
  expect(link).toBeTruthy();
  const tab = await newPage();
  await tab.goto(link!);
  await ready(tab, js);
  await tab.getByLabel(/^Nova lozinka/).fill(password);
  await tab.getByLabel("Ponovite novu lozinku").fill(password);
  await tab.getByRole("button", { name: "Postavi lozinku i prijavi se" }).click();
  await expect(tab).toHaveURL(/\/admin$/, { timeout: 15_000 });
  return { tab, email, password };
}

test.describe("two-factor sign-in", () => {
  test("an editor turns it on in the profile and signs in with a code", async ({ page, browser, js }) => {
    // Two users, an invitation by mail, the enrolment and a second sign-in: longer than one screen's test.
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled: js });
    try {
      const { tab, email, password } = await invitedEditor(page, () => context.newPage(), js);
      await tab.getByRole("link", { name: "Moj profil" }).click();
      await expect(tab).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
      await ready(tab, js);
      await expect(tab.getByTestId("two-factor-state")).toHaveText("Prijava u dva koraka je isključena.");
      await tab.getByRole("button", { name: "Uključi prijavu u dva koraka" }).click();

      const secretBox = tab.getByTestId("totp-secret");
      await expect(secretBox).toBeVisible({ timeout: 15_000 });
      const secret = (await secretBox.textContent())!.replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await ready(tab, js);
      const confirm = tab.getByTestId("two-factor-confirm");
      await confirm.getByLabel("Kôd iz aplikacije").fill(totpCode(secret));
      await confirm.getByRole("button", { name: "Potvrdi i uključi" }).click();
      await expect(tab.getByTestId("recovery-codes").locator("li")).toHaveCount(10, { timeout: 15_000 });
      await expect(tab.getByTestId("two-factor-state")).toHaveText("Prijava u dva koraka je uključena.");
      await expect(tab.getByTestId("recovery-left")).toHaveText("Preostalo je 10 kodova za oporavak.");
      await expect(tab.getByTestId("totp-secret")).toHaveCount(0);

      await tab.getByRole("button", { name: `Odjava (${email})` }).click();
      // Signed out once the shop's home is shown: a sign-in page loaded before the sign-out's
      // answer clears the session cookie carries a form token of the old session (refused, 403).
      await tab.waitForURL((url) => url.pathname === "/");
      await tab.goto("/adminLogin");
      await ready(tab, js);
      const login = tab.getByTestId("admin-login");
      await login.getByLabel("E-mail").fill(email);
      await login.getByLabel("Lozinka").fill(password);
      await login.getByRole("button", { name: "Prijavi se" }).click();
      await expect(tab).toHaveURL(/\/adminLogin\/two-factor$/, { timeout: 15_000 });
      await ready(tab, js);
      const second = tab.getByTestId("two-factor-code-form");
      // The confirmation spent this step's code: the next step's is within the window and new.
      await second.getByLabel("Kôd").fill(totpCode(secret, Date.now() + 30_000));
      await second.getByRole("button", { name: "Potvrdi" }).click();
      await expect(tab).toHaveURL(/\/admin$/, { timeout: 15_000 });
      await expect(tab.getByTestId("admin-layout")).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
