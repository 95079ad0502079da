import { loginAsAdmin } from "./admin-login";
import { expect, test } from "./fixtures";

test.describe("admin consents", () => {
  test("creates a consent and makes it required on the registration form", async ({ page, js }) => {
    const number = js ? "41" : "42"; // one consent per project on the shared database
    await loginAsAdmin(page, "/admin/consent");
    const create = page.getByTestId("create-consent");
    await create.getByLabel("Jedinstveni broj").fill(number);
    await create.getByLabel("Naziv (Hrvatski)").fill(`Pristajem na objavu fotografija projekta ${number}`);
    await create.getByRole("button", { name: "Dodaj privolu" }).click();
    await expect(page.getByText(`Privola ${number} je dodana`)).toBeVisible();
    await expect(page.getByTestId("consent-table")).toContainText(`Pristajem na objavu fotografija projekta ${number}`);

    await page.goto("/admin/consent/registerForm");
    const editor = page.getByTestId("assignment-editor");
    await editor.getByLabel(`Obavezna: Pristajem na objavu fotografija projekta ${number}`).check();
    await editor.getByRole("button", { name: "Spremi" }).click();
    await expect(page.getByText("Dodjela privola je spremljena")).toBeVisible();
    await page.goto("/admin/consent");
    await expect(page.getByTestId("form-assignments")).toContainText(`Pristajem na objavu fotografija projekta ${number}`);
  });

  test("a duplicate unique number gets a translated message", async ({ page }) => {
    await loginAsAdmin(page, "/admin/consent");
    const create = page.getByTestId("create-consent");
    await create.getByLabel("Jedinstveni broj").fill("1");
    await create.getByLabel("Naziv (Hrvatski)").fill("Duplikat");
    await create.getByRole("button", { name: "Dodaj privolu" }).click();
    await expect(page.getByText("Privola s ovim jedinstvenim brojem već postoji")).toBeVisible();
  });

  test("an unknown form kind is a 404", async ({ page }) => {
    await loginAsAdmin(page);
    const response = await page.goto("/admin/consent/nepostojeci");
    expect(response?.status()).toBe(404);
  });
});
