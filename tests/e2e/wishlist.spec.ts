import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * Wishlist hearts (spec §4 Wishlist), with JavaScript on and off: a visitor's heart is kept
 * until they sign in and then joins the account's wishlist (decision 0129); the customer finds
 * it on the profile and removes it.
 */
const toast = (page: Page) => page.getByRole("status").and(page.locator("[data-toast]"));

test.describe("wishlist", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("a visitor's heart is kept through registration, found on the profile and removed", async ({ page, js }, info) => {
    const firstHeart = () => page.getByTestId("product-card").first().getByTestId("wishlist-toggle");
    await page.goto("/shop");
    await ready(page, js);
    await expect(firstHeart()).toHaveAttribute("aria-pressed", "false");
    await firstHeart().click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(firstHeart()).toHaveAttribute("aria-pressed", "true");
    if (!js) await expect(toast(page)).toContainText("je dodan na listu želja");

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

    // Signed in by the registration: the visitor's heart is the account's now.
    await page.goto("/shop");
    await ready(page, js);
    await expect(firstHeart()).toHaveAttribute("aria-pressed", "true");

    await page.goto("/profil");
    await expect(page.getByTestId("wishlist-total")).toHaveText("Proizvoda na listi: 1");
    await ready(page, js);
    await page.getByTestId("wishlist").getByTestId("wishlist-toggle").click();
    if (!js) await expect(toast(page)).toContainText("je uklonjen s liste želja");
    await expect(page.getByText("Vaša lista želja je prazna.")).toBeVisible();
  });
});
