import { expect, ready, test } from "./fixtures";

test.describe("admin shell", () => {
  test("only a backoffice user gets in; the menu and back-to-site link work", async ({ page, js }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/adminLogin\?redirectTo=%2Fadmin/);
    await ready(page, js);
    const form = page.getByTestId("admin-login");
    await form.getByLabel("E-mail").fill("kupac@example.com");
    await form.getByLabel("Lozinka").fill("Kupac2026!");
    await form.getByRole("button", { name: "Prijavi se" }).click();
    await expect(form.getByRole("alert")).toHaveText("Ovaj korisnik nema pristup administraciji.");

    await form.getByLabel("E-mail").fill("admin@alu-krov.hr");
    await form.getByLabel("Lozinka").fill("AluKrov2026!");
    await form.getByRole("button", { name: "Prijavi se" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    // The flash toast: sonner with JavaScript, a status line without.
    await expect(page.getByText("Uspješno ste se prijavili")).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Izbornik administracije" });
    await expect(menu.getByRole("link", { name: "Privole" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Predlošci" })).toBeVisible();
    // No cache store is configured in the built-in site: the caches entry is hidden.
    await expect(menu.getByRole("link", { name: "Dostupne predmemorije" })).toHaveCount(0);

    await page.getByLabel("Jezik sučelja").selectOption("en");
    await page.getByRole("button", { name: "Primijeni" }).click();
    await expect(page.getByRole("navigation", { name: "Administration menu" }).getByRole("link", { name: "Consents" })).toBeVisible();

    await page.getByTestId("back-to-site").click();
    await expect(page.getByTestId("site-header")).toBeVisible();
  });
});
