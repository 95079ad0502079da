import type { Browser, TestInfo } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, test } from "./fixtures";

/** Switches the request-quote cart (a shop setting) through the checkout section of /admin/settings. */
export async function setQuoteCart(browser: Browser, info: TestInfo, on: boolean) {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  await loginAsAdmin(page, "/admin/settings/checkout");
  const box = page.getByRole("checkbox", { name: "Košarica kao upit za ponudu (bez cijena i naplate)" });
  if (on) await box.check();
  else await box.uncheck();
  await page.getByTestId("checkout-settings-form").getByRole("button", { name: "Spremi" }).click();
  await expect(page.getByText(/^(Postavke su spremljene\.|Ništa nije promijenjeno\.)$/).first()).toBeAttached();
  await context.close();
}

/**
 * For a file whose tests need the request-quote cart: switched on before its tests and off
 * after them (so the other files keep the normal cart), with the cookie notice answered.
 */
export function withQuoteCart() {
  test.beforeAll(async ({ browser }, info) => setQuoteCart(browser, info, true));
  test.afterAll(async ({ browser }, info) => setQuoteCart(browser, info, false));
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });
}
