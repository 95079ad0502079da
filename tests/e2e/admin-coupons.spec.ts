import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * A coupon made in the admin works in the cart (decision 0049), JavaScript on and off: the
 * admin makes a 15 % coupon from 50 € (the code typed in lower case is saved in capitals);
 * a shopper with 34,90 € in the cart is told the minimum, with 69,80 € gets 10,47 € off.
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir"; // 34,90 EUR
const CART = "/kosarica";
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function adminPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

async function addSandwich(page: Page, js: boolean) {
  await page.goto(SANDWICH);
  await ready(page, js);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  await expect(page).toHaveURL(new RegExp(`${CART}$`));
  await ready(page, js);
}

async function applyCoupon(page: Page, code: string) {
  const form = page.getByTestId("coupon-form");
  await form.getByLabel("Kupon").fill(code);
  await form.getByRole("button", { name: "Primijeni kupon" }).click();
}

test("a coupon made in the admin works in the cart from its minimum value", async ({ page, js, browser }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const code = `jesen15-${info.project.name}`.replace(/[^a-z0-9-]/gi, "-").slice(0, 32);
  const admin = await adminPage(browser, js, baseURL);
  await admin.goto("/admin/coupons");
  await ready(admin, js);
  await admin.getByRole("link", { name: "Novi kupon" }).click();
  await expect(admin).toHaveURL(/\/admin\/coupons\/new$/);
  await ready(admin, js);
  const form = admin.getByTestId("coupon-form");
  await form.getByLabel("Kod kupona").fill(code);
  await form.getByLabel("Vrsta popusta").selectOption("percent");
  await form.getByLabel("Postotak (%)").fill("15");
  await form.getByLabel("Najmanja vrijednost košarice (€)").fill("50");
  await form.getByRole("button", { name: "Spremi kupon" }).click();
  await expect(admin).toHaveURL(/\/admin\/coupons\/\d+$/);
  await toast(admin, "Kupon je spremljen.");
  await expect(admin.getByRole("heading", { name: code.toUpperCase() })).toBeVisible();
  await expect(admin.getByTestId("coupon-used")).toContainText("Iskorišteno 0 od neograničeno");
  await admin.context().close();

  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  await addSandwich(page, js);
  await applyCoupon(page, code);
  await toast(page, "Kupon vrijedi za košarice od 50,00\u00a0EUR");
  await expect(page.getByTestId("summary-orderTotal")).toContainText("34,90");

  await addSandwich(page, js);
  await applyCoupon(page, code);
  await toast(page, "Kupon je primijenjen");
  await expect(page.getByTestId("summary-coupon")).toContainText("10,47");
  await expect(page.getByTestId("summary-orderTotal")).toContainText("59,33");
});
