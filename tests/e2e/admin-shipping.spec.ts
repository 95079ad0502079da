import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * Shipping and payments from the backoffice reach checkout (decision 0049), JavaScript
 * on and off: the admin changes the price of delivery to the address and the shopper's
 * checkout offers the new price; the admin switches cash on delivery off and it is gone
 * from the payment step. Both are put back at the end for the other journeys.
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function adminPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await loginAsAdmin(page, "/admin/shipping");
  return page;
}

async function setCourierPrice(admin: Page, js: boolean, price: string) {
  await admin.goto("/admin/shipping");
  await ready(admin, js);
  await admin.getByTestId("methods-table").getByRole("link", { name: "Dostava na adresu" }).click();
  await expect(admin).toHaveURL(/\/admin\/shipping\/\d+$/);
  await ready(admin, js);
  await admin.getByTestId("method-form").getByLabel("Cijena s PDV-om (€)").fill(price);
  await admin.getByTestId("method-form").getByRole("button", { name: "Spremi" }).click();
  await toast(admin, "Promjene su spremljene.");
}

async function switchCashOnDelivery(admin: Page, js: boolean, to: "on" | "off") {
  await admin.goto("/admin/payments");
  await ready(admin, js);
  await admin.getByRole("button", { name: `${to === "off" ? "Isključi" : "Uključi"}: Plaćanje pouzećem` }).click();
  await toast(admin, to === "off" ? "Način plaćanja je isključen." : "Način plaćanja je uključen.");
}

test("a delivery price changed in the admin is offered at checkout; a payment method switched off is gone", async ({
  page,
  js,
  browser,
}, info) => {
  test.setTimeout(150_000);
  const baseURL = info.project.use.baseURL!;
  const admin = await adminPage(browser, js, baseURL);
  const price = js ? "21,50" : "22,50";
  await setCourierPrice(admin, js, price);
  await switchCashOnDelivery(admin, js, "off");
  try {
    await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
    await registerCustomer(page, js, `admin-shipping-${info.project.name}`);
    await page.goto(SANDWICH);
    await ready(page, js);
    await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
    await page.getByTestId("checkout-link").click();
    await expect(page).toHaveURL(/\/naplata$/);
    await ready(page, js);
    const address = page.getByTestId("address-form");
    for (const [name, value] of Object.entries({
      firstName: "Iva",
      lastName: "Ivić",
      contactPhone: "091 234 5678",
      city: "Split",
      street: "Riva",
      houseNumber: "5",
      zipCode: "21000",
    })) {
      await address.locator(`[name="delivery.${name}"]`).fill(value);
    }
    await address.locator('[name="delivery.country"]').selectOption("HR");
    await address.getByRole("button", { name: "Nastavi na dostavu" }).click();
    await expect(page.getByTestId("step-shipping")).toHaveAttribute("data-active", "true");
    await expect(page.getByTestId("shipping-form").getByText(`${price}\u00a0EUR`)).toBeVisible();
    if (!js) await page.getByRole("button", { name: "Potvrdi način dostave" }).click();
    await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true", { timeout: 10_000 });
    await expect(page.getByTestId("summary-delivery")).toContainText(price);
    const payment = page.getByTestId("payment-form");
    await expect(payment.getByRole("radio", { name: /Virmansko plaćanje/ })).toBeVisible();
    await expect(payment.getByRole("radio", { name: /Plaćanje pouzećem/ })).toHaveCount(0);
  } finally {
    await switchCashOnDelivery(admin, js, "on");
    await setCourierPrice(admin, js, "25,00");
    await admin.context().close();
  }
});
