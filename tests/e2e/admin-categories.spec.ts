import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * Categories and attributes in the backoffice (decision 0048), with
 * JavaScript on and off: a subcategory with hr and en names moved up, a category's filter
 * with a chosen type on the shop's page, and a value with a colour swatch.
 */
test.describe("catalogue structure", () => {
  test("creates a subcategory with hr and en names and moves it up", async ({ page, js }) => {
    const run = `${js ? "js" : "nojs"}-${Date.now()}`;
    await loginAsAdmin(page, "/admin/categories/new");
    await ready(page, js);
    const form = page.getByTestId("category-form");
    await form.getByTestId("name-hr").fill(`Podkategorija ${run}`);
    await form.getByTestId("slug-hr").fill(`podkategorija-${run}`);
    if (js) await form.getByRole("tab", { name: "Engleski" }).click();
    await form.getByTestId("name-en").fill(`Subcategory ${run}`);
    await form.getByTestId("slug-en").fill(`subcategory-${run}`);
    await form.getByTestId("parent-select").selectOption({ label: "Oluci i odvodnja" });
    await form.getByRole("button", { name: "Spremi" }).click();
    await expect(page).toHaveURL(/\/admin\/categories\/\d+$/);
    await expect(page.getByText("Kategorija je stvorena.")).toBeVisible();

    await page.goto("/admin/categories");
    await ready(page, js);
    const rows = page.getByTestId("category-row");
    const names = async () => (await rows.allTextContents()).map((text) => text.split("/")[0].trim());
    const before = await names();
    const at = before.findIndex((name) => name.includes(run));
    expect(at).toBeGreaterThan(0); // "Oluci i odvodnja" has seeded subcategories: the new one is last
    await page.getByRole("button", { name: `Pomakni gore: Podkategorija ${run}` }).click();
    await expect(page.getByText("Redoslijed je promijenjen.")).toBeVisible();
    await expect.poll(async () => (await names()).findIndex((name) => name.includes(run))).toBe(at - 1);
  });

  test("gives a category a filter with a chosen type and the shop shows it", async ({ page, js }) => {
    await loginAsAdmin(page, "/admin/categories");
    await page.getByRole("link", { name: "Krovni paneli", exact: true }).click();
    await ready(page, js);
    const form = page.getByTestId("filters-form");
    // Only "boja", shown as text labels.
    for (const checkbox of await form.getByRole("checkbox").all()) await checkbox.uncheck();
    const boja = form.getByTestId("filter-row-boja");
    await boja.getByRole("checkbox").check();
    await boja.getByRole("combobox").selectOption("textSwatch");
    await form.getByRole("button", { name: "Spremi filtre" }).click();
    await expect(page.getByText("Filtri su spremljeni.")).toBeVisible();

    const adminPage = page.url();
    try {
      await page.goto("/shop/krovni-paneli");
      const panel = page.getByTestId("filter-panel");
      await expect(panel.getByTestId("filter-boja")).toBeVisible();
      await expect(panel.getByTestId("filter-debljina")).toHaveCount(0);
    } finally {
      // The specs share one database: no ticked filter gives the category back its default
      // filters, which shop.spec.ts and phone.spec.ts rely on.
      await page.goto(adminPage);
      await ready(page, js);
      for (const checkbox of await form.getByRole("checkbox").all()) await checkbox.uncheck();
      await form.getByRole("button", { name: "Spremi filtre" }).click();
      await expect(page.getByText("Filtri su spremljeni.")).toBeVisible();
    }
    await page.goto("/shop/krovni-paneli");
    await expect(page.getByTestId("filter-panel").getByTestId("filter-debljina")).toBeVisible();
  });

  test("adds a value with a colour swatch to an attribute", async ({ page, js }) => {
    const run = `${js ? "js" : "nojs"}-${Date.now()}`;
    await loginAsAdmin(page, "/admin/attributes");
    await page.goto("/admin/attributes?q=boja");
    await page.getByRole("link", { name: "boja", exact: true }).click();
    await ready(page, js);
    const form = page.getByTestId("value-form");
    await form.getByTestId("value-value").fill(`ral-${run}`);
    await form.getByTestId("value-swatch").fill("#af2b1e");
    await form.getByTestId("value-label-hr").fill(`Crvena ${run}`);
    await form.getByRole("button", { name: "Dodaj vrijednost" }).click();
    await expect(page.getByText("Vrijednost je dodana.")).toBeVisible();
    const row = page.getByTestId("value-row").filter({ hasText: `Crvena ${run}` });
    await expect(row.getByTestId("value-swatch-code")).toHaveText("#af2b1e");
  });
});
