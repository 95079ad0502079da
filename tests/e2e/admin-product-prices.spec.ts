import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * A bulk price change from the product list (docs/decisions/0103), with JavaScript on and
 * off: the shop's ",99" ending is chosen in the settings, the preview changes nothing,
 * "Potvrdi" writes 24,90 + 10 % = 27,39 → 26,99, and "Poništi" puts 24,90 back.
 */
const SKU = "AK-ALT-SKR-RAV";
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function listedPrice(page: Page, js: boolean) {
  await page.goto(`/admin/products?q=${SKU}`);
  await ready(page, js);
  const rows = page.getByTestId("product-row");
  await expect(rows).toHaveCount(1);
  return rows.first();
}

async function previewTenPercent(page: Page, js: boolean) {
  const row = await listedPrice(page, js);
  await row.getByLabel(`Označi ${SKU}`).check();
  const bulk = page.getByTestId("bulk-actions");
  await expect(bulk).toContainText("Zaokruživanje: završetak ,99 (postavka trgovine)");
  await bulk.getByLabel("Vrsta promjene").selectOption({ label: "Postotak (%)" });
  await bulk.getByLabel("Promjena", { exact: true }).fill("10");
  await bulk.getByLabel("Na koje cijene").selectOption({ label: "redovna, akcijska i cijena za članove" });
  await bulk.getByRole("button", { name: "Pregled promjene cijena" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/prices$/);
  const preview = page.getByTestId("price-preview");
  await expect(preview).toBeVisible();
  await ready(page, js);
  return preview;
}

test("a bulk price change: preview, confirm with the shop's ending, undo", async ({ page, js }) => {
  test.setTimeout(180_000); // a dozen page loads, each a server render on a busy machine
  await loginAsAdmin(page);
  await page.goto("/admin/settings/site");
  await ready(page, js);
  const settings = page.getByTestId("site-settings-form");
  await settings.getByLabel("Završeci cijena kod skupne promjene").selectOption({ label: "Završetak ,99" });
  await settings.getByRole("button", { name: "Spremi" }).click();
  await expect(page.getByText(/Postavke su spremljene\.|Ništa nije promijenjeno\./).first()).toBeAttached();

  // The preview shows old → new and changes nothing until it is confirmed.
  let preview = await previewTenPercent(page, js);
  await expect(page.getByTestId("price-summary")).toHaveText("+10 % · redovna, akcijska i cijena za članove · završetak ,99");
  const line = preview.getByTestId("price-preview-row");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(SKU);
  await expect(line).toContainText("24,90 EUR → 26,99 EUR");
  await preview.getByRole("link", { name: "Odustani" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(await listedPrice(page, js)).toContainText("24,90 EUR");

  preview = await previewTenPercent(page, js);
  await preview.getByRole("button", { name: "Potvrdi (1)" }).click();
  await toast(page, "Promijenjeno proizvoda: 1, bez promjene: 0.");
  const batch = page.getByTestId("price-batch").first();
  await expect(batch).toContainText(SKU);
  await expect(batch).toContainText("admin@alu-krov.hr");
  await expect(batch).toContainText("proizvoda: 1");
  await expect(await listedPrice(page, js)).toContainText("26,99 EUR");

  await page.getByRole("link", { name: "Promjene cijena" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/prices$/);
  await ready(page, js);
  await page.getByTestId("price-batch").first().getByRole("button", { name: "Poništi" }).click();
  await toast(page, "Promjena je poništena: vraćene cijene za proizvoda: 1.");
  await expect(page.getByTestId("price-batch").first().getByTestId("price-batch-undone")).toContainText("Poništeno");
  await expect(await listedPrice(page, js)).toContainText("24,90 EUR");
});
