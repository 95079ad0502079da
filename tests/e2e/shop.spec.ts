import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/** The category and product list (spec §2, §4 Product list), with and without JavaScript. */

const names = (page: Page) => page.getByTestId("product-grid").getByRole("heading", { level: 3 }).allTextContents();
const total = async (page: Page) => Number((await page.getByTestId("total-records").textContent())!.replace(/\D/g, ""));

/** Without JavaScript the form needs its apply button; with it, changes apply on their own. */
async function applyIfNoJs(page: Page, js: boolean) {
  if (!js) await page.getByTestId("shop-form").getByRole("button", { name: "Primijeni" }).click();
}

/** A marker that survives client-side navigations but not a document load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { shopMarker: number }).shopMarker = 1));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { shopMarker?: number }).shopMarker === 1);

test.describe("category page", () => {
  test("filters by colour through the panel and the URL follows", async ({ page, js }) => {
    await page.goto("/shop/krovni-paneli");
    await ready(page, js);
    const before = await total(page);
    const anthracite = page.getByTestId("filter-boja").getByRole("checkbox", { name: /RAL 7016/ });
    const value = await anthracite.getAttribute("value");
    if (js) await markDocument(page);
    await anthracite.check();
    if (js) {
      // Debounced (500 ms): the URL has not changed right after the click.
      expect(page.url()).not.toContain("boja=");
      await page
        .getByTestId("filter-boja")
        .getByRole("checkbox", { name: /RAL 3009/ })
        .check();
    }
    await applyIfNoJs(page, js);
    const red = await page
      .getByTestId("filter-boja")
      .getByRole("checkbox", { name: /RAL 3009/ })
      .getAttribute("value");
    const expected = js ? [Number(value), Number(red)].sort((a, b) => a - b).join(",") : value;
    await expect(page).toHaveURL(new RegExp(`/shop/krovni-paneli\\?boja=${expected}$`));
    await expect.poll(() => total(page)).toBeLessThan(before);
    await expect(anthracite).toBeChecked();
    if (js) expect(await sameDocument(page)).toBe(true); // no full reload
    // Clearing the filters brings every product back.
    await page.getByTestId("reset-filters").click();
    await expect(page).toHaveURL(/\/shop\/krovni-paneli$/);
    await expect.poll(() => total(page)).toBe(before);
    await expect(anthracite).not.toBeChecked();
  });

  test("sorts by the chosen option", async ({ page, js }) => {
    await page.goto("/shop/trapezni-limovi");
    await ready(page, js);
    const sort = page.getByTestId("shop-toolbar").getByLabel("Poredaj");
    await expect(sort).toHaveValue("3"); // the category's default: cheapest first
    await sort.selectOption({ label: "Naziv A–Ž" });
    await applyIfNoJs(page, js);
    await expect(page).toHaveURL(/\/shop\/trapezni-limovi\?sort=5$/);
    await expect
      .poll(async () => {
        const list = await names(page);
        return list.length > 1 && list.join("|") === [...list].sort((a, b) => a.localeCompare(b, "hr")).join("|");
      })
      .toBe(true);
    // Options the category does not offer are not there.
    await expect(sort.locator("option")).toHaveText(["Najjeftinije", "Najskuplje", "Naziv A–Ž", "Naziv Ž–A"]);
  });

  test("pages through all products, next blocked on the last page", async ({ page, js }) => {
    await page.goto("/shop");
    await ready(page, js);
    const pager = page.getByTestId("pagination");
    const first = await names(page);
    expect(first).toHaveLength(12);
    await pager.getByRole("link", { name: "Sljedeća" }).click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
    await expect.poll(async () => (await names(page)).some((n) => first.includes(n))).toBe(false);
    await pager.getByRole("link", { name: "Zadnja" }).click();
    // Wait for the last page before reading its number (with JS the click is a client navigation).
    await expect(pager.getByText("Sljedeća")).toHaveAttribute("aria-disabled", "true");
    await expect(pager.getByRole("link", { name: "Sljedeća" })).toHaveCount(0);
    const last = await pager.locator('[aria-current="page"]').textContent();
    await expect(page).toHaveURL(new RegExp(`/shop\\?page=${last}$`));
    // 24 per page halves the pages and starts again at page 1.
    await page.getByTestId("shop-toolbar").getByLabel("Po stranici").selectOption("24");
    await applyIfNoJs(page, js);
    await expect(page).toHaveURL(/\/shop\?limit=24$/);
    await expect.poll(async () => (await names(page)).length).toBe(24);
  });

  test("loads more products in the one-page view", async ({ page, js }) => {
    await page.goto("/shop?view=onepage");
    await ready(page, js);
    expect(await names(page)).toHaveLength(12);
    await expect(page.getByTestId("pagination")).toHaveCount(0);
    if (js) await markDocument(page);
    const more = page.getByRole("link", { name: "Učitaj još" });
    await more.scrollIntoViewIfNeeded();
    await more.click();
    await expect(page).toHaveURL(/\/shop\?view=onepage&page=2$/);
    await expect.poll(async () => (await names(page)).length).toBe(24);
    if (js) {
      expect(await sameDocument(page)).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0); // the list grew where the visitor was
    }
    const totalRecords = await total(page);
    await page.goto(`/shop?view=onepage&page=${Math.ceil(totalRecords / 12)}`);
    expect(await names(page)).toHaveLength(totalRecords);
    await expect(page.getByRole("link", { name: "Učitaj još" })).toHaveCount(0);
  });

  test("a copied URL reproduces the view", async ({ page, js, context }) => {
    await page.goto("/shop/krovni-paneli");
    await ready(page, js);
    await page.getByTestId("filter-rekonstrukcija").getByRole("radio", { name: /^Da/ }).check();
    await page.getByTestId("shop-toolbar").getByLabel("Poredaj").selectOption({ label: "Najskuplje" });
    await applyIfNoJs(page, js);
    await expect(page).toHaveURL(/\?rekonstrukcija=yes&sort=4$/);
    await expect.poll(() => total(page)).toBe(4);
    const shown = await names(page);
    const copy = await context.newPage();
    await copy.goto(page.url());
    expect(await names(copy)).toEqual(shown);
    await expect(copy.getByTestId("filter-rekonstrukcija").getByRole("radio", { name: /^Da/ })).toBeChecked();
    await expect(copy.getByTestId("shop-toolbar").getByLabel("Poredaj")).toHaveValue("4");
  });

  test("an unknown category shows the translated 404 page", async ({ page }) => {
    const response = await page.goto("/shop/nema-je");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-view")).toContainText("Ova stranica nije pronađena");
  });
});
