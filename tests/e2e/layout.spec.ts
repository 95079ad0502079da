import { expect, test } from "./fixtures";

test.describe("main layout", () => {
  test("home shows header, main navigation, cart badge and footer in Croatian", async ({ page }) => {
    await page.goto("/");
    const header = page.getByTestId("site-header");
    await expect(header.getByRole("link", { name: "Trgovina" }).first()).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("0");
    const footer = page.getByTestId("site-footer");
    await expect(footer).toContainText("Alu Krov d.o.o.");
    await expect(footer.getByRole("link", { name: "+385 1 6222 333" })).toHaveAttribute("href", "tel:+38516222333");
    await expect(footer.getByRole("link", { name: "info@alu-krov.hr" })).toHaveAttribute("href", "mailto:info@alu-krov.hr");
    await expect(page.getByTestId("eu-notice")).toContainText("Europska unija");
    await expect(page.getByTestId("copyright")).toContainText(`© ${new Date().getFullYear()} Alu Krov d.o.o.`);
    for (const nav of ["footer1", "footer2", "footer3", "footer4"]) await expect(page.getByTestId(`footer-nav-${nav}`)).toBeVisible();
  });

  test("the language switch goes to the same page in another language", async ({ page }) => {
    await page.goto("/kosarica");
    await page.getByTestId("language-switch").first().getByRole("link", { name: "en", exact: true }).click();
    await expect(page).toHaveURL(/\/en\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cart");
    await page.getByTestId("language-switch").first().getByRole("link", { name: "de", exact: true }).click();
    await expect(page).toHaveURL(/\/de\/einkaufswagen$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warenkorb");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("the mobile menu opens without scripts", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu.getByRole("link", { name: "Trgovina" })).toBeHidden();
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Trgovina" })).toBeVisible();
  });

  test("an unknown page renders the error layout with 404", async ({ page }) => {
    const response = await page.goto("/ova-stranica-ne-postoji");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ova stranica nije pronađena");
    const en = await page.goto("/en/does/not/exist");
    expect(en?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  });
});
