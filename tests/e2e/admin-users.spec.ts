import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * Backoffice users (decision 0043): an admin invites a sales user, the invitee opens the
 * mailed link (read through the admin's outbox screen), sets a password and lands in the
 * backoffice with only the sales menu; the maintenance switch of /admin/settings.
 */
test.describe("backoffice users", () => {
  test("an invited sales user sets a password from the mailed link and sees only the sales menu", async ({ page, browser, js }) => {
    const email = `prodaja-${js ? "js" : "nojs"}-${Date.now()}@alu-krov.hr`;
    await loginAsAdmin(page, "/admin/users");
    await ready(page, js);
    const form = page.getByTestId("invite-form");
    await form.getByLabel("E-mail").fill(email);
    await form.getByLabel("Uloga").selectOption({ label: "Prodaja" });
    await form.getByRole("textbox", { name: /^Ime/ }).fill("Petra");
    await form.getByLabel("Prezime").fill("Novak");
    await form.getByRole("button", { name: "Pošalji poziv" }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(page.getByText(`Poziv za ${email} čeka u redu za slanje: slanje e-pošte nije podešeno.`)).toBeVisible();
    await expect(page.getByTestId("user-status")).toHaveText("Pozvan");

    // The invitation as the outbox shows it.
    await page.goto(`/admin/mail?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: "Poziv u administraciju Alu Krov" }).click();
    const text = await page.getByTestId("mail-text").textContent();
    const link = /https?:\/\/\S+\/adminLogin\/invite\?token=[\w-]+/.exec(text ?? "")?.[0];
    expect(link).toBeTruthy();

    const invitee = await browser.newContext({ javaScriptEnabled: js });
    try {
      const tab = await invitee.newPage();
      await tab.goto(link!);
      await ready(tab, js);
      await tab.getByLabel(/^Nova lozinka/).fill("Prodaja-2026!");
      await tab.getByLabel("Ponovite novu lozinku").fill("Prodaja-2026!");
      await tab.getByRole("button", { name: "Postavi lozinku i prijavi se" }).click();
      await expect(tab).toHaveURL(/\/admin$/);
      const menu = tab.getByRole("navigation", { name: "Izbornik administracije" });
      await expect(menu.getByRole("link", { name: "Narudžbe" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Korisnici administracije" })).toHaveCount(0);
      await expect(menu.getByRole("link", { name: "E-pošta" })).toHaveCount(0);
      await expect(menu.getByRole("link", { name: "Postavke", exact: true })).toHaveCount(0);

      // The link works once.
      await tab.goto(link!);
      await expect(tab.getByTestId("invite-expired")).toContainText("Ova poveznica više ne vrijedi");
    } finally {
      await invitee.close();
    }

    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("user-row")).toHaveCount(1);
    await expect(page.getByTestId("user-row").getByTestId("user-status")).toHaveText("Aktivan");
  });

  test("maintenance: switched on, a shopper sees the maintenance view and the admin the shop; switched off, back", async ({
    page,
    browser,
    js,
  }) => {
    await loginAsAdmin(page, "/admin/settings");
    await ready(page, js);
    const form = page.getByTestId("maintenance-form");
    await form.getByLabel("Trgovina je u održavanju").check();
    await form.getByRole("button", { name: "Spremi" }).click();
    await expect(page.getByTestId("maintenance-state")).toHaveText("Održavanje je uključeno.");

    const shopper = await browser.newContext({ javaScriptEnabled: js });
    try {
      const tab = await shopper.newPage();
      const response = await tab.goto(new URL("/", page.url()).href);
      expect(response?.status()).toBe(503);
      await expect(tab.getByTestId("maintenance-view")).toContainText("Održavanje u toku, biti ćemo s Vama uskoro!");

      await page.goto("/");
      await expect(page.getByTestId("site-header")).toBeVisible();

      await page.goto("/admin/settings");
      await ready(page, js);
      await form.getByLabel("Trgovina je u održavanju").uncheck();
      await form.getByRole("button", { name: "Spremi" }).click();
      await expect(page.getByTestId("maintenance-state")).toHaveText("Održavanje je isključeno.");

      await tab.reload();
      await expect(tab.getByTestId("site-header")).toBeVisible();
      await expect(tab.getByTestId("maintenance-view")).toHaveCount(0);
    } finally {
      await shopper.close();
    }
  });
});
