import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@alu-krov.hr", password: "AluKrov2026!" };

/** Signs the seeded backoffice user in through the real /adminLogin form. */
export async function loginAsAdmin(page: Page, redirectTo = "/admin") {
  await page.goto(`/adminLogin?redirectTo=${encodeURIComponent(redirectTo)}`);
  const form = page.getByTestId("admin-login");
  await form.getByLabel("E-mail").fill(ADMIN.email);
  await form.getByLabel("Lozinka").fill(ADMIN.password);
  await form.getByRole("button", { name: "Prijavi se" }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo.replace(/\//g, "\\/")}$`));
}
