import { expect, ready, test } from "./fixtures";

test.describe("search", () => {
  test("the header search box opens the search page with product results", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    const box = page.getByTestId("header-search").first();
    await box.getByRole("searchbox").fill("čelik");
    await box.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/pretraga\?search=%C4%8Delik&category=products$/);
    await expect(page).toHaveTitle("Pretraga: čelik | Alu Krov d.o.o.");
    await expect(page.getByTestId("search-results")).toContainText("Klamerica za falcani panel Klik-Fix (100 kom)");
    await expect(page.locator("#search-text")).toHaveValue("čelik");
  });

  test("the header search box works in English too", async ({ page, js }) => {
    await page.goto("/en/cart");
    await ready(page, js);
    const box = page.getByTestId("header-search").first();
    await box.getByRole("searchbox").fill("gutter");
    await box.getByRole("button").click();
    await expect(page).toHaveURL(/\/en\/search\?search=gutter&category=products$/);
    await expect(page.getByTestId("search-results")).toContainText("Half-round gutter 125 mm RAL 7016 (3 m)");
  });

  test("switching tabs keeps the text and starts at page 1", async ({ page, js }) => {
    await page.goto("/pretraga?search=ral&category=products&page=2");
    await ready(page, js);
    await expect(page.getByTestId("pagination").locator('[aria-current="page"]')).toHaveText("2");
    await page.getByTestId("search-tab-productCategories").click();
    await expect(page).toHaveURL(/\/pretraga\?search=ral&category=productCategories$/);
    await expect(page.getByTestId("search-tab-productCategories")).toHaveAttribute("aria-current", "page");
    await page.getByTestId("search-tab-pages").click();
    await expect(page).toHaveURL(/category=pages$/);
    await page.getByTestId("search-tab-products").click();
    await expect(page.getByTestId("search-results").getByTestId("product-card")).toHaveCount(10);
    await page.getByTestId("pagination").getByRole("link", { name: "2", exact: true }).click();
    await expect(page).toHaveURL(/\/pretraga\?search=ral&category=products&page=2$/);
  });

  test("the search form submits with Enter and shows categories", async ({ page, js }) => {
    await page.goto("/pretraga?category=productCategories");
    await ready(page, js);
    await page.locator("#search-text").fill("oluci");
    await page.locator("#search-text").press("Enter");
    await expect(page).toHaveURL(/search=oluci&category=productCategories/);
    await expect(page.getByTestId("search-results").locator('a[href="/shop/oluci"]')).toContainText("Aluminijski oluci");
  });

  test("with JavaScript, typing updates results and the URL after the debounce, without a reload", async ({ page, js }) => {
    test.skip(!js, "the debounce needs JavaScript");
    await page.goto("/pretraga");
    await ready(page, js);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator("#search-text").pressSequentially("krov", { delay: 40 });
    // Within the 500 ms of quiet the URL has not changed yet.
    expect(page.url()).not.toContain("search=krov");
    await expect(page).toHaveURL(/\/pretraga\?search=krov&category=products$/);
    await expect(page.getByTestId("search-results")).toContainText("Krovni prozor 55 × 78 cm s aluminijskim opšavom");
    await expect(page.locator("#search-text")).toBeFocused();
    await page.locator("#search-text").pressSequentially("ni prozor", { delay: 40 });
    await expect(page).toHaveURL(/search=krovni\+prozor&category=products$/);
    await expect(page.getByTestId("search-total")).toContainText(/: [2-9]/);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
