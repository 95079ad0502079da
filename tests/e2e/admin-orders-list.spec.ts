import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The backoffice order list (decisions 0038 and 0039), with JavaScript on and off: search, the
 * payment-method filter, sorting by total and the CSV of the filtered list.
 */
async function placeOrder(page: Page, gateway: "card" | "bankTransfer") {
  const response = await page.request.post("/test-payment-provider/orders", { form: { gateway } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { slug: string }).slug;
}

const HEADER =
  "Broj;Datum;Kupac;E-mail;Ukupno;Primljeno;Vraćeno;Prihod;Čeka plaćanje;Valuta;Način plaćanja;Status plaćanja;Status narudžbe";

test("the admin searches, filters by payment method, sorts by total and downloads the CSV", async ({ page, js }) => {
  await loginAsAdmin(page);
  const bySlip = await placeOrder(page, "bankTransfer");
  const byCard = await placeOrder(page, "card");
  await page.goto("/admin/orders");
  await ready(page, js);
  const table = page.getByTestId("orders-table");
  const filters = page.getByTestId("list-filters");

  await filters.getByLabel("Broj, ime, tvrtka ili e-mail").fill(byCard);
  await filters.getByRole("button", { name: "Filtriraj" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${byCard}`));
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await expect(table.getByRole("link", { name: byCard })).toBeVisible();

  await filters.getByLabel("Broj, ime, tvrtka ili e-mail").fill("");
  await filters.getByLabel("Način plaćanja").selectOption({ label: "Virman" });
  await filters.getByRole("button", { name: "Filtriraj" }).click();
  await expect(page).toHaveURL(/method=bankTransfer/);
  await expect(table.getByRole("link", { name: bySlip })).toBeVisible();
  await expect(table.getByRole("link", { name: byCard })).toHaveCount(0);
  for (const row of await page.getByTestId("order-row").all()) await expect(row).toContainText("Virmansko plaćanje");

  // The first click sorts ascending, the second descending; the filter stays.
  const totalHeader = table.locator("th", { hasText: "Ukupno" });
  await totalHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=total&dir=asc/);
  await expect(totalHeader).toHaveAttribute("aria-sort", "ascending");
  await totalHeader.getByRole("link").click();
  await expect(page).toHaveURL(/method=bankTransfer.*sort=total&dir=desc|sort=total&dir=desc.*method=bankTransfer/);
  await expect(totalHeader).toHaveAttribute("aria-sort", "descending");
  const totals = (await page.getByTestId("order-row").locator('td[data-column="total"]').allTextContents()).map((text) =>
    Number(text.replace(/[^\d,]/g, "").replace(",", ".")),
  );
  expect(totals).toEqual([...totals].sort((a, b) => b - a));

  const csvLink = page.getByTestId("csv-export");
  await expect(csvLink).toHaveAttribute("href", /^\/admin\/orders\.csv\?.*method=bankTransfer/);
  let bytes: Buffer;
  if (js) {
    const [download] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^narudzbe-\d{4}-\d{2}-\d{2}\.csv$/);
    bytes = await readFile((await download.path())!);
  } else {
    const response = await page.request.get((await csvLink.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="narudzbe-\d{4}-\d{2}-\d{2}\.csv"$/);
    bytes = await response.body();
  }
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lines[0]).toBe(HEADER);
  // Exactly the filtered list: bank-transfer orders only (the method's name as the order keeps it).
  expect(lines.some((line) => line.startsWith(`${bySlip};`))).toBe(true);
  for (const line of lines.slice(1)) expect(line).toContain(";Virmansko plaćanje (uplatnica);");
  expect(lines.some((line) => line.startsWith(`${byCard};`))).toBe(false);
});
