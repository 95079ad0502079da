import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-login";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * The product editor's journey (decision 0046), JavaScript on and off:
 * the admin creates a configurable product, names it in Croatian and English, prices it,
 * puts it in "Krovni paneli", uploads its image and makes it visible, then generates two
 * variants from two colours of the colour attribute. A shopper sees it on the category page
 * in hr and en, finds it through the colour filter, chooses a variant and buys it.
 * Both projects share one database: names and SKUs carry the project's name.
 */
const headings = (page: Page) => page.getByTestId("product-grid").getByRole("heading", { level: 3 });

async function adminPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

async function createConfigurable(admin: Page, js: boolean, name: string, enName: string, sku: string) {
  await admin.goto("/admin/products/new");
  await ready(admin, js);
  const form = admin.getByTestId("new-product-form");
  await form.getByLabel("Konfigurabilni proizvod").check();
  await form.getByLabel("Naziv").fill(name);
  await form.getByLabel("Šifra (SKU)").fill(sku);
  await form.getByRole("button", { name: "Stvori proizvod" }).click();
  await expect(admin).toHaveURL(/\/admin\/products\/\d+$/);
  await ready(admin, js);
  await expect(admin.getByTestId("product-state")).toHaveText("Skriven");

  // The main form: English name, prices, the category, an uploaded image, visible.
  const main = admin.getByTestId("product-form");
  if (js) await main.getByRole("tab", { name: "Engleski" }).click();
  await main.locator('[name="translations.en.name"]').fill(enName);
  await main.getByLabel("Redovna cijena (€)").fill("59,90");
  await main.getByLabel("Prodajna cijena (€)").fill("49,90");
  await main.getByTestId("product-categories").getByLabel("Krovni paneli", { exact: true }).check();
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#2b5d34" } })
    .png()
    .toBuffer();
  await main.getByTestId("media-chooser-images-upload").setInputFiles({ name: `${sku}.png`, mimeType: "image/png", buffer: png });
  // With JavaScript the image goes to the library on its own at once (decision 0134); without it, with the save.
  if (js) await expect(main.getByTestId("media-upload-summary")).toHaveText("Preneseno: 1 od 1.");
  await main.getByLabel("Vidljiv u trgovini").check();
  await main.getByRole("button", { name: "Spremi proizvod" }).click();
  await expect(admin.getByTestId("product-state")).toHaveText("Vidljiv u trgovini");
  await expect(admin.getByTestId("media-chooser-images").getByRole("list", { name: "Odabrane slike" }).getByRole("img")).toHaveCount(1);

  // Variants from two colours.
  await ready(admin, js);
  const attributes = admin.getByTestId("config-attributes-form");
  await attributes.getByLabel("Boja", { exact: true }).check();
  await attributes.getByRole("button", { name: "Spremi atribute" }).click();
  const generate = admin.getByTestId("generate-form");
  await expect(generate).toBeVisible();
  await ready(admin, js);
  await generate.getByLabel(/RAL 6005/).check();
  await generate.getByLabel(/RAL 9005/).check();
  await generate.getByRole("button", { name: "Stvori varijante" }).click();
  await expect(admin.getByTestId("variant-row")).toHaveCount(2);
  await expect(admin.getByTestId("variant-row").first()).toHaveAttribute("data-sku", `${sku}-ral-6005`);
}

test("a configurable product made in the admin is found in the shop in hr and en, by its colour, and bought", async ({
  page,
  js,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const baseURL = info.project.use.baseURL!;
  // A retry makes a product of its own: the first attempt's may already exist.
  const tag = `${info.project.name === "js" ? "JS" : "NOJS"}${info.retry ? `-R${info.retry}` : ""}`;
  const name = `Panel urednika ${tag}`;
  const enName = `Editor panel ${tag}`;
  const sku = `UREDNIK-PANEL-${tag}`;

  const admin = await adminPage(browser, js, baseURL);
  await createConfigurable(admin, js, name, enName, sku);
  await admin.context().close();

  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  // On the category page in hr (newest first) and in en, with its English name.
  await page.goto("/shop/krovni-paneli");
  await ready(page, js);
  await expect(headings(page).filter({ hasText: name })).toHaveCount(1);
  await page.goto("/en/shop/roof-panels");
  await expect(headings(page).filter({ hasText: enName })).toHaveCount(1);

  // Through the category's colour filter.
  await page.goto("/shop/krovni-paneli");
  await ready(page, js);
  await page
    .getByTestId("filter-boja")
    .getByRole("checkbox", { name: /RAL 9005/ })
    .check();
  if (!js) await page.getByTestId("shop-form").getByRole("button", { name: "Primijeni" }).click();
  await expect(page).toHaveURL(/boja=/);
  await expect(headings(page).filter({ hasText: name })).toHaveCount(1);
  await page.getByTestId("product-grid").getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(/\/product\/panel-urednika-/);
  await ready(page, js);

  // The shopper chooses the black variant and buys it.
  const email = await buy(page, js, sku);
  expect(email).toContain("@example.com");
});

test("saving one section keeps what is typed in the others, and leaving with unsaved work asks first", async ({ js, browser }, info) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser, js, info.project.use.baseURL!);
  const suffix = js ? "JS" : "NOJS";
  await createConfigurable(admin, js, `Oluk četiri varijante ${suffix}`, `Four variant gutter ${suffix}`, `UREDNIK-STANJE-${suffix}`);
  // Without JavaScript every section is a page load of its own and nothing can warn on
  // leaving: the editor says so before anything is typed.
  const notice = admin.getByTestId("editor-no-script");
  if (!js) {
    await expect(notice).toHaveText(/Bez JavaScripta svaki se odjeljak sprema zasebno/);
    await admin.context().close();
    return;
  }
  await expect(notice).toBeHidden();
  const rows = admin.getByTestId("variant-row");
  const main = admin.getByTestId("product-form");

  // Both rows and the main form typed, then the rows saved one by one (each save is the product's next version).
  const version = main.locator('input[name="version"]');
  const first = Number(await version.inputValue());
  await rows.nth(0).getByLabel("Prodajna cijena (€)").fill("41,00");
  await rows.nth(1).getByLabel("Prodajna cijena (€)").fill("42,00");
  await main.getByLabel("Redovna cijena (€)").fill("61,00");
  await rows.nth(0).getByRole("button", { name: "Spremi" }).click();
  await expect(version).toHaveValue(String(first + 1));
  await expect(rows.nth(1).getByLabel("Prodajna cijena (€)")).toHaveValue("42,00");
  await expect(main.getByLabel("Redovna cijena (€)")).toHaveValue("61,00");
  await rows.nth(1).getByRole("button", { name: "Spremi" }).click();
  await expect(version).toHaveValue(String(first + 2));
  await expect(main.getByLabel("Redovna cijena (€)")).toHaveValue("61,00");

  // The main form is still unsaved: leaving for the list asks, and staying keeps it.
  const asked: string[] = [];
  admin.once("dialog", (dialog) => {
    asked.push(dialog.message());
    return dialog.dismiss();
  });
  await admin.getByRole("link", { name: /Natrag na proizvode/ }).click();
  await expect.poll(() => asked).toEqual(["Na stranici ima nespremljenih promjena. Napustiti stranicu bez spremanja?"]);
  await expect(admin).toHaveURL(/\/admin\/products\/\d+(#variants)?$/);
  await expect(main.getByLabel("Redovna cijena (€)")).toHaveValue("61,00");

  // Saved, nothing is unsaved: the link leaves without asking, and both variants kept their prices.
  await main.getByRole("button", { name: "Spremi proizvod" }).click();
  await expect(version).toHaveValue(String(first + 3));
  const url = admin.url();
  await admin.getByRole("link", { name: /Natrag na proizvode/ }).click();
  await expect(admin).toHaveURL(/\/admin\/products$/);
  await admin.goto(url);
  await ready(admin, js);
  await expect(admin.getByTestId("variant-row").nth(0).getByLabel("Prodajna cijena (€)")).toHaveValue("41,00");
  await expect(admin.getByTestId("variant-row").nth(1).getByLabel("Prodajna cijena (€)")).toHaveValue("42,00");
  await expect(admin.getByTestId("product-form").getByLabel("Redovna cijena (€)")).toHaveValue("61,00");
  await admin.context().close();
});

async function buy(page: Page, js: boolean, sku: string) {
  const productUrl = page.url().split("?")[0];
  const email = await registerCustomer(page, js, "product-editor");
  await page.goto(productUrl);
  await ready(page, js);
  const form = page.getByTestId("variant-form");
  // The variant choice is loaded after the page (serverFirst): until it is, its select is the
  // server's and the no-JavaScript button shows. Choose once it has taken over.
  if (js) await expect(form.getByRole("button", { name: "Prikaži odabir" })).toHaveCount(0);
  await form.getByLabel("Boja").selectOption("ral-9005");
  if (!js) await form.getByRole("button", { name: "Prikaži odabir" }).click();
  await expect(page.getByTestId("product-sku")).toHaveText(`${sku}-ral-9005`);
  await expect(page).toHaveURL(/boja=ral-9005/);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  await page.getByTestId("checkout-link").click();
  await expect(page).toHaveURL(/\/naplata$/);
  await ready(page, js);
  for (const [field, value] of Object.entries({
    firstName: "Iva",
    lastName: "Ivić",
    contactPhone: "091 234 5678",
    city: "Split",
    street: "Riva",
    houseNumber: "5",
    zipCode: "21000",
  })) {
    await page.getByTestId("address-form").locator(`[name="delivery.${field}"]`).fill(value);
  }
  await page.getByTestId("address-form").locator('[name="delivery.country"]').selectOption("HR");
  await page.getByTestId("address-form").getByRole("button", { name: "Nastavi na dostavu" }).click();
  await expect(page.getByTestId("step-shipping")).toHaveAttribute("data-active", "true");
  if (!js) await page.getByRole("button", { name: "Potvrdi način dostave" }).click();
  await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true", { timeout: 10_000 });
  const payment = page.getByTestId("payment-form");
  await payment.getByRole("radio", { name: /Virmansko plaćanje/ }).check();
  for (const box of await payment.locator('input[name="acceptedConsents"]').all()) await box.check();
  await payment.getByRole("button", { name: "Naruči i plati" }).click();
  await expect(page).toHaveURL(/\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/);
  return email;
}
