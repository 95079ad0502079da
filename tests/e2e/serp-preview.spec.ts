import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The search-result preview beside the SEO texts (decision 0125), JavaScript on and off.
 * Without JavaScript it shows the saved title (with the shop's name), address and
 * description as the server rendered them; with it, it follows the typing and warns when
 * the title or description will be cut. Nothing is saved: the seeded page stays as it is.
 */
test("the page editor's search-result preview: saved values, and live typing with JavaScript", async ({ page, js }) => {
  await loginAsAdmin(page, "/admin/pages");
  await page.goto("/admin/pages?q=O%20nama");
  await ready(page, js);
  await page.getByRole("link", { name: "O nama", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  await ready(page, js);

  const preview = page.getByTestId("serp-preview-hr");
  await expect(preview.getByTestId("serp-title")).toHaveText(/^O nama \| \S/);
  await expect(preview.getByTestId("serp-url")).toHaveText(/^https?:\/\/[^/]+\/o-nama$/);
  await expect(preview.getByTestId("serp-description")).toContainText("Alu Krov d.o.o. iz Velike Gorice");
  await expect(preview.getByTestId("serp-title-warning")).toHaveCount(0);
  await expect(preview.getByTestId("serp-title-count")).toHaveText(/^Naslov: \d+ \/ 60 znakova$/);
  if (!js) return;

  const form = page.getByTestId("page-text-hr");
  await form.getByLabel(/^Naslov/).fill("Aluminijski krovni sustavi za terase, nadstrešnice i zimske vrtove");
  await expect(preview.getByTestId("serp-title")).toHaveText(/^Aluminijski krovni sustavi za terase, nadstrešnice i\S* ?\S*…$/);
  await expect(preview.getByTestId("serp-title-warning")).toHaveText("Naslov je dulji od 60 znakova i bit će skraćen.");
  await expect(preview.getByTestId("serp-title-count")).toHaveText(/^Naslov: (7\d|8\d) \/ 60 znakova$/);

  await form.getByLabel("Meta opis (za tražilice)").fill("Krov od aluminija traje desetljećima i ne hrđa. ".repeat(5).trim());
  await expect(preview.getByTestId("serp-description")).toHaveText(/…$/);
  await expect(preview.getByTestId("serp-description-warning")).toHaveText("Opis je dulji od 155 znakova i bit će skraćen.");

  // Emptied, the description is what the page sends instead: the start of its text, without a warning.
  await form.getByLabel("Meta opis (za tražilice)").fill("");
  await expect(preview.getByTestId("serp-description")).toContainText("Alu Krov d.o.o. obiteljska je tvrtka");
  await expect(preview.getByTestId("serp-description-warning")).toHaveCount(0);
});

test("the product editor shows the search-result preview of its saved texts", async ({ page, js }) => {
  await loginAsAdmin(page, "/admin/products");
  await ready(page, js);
  await page.getByTestId("products-table").locator('a[href^="/admin/products/"]').first().click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  await ready(page, js);
  const preview = page.getByTestId("serp-preview-hr");
  await expect(preview.getByTestId("serp-title")).toHaveText(/\S/);
  await expect(preview.getByTestId("serp-url")).toHaveText(/^https?:\/\/[^/]+\/product\/[a-z0-9-]+$/);
  if (!js) return;
  const texts = page.getByTestId("texts-hr");
  await texts.getByLabel("SEO naslov").fill("Sendvič paneli za krov i fasadu, debljine od 30 do 150 mm, u RAL bojama");
  await expect(preview.getByTestId("serp-title")).toHaveText(/^Sendvič paneli za krov i fasadu.*…$/);
  await expect(preview.getByTestId("serp-title-warning")).toBeVisible();
});
