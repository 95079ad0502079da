import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * /admin/settings (docs/decisions/0050), JavaScript on and off: the
 * company phone saved in the admin shows in the shop's footer, the cart-addition
 * behaviour chosen there decides where adding to the cart leads, and the maintenance
 * message written there is what shoppers see while the shop is in maintenance.
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

  test("the maintenance message written in the settings is what shoppers see during maintenance", async ({ page, browser, js }) => {
    // Eight round trips as the owner and a shopper make them: more than one test's usual time.
    test.slow();
    const message = js ? "Uređujemo trgovinu (JS), vraćamo se u 14 sati." : "Uređujemo trgovinu, vraćamo se u 14 sati.";
    const writeMessage = async (text: string) => {
      await page.goto("/admin/settings");
      await ready(page, js);
      const form = page.getByTestId("maintenance-message-form");
      await form.getByLabel("Poruka kupcima za vrijeme održavanja (Hrvatski)").fill(text);
      await form.getByRole("button", { name: "Spremi poruku" }).click();
      await saved(page);
      await expect(page.getByTestId("maintenance-message-form").getByLabel("Poruka kupcima za vrijeme održavanja (Hrvatski)")).toHaveValue(
        text,
      );
    };
    const switchMaintenance = async (on: boolean) => {
      await page.goto("/admin/settings");
      await ready(page, js);
      const box = page.getByTestId("maintenance-form").getByLabel("Trgovina je u održavanju");
      if (on) await box.check();
      else await box.uncheck();
      await page.getByTestId("maintenance-form").getByRole("button", { name: "Spremi" }).click();
      await expect(page.getByTestId("maintenance-state")).toHaveText(on ? "Održavanje je uključeno." : "Održavanje je isključeno.");
    };
    await loginAsAdmin(page, "/admin/settings");
    const shopper = await browser.newContext({ javaScriptEnabled: js });
    try {
      await writeMessage(message);
      await switchMaintenance(true);
      const tab = await shopper.newPage();
      const response = await tab.goto(new URL("/", page.url()).href);
      expect(response?.status()).toBe(503);
      await expect(tab.getByTestId("maintenance-message")).toHaveText(message);
    } finally {
      await shopper.close();
      await switchMaintenance(false);
      await writeMessage("");
    }
  });
});
