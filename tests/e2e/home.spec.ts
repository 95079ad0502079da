import { expect, ready, test } from "./fixtures";

/** The home page's shop blocks (spec §2 Home), with JavaScript on and off. */
test.describe("home page shop blocks", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    // The cookie banner would cover the lower blocks.
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("shows two hero products, three top products and a slider per category", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    const hero = page.getByTestId("home-hero-products");
    await expect(hero.getByRole("heading", { level: 2 })).toHaveText("Izdvojeni proizvodi");
    await expect(hero.getByTestId("product-card")).toHaveCount(2);
    for (const link of await hero.getByTestId("product-card").locator("h3 a").all()) {
      await expect(link).toHaveAttribute("href", /^\/product\/[a-z0-9-]+$/);
    }
    await expect(page.getByTestId("home-top-products").getByTestId("product-card")).toHaveCount(3);
    const categories = page.getByTestId("home-category");
    expect(await categories.count()).toBeGreaterThanOrEqual(5);
    for (const section of await categories.all()) {
      await expect(section.getByTestId("home-category-link")).toHaveAttribute("href", /^\/shop\/[a-z0-9-]+$/);
      const cards = await section.getByTestId("product-card").count();
      expect(cards).toBeGreaterThan(0);
      expect(cards).toBeLessThanOrEqual(20);
    }
    await expect(page.getByTestId("newsletter")).toBeVisible();
  });

  test("a hero card opens its product page, a category title its shop page", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    const heroLink = page.getByTestId("home-hero-products").getByTestId("product-card").first().locator("h3 a");
    const productPath = (await heroLink.getAttribute("href"))!;
    await heroLink.click();
    await expect(page).toHaveURL(new RegExp(`${productPath}$`));
    await page.goto("/");
    await ready(page, js);
    const categoryLink = page.getByTestId("home-category-link").first();
    const shopPath = (await categoryLink.getAttribute("href"))!;
    await categoryLink.click();
    await expect(page).toHaveURL(new RegExp(`${shopPath}$`));
  });

  test("links to English product and shop pages under /en", async ({ page, js }) => {
    await page.goto("/en");
    await ready(page, js);
    const hero = page.getByTestId("home-hero-products");
    await expect(hero.getByRole("heading", { level: 2 })).toHaveText("Featured products");
    for (const link of await hero.getByTestId("product-card").locator("h3 a").all()) {
      await expect(link).toHaveAttribute("href", /^\/en\/product\/[a-z0-9-]+$/);
    }
    await expect(page.getByTestId("home-category-link").first()).toHaveAttribute("href", /^\/en\/shop\/[a-z0-9-]+$/);
  });
});
