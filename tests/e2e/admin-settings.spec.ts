import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * /admin/settings (docs/decisions/0050), JavaScript on and off: the
 * company phone saved in the admin shows in the shop's footer, and the cart-addition
 * behaviour chosen there decides where adding to the cart leads.
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";
const saved = (page: Page) => expect(page.getByText("Postavke su spremljene.", { exact: true }).first()).toBeAttached();

async function saveCompanyPhone(page: Page, js: boolean, phone: string) {
  await page.goto("/admin/settings/company");
  await ready(page, js);
  const form = page.getByTestId("company-settings-form");
  await form.getByLabel("Telefon").fill(phone);
  await form.getByRole("button", { name: "Spremi" }).click();
  await saved(page);
  await expect(page.getByTestId("company-settings-form").getByLabel("Telefon")).toHaveValue(phone);
}

async function saveBehaviour(page: Page, js: boolean, label: string) {
  await page.goto("/admin/settings/checkout");
  await ready(page, js);
  const form = page.getByTestId("checkout-settings-form");
  await form.getByLabel("Nakon dodavanja u košaricu").selectOption({ label });
  await form.getByRole("button", { name: "Spremi" }).click();
  await saved(page);
}

async function addSandwich(page: Page, js: boolean) {
  await page.goto(SANDWICH);
  await ready(page, js);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
}

test.describe("shop settings", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("the company phone saved in the settings shows in the shop's header and footer", async ({ page, js }) => {
    const phone = js ? "+385 1 4444 101" : "+385 1 4444 202";
    await loginAsAdmin(page, "/admin/settings/company");
    try {
      await saveCompanyPhone(page, js, phone);
      await page.goto("/");
      await expect(page.getByTestId("site-footer").getByRole("link", { name: phone })).toHaveAttribute(
        "href",
        `tel:${phone.replace(/\s/g, "")}`,
      );
      await expect(page.getByTestId("site-header").getByRole("link", { name: phone })).toHaveAttribute(
        "href",
        `tel:${phone.replace(/\s/g, "")}`,
      );
    } finally {
      await saveCompanyPhone(page, js, "+385 1 6222 333");
    }
  });

  test("the cart-addition behaviour decides where adding to the cart leads", async ({ page, js }) => {
    await loginAsAdmin(page, "/admin/settings/checkout");
    try {
      await saveBehaviour(page, js, "Ostani na stranici");
      await addSandwich(page, js);
      await expect(page.getByText("Proizvod je dodan u košaricu", { exact: true }).first()).toBeAttached();
      await expect(page).toHaveURL(new RegExp(`${SANDWICH}$`));

      await saveBehaviour(page, js, "Prikaži košaricu u prozoru");
      await addSandwich(page, js);
      if (js) await expect(page.getByTestId("cart-modal")).toBeVisible();
      // Without JavaScript the page cannot show the window: the cart page is its fallback.
      else await expect(page).toHaveURL(/\/kosarica$/);
    } finally {
      await saveBehaviour(page, js, "Otvori košaricu");
    }
    await addSandwich(page, js);
    await expect(page).toHaveURL(/\/kosarica$/);
  });
});
