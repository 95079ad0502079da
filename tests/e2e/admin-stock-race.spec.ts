import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * A sale during an edit (decision 0092), JavaScript on and off: an editor opens a product
 * with 8 in stock; a shopper buys one in the shop; the editor, still on the form opened at
 * 8, types 3 and saves. The save is refused with the translated message naming the current
 * stock (7) and the typed one, nothing of the form is written, and the form keeps what was
 * typed; saved again (the stock now seen), the typed stock is written. Both projects share
 * one database: the product is the project's own.
 */
async function adminPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

/** A visible product with `stock` tracked, made in the admin; the editor is left open on it. */
async function createProduct(admin: Page, js: boolean, name: string, sku: string, stock: number) {
  await admin.goto("/admin/products/new");
  await ready(admin, js);
  const form = admin.getByTestId("new-product-form");
  await form.getByLabel("Naziv").fill(name);
  await form.getByLabel("Šifra (SKU)").fill(sku);
  await form.getByRole("button", { name: "Stvori proizvod" }).click();
  await expect(admin).toHaveURL(/\/admin\/products\/\d+$/);
  await ready(admin, js);
  const main = admin.getByTestId("product-form");
  await main.getByLabel("Redovna cijena (€)").fill("12,50");
  // A visible product needs a price above 0,00 (the editor refuses it otherwise).
  await main.getByLabel("Prodajna cijena (€)").fill("9,00");
  await main.getByLabel("Prati zalihu").check();
  await main.locator('[name="stock"]').fill(String(stock));
  await main.getByLabel("Vidljiv u trgovini").check();
  await main.getByRole("button", { name: "Spremi proizvod" }).click();
  await expect(admin.getByTestId("product-state")).toHaveText("Vidljiv u trgovini");
  await expect(main.locator('[name="stock"]')).toHaveValue(String(stock));
  await ready(admin, js);
}

/** A new customer buys one of the product at `path` (courier, cash on delivery), as the checkout test does. */
async function buyOne(shopper: Page, js: boolean, path: string, project: string) {
  await registerCustomer(shopper, js, `stock-race-${project}`);
  await shopper.goto(path);
  await ready(shopper, js);
  await shopper.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  await shopper.getByTestId("checkout-link").click();
  await expect(shopper).toHaveURL(/\/naplata$/);
  await ready(shopper, js);
  const address = shopper.getByTestId("address-form");
  for (const [field, value] of Object.entries({
    firstName: "Iva",
    lastName: "Ivić",
    contactPhone: "091 234 5678",
    city: "Split",
    street: "Riva",
    houseNumber: "5",
    zipCode: "21000",
  })) {
    await address.locator(`[name="delivery.${field}"]`).fill(value);
  }
  await address.locator('[name="delivery.country"]').selectOption("HR");
  await address.getByRole("button", { name: "Nastavi na dostavu" }).click();
  await expect(shopper.getByTestId("step-shipping")).toHaveAttribute("data-active", "true");
  // With JavaScript the preselected method submits itself; without it, it is confirmed.
  if (!js) await shopper.getByRole("button", { name: "Potvrdi način dostave" }).click();
  await expect(shopper.getByTestId("step-payment")).toHaveAttribute("data-active", "true", { timeout: 10_000 });
  await ready(shopper, js);
  const payment = shopper.getByTestId("payment-form");
  for (const box of await payment.locator('input[name="acceptedConsents"]').all()) await box.check();
  await payment.getByRole("button", { name: "Naruči i plati" }).click();
  await expect(shopper).toHaveURL(/\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/);
}

test("an editor's stock save after a sale is refused with the translated message, and nothing is overwritten", async ({
  browser,
  js,
}, info) => {
  test.setTimeout(180_000);
  const baseURL = info.project.use.baseURL!;
  const run = `${info.project.name === "js" ? "JS" : "NOJS"}-${Date.now()}`;
  const name = `Panel zalihe ${run}`;
  const sku = `ZALIHA-${run}`;

  const admin = await adminPage(browser, js, baseURL);
  await createProduct(admin, js, name, sku, 8);
  const editorUrl = admin.url();
  const shopPath = new URL((await admin.getByTestId("product-preview").getByRole("link").first().getAttribute("href"))!, baseURL).pathname;

  // A shopper buys one while the editor's form still shows 8.
  const shopperContext = await browser.newContext({ baseURL, javaScriptEnabled: js });
  await shopperContext.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  await buyOne(await shopperContext.newPage(), js, shopPath, info.project.name);

  // The editor types 3 and a new price: refused, with the current stock and the typed one.
  const main = admin.getByTestId("product-form");
  await main.locator('[name="stock"]').fill("3");
  await main.getByLabel("Redovna cijena (€)").fill("9,90");
  await main.getByRole("button", { name: "Spremi proizvod" }).click();
  await expect(
    admin.getByText(
      "Zaliha se promijenila otkad je obrazac otvoren (npr. prodajom): sada je 7. Upisana zaliha 3 nije spremljena, ni ništa drugo iz obrasca. Ako je i dalje točna, spremite ponovno.",
    ),
  ).toBeVisible();
  // The form keeps what was typed.
  await expect(main.locator('[name="stock"]')).toHaveValue("3");

  // Nothing was written: a fresh editor shows the sale counted and the old price.
  const check = await adminPage(browser, js, baseURL);
  await check.goto(editorUrl);
  await expect(check.getByTestId("product-form").locator('[name="stock"]')).toHaveValue("7");
  await expect(check.getByTestId("product-form").getByLabel("Redovna cijena (€)")).toHaveValue("12,50");

  // Saved again from the refused form (the stock now seen): the typed stock is written.
  await ready(admin, js);
  await admin.getByTestId("product-form").getByRole("button", { name: "Spremi proizvod" }).click();
  await expect(admin.getByText(/Zaliha se promijenila otkad je obrazac otvoren/)).toHaveCount(0);
  await check.reload();
  await expect(check.getByTestId("product-form").locator('[name="stock"]')).toHaveValue("3");
  await expect(check.getByTestId("product-form").getByLabel("Redovna cijena (€)")).toHaveValue("9,90");
});
