import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * Wishlist hearts (spec §4 Wishlist), with JavaScript on and off: a visitor is asked to
 * log in; a customer toggles a product on the shop page and finds it on the profile.
 */
const toast = (page: Page) => page.getByRole("status").and(page.locator("[data-toast]"));

test.describe("wishlist", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("a visitor is sent to the login page, a customer keeps and removes a product", async ({ page, js }, info) => {
    await page.goto("/shop");
    await ready(page, js);
    await page.getByTestId("product-card").first().getByTestId("wishlist-toggle").click();
    await expect(page).toHaveURL(/\/prijava\?redirectTo=%2Fshop$/);

    // Register a fresh customer of this project (auto-login is on), then come back.
    const email = `zelje-${info.project.name}@example.com`;
    await page.goto("/registracija");
    await ready(page, js);
    const form = page.getByTestId("register-form");
    for (const [name, value] of Object.entries({
      firstName: "Lea",
      lastName: "Lić",
      email,
      password: "Lozinka123",
      confirmedPassword: "Lozinka123",
    })) {
      await form.locator(`[name="${name}"]`).fill(value);
    }
    for (const box of await form.locator('input[name="acceptedConsents"]').all()) await box.check();
    await form.getByRole("button", { name: "Registracija" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/shop");
    await ready(page, js);
    const heart = page.getByTestId("product-card").first().getByTestId("wishlist-toggle");
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(page.getByTestId("product-card").first().getByTestId("wishlist-toggle")).toHaveAttribute("aria-pressed", "true");
    if (!js) await expect(toast(page)).toContainText("je dodan na listu želja");

    await page.goto("/profil");
    await expect(page.getByTestId("wishlist-total")).toHaveText("Proizvoda na listi: 1");
    await ready(page, js);
    await page.getByTestId("wishlist").getByTestId("wishlist-toggle").click();
    if (!js) await expect(toast(page)).toContainText("je uklonjen s liste želja");
    await expect(page.getByText("Vaša lista želja je prazna.")).toBeVisible();
  });
});
