import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * A delivery method's rate table (decision 0106), JavaScript on and off: the admin adds a
 * row to the truck's Croatian zone (a weight of 0 is refused with its message first), and
 * the shopper's checkout offers the truck at that row's price for a light cart and charges
 * it in the summary. The row is removed again at the end for the other journeys.
 */
const SCREWS = "/product/samobusivi-vijak-4-8-x-70-mm-100-kom"; // 0,6 kg in the seed
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function truckPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await loginAsAdmin(page, "/admin/shipping");
  await ready(page, js);
  await page.getByTestId("methods-table").getByRole("link", { name: "Dostava kamionom" }).click();
  await expect(page).toHaveURL(/\/admin\/shipping\/\d+$/);
  await ready(page, js);
  return page;
}

const croatia = (admin: Page) => admin.locator('[data-testid="zone"][data-zone="Hrvatska"]');

test("a rate row added in the admin prices the truck at checkout", async ({ page, js, browser }, info) => {
  test.setTimeout(150_000);
  const baseURL = info.project.use.baseURL!;
  const admin = await truckPage(browser, js, baseURL);
  // Each project its own limit and price, so the two runs never meet in the shared database.
  const [limit, price] = js ? ["5", "19,00"] : ["6", "21,00"];
  const add = croatia(admin).getByTestId("rate-add");
  await add.getByLabel("Do težine (kg)").fill("0");
  await add.getByLabel("Cijena s PDV-om (€)").fill(price);
  await add.getByRole("button", { name: "Dodaj redak" }).click();
  await expect(croatia(admin).getByTestId("rate-add-error")).toHaveText(/Upišite težinu u kilogramima veću od 0/);
  await croatia(admin).getByTestId("rate-add").getByLabel("Do težine (kg)").fill(limit);
  await croatia(admin).getByTestId("rate-add").getByLabel("Cijena s PDV-om (€)").fill(price);
  await croatia(admin).getByTestId("rate-add").getByRole("button", { name: "Dodaj redak" }).click();
  await toast(admin, "Redak cijene je dodan.");
  await expect(croatia(admin).getByTestId("rate-row").first().getByLabel("Do težine (kg)")).toHaveValue(limit);
  try {
    await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
    await registerCustomer(page, js, `delivery-rates-${info.project.name}`);
    await page.goto(SCREWS);
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
    if (js) {
      // With JavaScript the first method submits itself; the shopper comes back to change it.
      await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true", { timeout: 10_000 });
      await page.getByTestId("step-shipping").getByRole("link", { name: "Izmijeni" }).click();
      await ready(page, js);
    }
    const shipping = page.getByTestId("shipping-form");
    const truck = shipping.getByRole("radio", { name: /Dostava kamionom/ });
    await expect(shipping.getByText(`(${price}\u00a0EUR)`)).toBeVisible();
    await truck.check();
    await shipping.getByRole("button", { name: "Potvrdi način dostave" }).click();
    await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true", { timeout: 10_000 });
    await expect(page.getByTestId("summary-delivery")).toContainText(price);
  } finally {
    await admin.reload();
    await ready(admin, js);
    const row = croatia(admin)
      .getByTestId("rate-row")
      .filter({ has: admin.locator(`input[name="maxWeight"][value="${limit}"]`) });
    await row.getByRole("button", { name: "Ukloni redak" }).click();
    await toast(admin, "Redak cijene je uklonjen.");
    await admin.context().close();
  }
});
