import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parseCsv } from "../../app/modules/catalog-admin/csv-parse";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The backoffice product list (decision 0047), with JavaScript on and off: search,
 * filters and a bulk action; and the CSV round trip (export, edit two rows' prices, dry run
 * shows exactly two changes, apply, the shop shows the new prices).
 */
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

test("the admin searches, filters and hides and publishes a ticked product", async ({ page, js }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/products");
  await ready(page, js);
  const filters = page.getByTestId("list-filters");
  await filters.getByLabel("Naziv ili šifra (SKU)").fill("AK-PRB-ZAK-AL");
  await filters.getByLabel("Vrsta").selectOption({ label: "Jednostavni" });
  await filters.getByRole("button", { name: "Filtriraj" }).click();
  await expect(page).toHaveURL(/q=AK-PRB-ZAK-AL.*format=simple/);
  const rows = page.getByTestId("product-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Aluminijska slijepa zakovica");
  await expect(rows.first()).toContainText("Vidljiv");

  await rows.first().getByLabel("Označi AK-PRB-ZAK-AL").check();
  await page.getByTestId("bulk-actions").getByRole("button", { name: "Sakrij" }).click();
  await toast(page, "Promijenjeno proizvoda: 1, bez promjene: 0.");
  await expect(page).toHaveURL(/q=AK-PRB-ZAK-AL/);
  await expect(page.getByTestId("product-row").first()).toContainText("Skriven");

  // The visibility filter finds it among the hidden ones; publishing it brings it back.
  await page.getByTestId("list-filters").getByLabel("Vidljivost").selectOption({ label: "Skriven" });
  await page.getByTestId("list-filters").getByRole("button", { name: "Filtriraj" }).click();
  await expect(page).toHaveURL(/visibility=hidden/);
  await expect(page.getByTestId("product-row")).toHaveCount(1);
  await page.getByTestId("product-row").first().getByLabel("Označi AK-PRB-ZAK-AL").check();
  await page.getByTestId("bulk-actions").getByRole("button", { name: "Objavi" }).click();
  await toast(page, "Promijenjeno proizvoda: 1, bez promjene: 0.");
  await expect(page.getByTestId("product-row")).toHaveCount(0);
});

async function exportCsv(page: Page, js: boolean): Promise<string> {
  const link = page.getByTestId("csv-export");
  await expect(link).toHaveAttribute("href", /^\/admin\/products\.csv\?.*q=AK-PRB-VIJ-48/);
  let bytes: Buffer;
  if (js) {
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^proizvodi-\d{4}-\d{2}-\d{2}\.csv$/);
    bytes = await readFile((await download.path())!);
  } else {
    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    bytes = await response.body();
  }
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.toString("utf8");
}

test("CSV round trip: export, edit two prices, the dry run shows exactly two changes, apply, the shop shows them", async ({ page, js }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/products?q=AK-PRB-VIJ-48");
  await ready(page, js);
  await expect(page.getByTestId("product-row")).toHaveCount(2);
  const text = await exportCsv(page, js);
  const { records } = parseCsv(text);
  const header = records[0].cells;
  const col = (name: string) => header.indexOf(name);
  expect(records).toHaveLength(3);

  // Each sale price one cent lower than now (still at or under retail): always a change.
  const edited = records.map((record, i) => {
    if (i === 0) return record.cells;
    const cells = record.cells.slice();
    const [euros, cents] = cells[col("sale_price")].split(",").map(Number);
    const lowered = euros * 100 + cents - 1;
    cells[col("sale_price")] = `${Math.floor(lowered / 100)},${String(lowered % 100).padStart(2, "0")}`;
    return cells;
  });
  const quote = (c: string) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  const file = `\uFEFF${edited.map((cells) => cells.map(quote).join(";")).join("\r\n")}\r\n`;

  await page.getByRole("link", { name: "Uvoz CSV" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import$/);
  await ready(page, js);
  await page.getByLabel("CSV datoteka").setInputFiles({ name: "proizvodi.csv", mimeType: "text/csv", buffer: Buffer.from(file, "utf8") });
  await page.getByRole("button", { name: "Probni uvoz" }).click();
  const report = page.getByTestId("import-report");
  await expect(report).toBeVisible();
  await expect(page.getByTestId("import-counts")).toHaveText("Novih: 0, izmjena: 2, bez promjene: 0, grešaka: 0.");
  await expect(page.getByTestId("import-change")).toHaveCount(2);
  for (const cells of edited.slice(1)) await expect(report).toContainText(`→ ${cells[col("sale_price")]}`);

  await page.getByRole("button", { name: "Primijeni uvoz (2)" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await toast(page, "Uvoz je gotov: novih 0, izmijenjenih 2, bez promjene 0.");

  for (const cells of edited.slice(1)) {
    await page.goto(`/product/${cells[col("slug_hr")]}`);
    await expect(page.locator("main")).toContainText(cells[col("sale_price")]);
  }
});
