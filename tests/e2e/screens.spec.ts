import { loginAsAdmin } from "./admin-login";
import { expect, test } from "./fixtures";

test.describe("simple screens", () => {
  test("order success thanks the shopper and shows the order number", async ({ page }) => {
    await page.goto("/naplata/uspjesna?orderSlug=AK-2026-00042");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hvala na vašoj narudžbi!");
    await expect(page.getByTestId("order-slug")).toContainText("AK-2026-00042");
    await page.getByRole("link", { name: "Natrag na početnu" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("checkout failure shows its title in every language", async ({ page }) => {
    await page.goto("/checkout/failure");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plaćanje nije uspjelo");
    await page.goto("/en/checkout/failure");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment failed");
  });

  test("social login explains that it is not enabled", async ({ page }) => {
    await page.goto("/social-login");
    await expect(page.getByTestId("social-login")).toContainText("Prijava putem društvenih mreža nije omogućena");
    await page.getByRole("link", { name: "Na prijavu" }).click();
    await expect(page).toHaveURL(/\/prijava$/);
  });

  test("login and register answer with their titles in every language", async ({ page }) => {
    for (const [path, title] of [
      ["/prijava", "Prijava"],
      ["/en/register", "Register"],
    ]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    }
  });

  test("the /test page shows the running configuration", async ({ page }) => {
    await page.goto("/test");
    await expect(page.getByTestId("test-page")).toContainText("1.12.190");
    await expect(page.getByTestId("test-page")).toContainText("pglite");
  });

  test("an admin can clear a named cache", async ({ page }) => {
    await page.goto("/");
    await loginAsAdmin(page, "/admin/cache");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dostupne predmemorije");
    const row = page.getByRole("listitem").filter({ hasText: "site-config" });
    await row.getByRole("button", { name: "Isprazni" }).click();
    await expect(page.getByText("Predmemorija site-config je ispražnjena")).toBeVisible();
  });
});
