import type { Page } from "@playwright/test";
import { expect, ready } from "./fixtures";

export const CUSTOMER_PASSWORD = "Lozinka123";
let runs = 0;

/**
 * Registers a new customer through the real /registracija form (every consent ticked) and
 * returns the e-mail; unique per project and run, since both projects share one database.
 */
export async function registerCustomer(page: Page, js: boolean, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${++runs}@example.com`;
  await page.goto("/registracija");
  await ready(page, js);
  const form = page.getByTestId("register-form");
  for (const [name, value] of Object.entries({
    firstName: "Iva",
    lastName: "Ivić",
    email,
    password: CUSTOMER_PASSWORD,
    confirmedPassword: CUSTOMER_PASSWORD,
  })) {
    await form.locator(`[name="${name}"]`).fill(value);
  }
  for (const box of await form.locator('input[name="acceptedConsents"]').all()) await box.check();
  await form.getByRole("button", { name: "Registracija" }).click();
  await expect(page).toHaveURL(/\/$/);
  return email;
}
