import { expect, test } from "./fixtures";

test.describe("CMS pages", () => {
  test("the navigation leads to a page and the language switch to its translation", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("site-header").getByRole("link", { name: "O nama" }).first().click();
    await expect(page).toHaveURL(/\/o-nama$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("O nama");
    await page.getByTestId("language-switch").first().getByRole("link", { name: "en", exact: true }).click();
    await expect(page).toHaveURL(/\/en\/about-us$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
    await page.getByTestId("language-switch").first().getByRole("link", { name: "de", exact: true }).click();
    await expect(page).toHaveURL(/\/de\/ueber-uns$/);
  });

  test("a page without a translation shows the Croatian text with a notice", async ({ page }) => {
    const response = await page.goto("/en/reference");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("This page is not yet available in English; it is shown in Croatian.")).toBeVisible();
    await expect(page.getByText("Odabrani projekti").first()).toBeVisible();
  });
});
