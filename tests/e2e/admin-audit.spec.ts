import { loginAsAdmin } from "./admin-login";
import { expectAccessible } from "./axe";
import { expect, ready, test } from "./fixtures";

/**
 * The audit log of the whole backoffice: a change made on one screen (a cache emptied) is
 * found in the log by its kind of record and person, in the owner's words, and the CSV link
 * carries the same filter. JavaScript on and off: the filters are a plain GET form.
 */
test("a change made on one screen is found in the audit log by kind and person", async ({ page, js }) => {
  await loginAsAdmin(page, "/admin/cache");
  await ready(page, js);
  await page.getByRole("listitem").filter({ hasText: "site-config" }).getByRole("button", { name: "Isprazni" }).click();
  await expect(page.getByText("Predmemorija site-config je ispražnjena")).toBeVisible();

  await page.getByRole("navigation", { name: "Izbornik administracije" }).getByRole("link", { name: "Zapisnik promjena" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await ready(page, js);
  const filters = page.getByTestId("list-filters");
  await filters.getByRole("combobox", { name: "Zapis", exact: true }).selectOption({ label: "Predmemorija" });
  await filters.getByRole("combobox", { name: "Osoba", exact: true }).selectOption("admin@alu-krov.hr");
  await filters.getByRole("button", { name: "Filtriraj" }).click();
  await expect(page).toHaveURL(/entity=cache/);
  const row = page.getByTestId("audit-row").first();
  await expect(row).toContainText("admin@alu-krov.hr");
  await expect(row).toContainText("Predmemorija");
  await expect(row).toContainText("site-config");
  await expect(page.getByTestId("csv-export")).toHaveAttribute("href", /^\/admin\/audit\.csv\?.*entity=cache/);
  if (js) await expectAccessible(page, { context: "the audit log" }); // decision 0067
});
