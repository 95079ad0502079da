import type { Page } from "@playwright/test";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * Default addresses on the profile (decision 0129): the buttons beside a saved address are
 * plain forms (CSRF token and all), so without JavaScript they post, come back to the profile
 * and show the toast; the default address deleted leaves none.
 */
const toast = (page: Page) => page.getByRole("status").and(page.locator("[data-toast]"));
const saved = (page: Page) => page.locator('[data-testid^="address-buttons-"]');

test.describe("default addresses", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("a customer makes a saved address the default delivery address, then deletes it", async ({ page, js }) => {
    const email = await registerCustomer(page, js, "zadana-adresa");
    for (const city of ["Zagreb", "Split"]) {
      await page.goto("/profil");
      await ready(page, js);
      const form = page.getByTestId("address-form-new");
      for (const [name, value] of Object.entries({
        firstName: "Iva",
        lastName: "Ivić",
        contactEmail: email,
        contactPhone: "091 111 222",
        city,
        street: "Ilica",
        houseNumber: "1",
        zipCode: "10000",
      })) {
        await form.locator(`[name="${name}"]`).fill(value);
      }
      await form.locator('[name="country"]').selectOption("HR");
      await form.getByRole("button", { name: "Spremi adresu" }).click();
      if (!js) await expect(toast(page)).toHaveText("Adresa je spremljena.");
    }
    await expect(saved(page)).toHaveCount(2);
    await expect(page.getByTestId("default-delivery")).toHaveCount(0);

    await saved(page).nth(1).getByRole("button", { name: "Postavi kao zadanu adresu dostave" }).click();
    if (!js) await expect(toast(page)).toHaveText("Adresa je postavljena kao zadana adresa dostave.");
    await expect(saved(page).nth(1).getByTestId("default-delivery")).toHaveText("Zadana adresa dostave");
    await expect(page.getByTestId("default-delivery")).toHaveCount(1);
    await expect(saved(page).nth(0).getByRole("button", { name: "Postavi kao zadanu adresu dostave" })).toBeVisible();

    await saved(page).nth(1).getByRole("button", { name: "Obriši adresu" }).click();
    if (!js) await expect(toast(page)).toHaveText("Adresa je obrisana.");
    await expect(saved(page)).toHaveCount(1);
    await expect(page.getByTestId("default-delivery")).toHaveCount(0);
  });
});
