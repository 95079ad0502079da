import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * Customer accounts in the browser (decision 0010), with JavaScript on and off: register with
 * and without addresses, log out, log in (and its failure message), change the profile
 * and the password. Both projects share one database, so every address carries the
 * project's name.
 */
const toast = (page: Page) => page.getByRole("status").and(page.locator("[data-toast]"));
const PASSWORD = "Lozinka123";

async function register(page: Page, js: boolean, email: string, withAddresses = false) {
  await page.goto("/registracija");
  await ready(page, js);
  const form = page.getByTestId("register-form");
  await form.locator('[name="firstName"]').fill("Ena");
  await form.locator('[name="lastName"]').fill("Enić");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="password"]').fill(PASSWORD);
  await form.locator('[name="confirmedPassword"]').fill(PASSWORD);
  if (withAddresses) {
    await expect(form.getByTestId("register-addresses")).toBeHidden();
    await form.getByLabel("Unesite i adresu dostave").check();
    // The section opens through CSS, without JavaScript too.
    await expect(form.getByTestId("register-addresses")).toBeVisible();
    for (const [name, value] of Object.entries({
      firstName: "Ena",
      lastName: "Enić",
      contactEmail: email,
      contactPhone: "091 111 222",
      city: "Rijeka",
      street: "Korzo",
      houseNumber: "3",
      zipCode: "51000",
    })) {
      await form.locator(`[name="delivery.${name}"]`).fill(value);
    }
    await form.locator('[name="delivery.country"]').selectOption("HR");
    await form.getByLabel("Adresa za račun razlikuje se od adrese dostave").check();
    await expect(form.getByTestId("register-billing")).toBeVisible();
    for (const [name, value] of Object.entries({
      firstName: "Ena",
      lastName: "Enić",
      contactEmail: email,
      contactPhone: "091 111 222",
      companyOIB: "94577403194",
    })) {
      await form.locator(`[name="billing.${name}"]`).fill(value);
    }
  }
  for (const box of await form.locator('input[name="acceptedConsents"]').all()) await box.check();
  await form.getByRole("button", { name: "Registracija" }).click();
  // Auto-login after registration is on in the built-in settings: home, signed in.
  await expect(page).toHaveURL(/\/$/);
  if (!js) await expect(toast(page)).toHaveText("Uspješno ste se registrirali");
}

async function logIn(page: Page, js: boolean, email: string, password: string) {
  await page.goto("/prijava");
  await ready(page, js);
  const form = page.getByTestId("login-form");
  await form.locator('[name="username"]').fill(email);
  await form.locator('[name="password"]').fill(password);
  await form.getByRole("button", { name: "Prijava" }).click();
}

async function logOut(page: Page, js: boolean) {
  await page.goto("/profil");
  await ready(page, js);
  await page.getByTestId("logout-form").getByRole("button", { name: "Odjava" }).click();
  await expect(page).toHaveURL(/\/$/);
  if (!js) await expect(toast(page)).toHaveText("Uspješno ste se odjavili");
}

test.describe("customer accounts", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("register, log out, fail to log in with a wrong password, log in", async ({ page, js }, info) => {
    const email = `ena-${info.project.name}@example.com`;
    await register(page, js, email);
    await logOut(page, js);
    await page.goto("/profil");
    await expect(page.getByTestId("profile-anonymous")).toBeVisible();
    // The header offers the login to visitors…
    await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/prijava");
    await expect(page.getByTestId("account-link")).toHaveAccessibleName("Prijava");

    await logIn(page, js, email, "Pogresna123");
    await expect(page.getByTestId("login-error")).toHaveText("Nepoznato korisničko ime ili lozinka!");
    await logIn(page, js, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    if (!js) await expect(toast(page)).toHaveText("Uspješno ste se prijavili");
    // …and the profile, by name, to a signed-in customer.
    await expect(page.getByTestId("account-link")).toHaveAccessibleName("Moj račun (Ena)");
    await page.getByTestId("account-link").click();
    await expect(page).toHaveURL(/\/profil$/);
    await expect(page.getByTestId("profile-page")).toBeVisible();
  });

  test("register with a delivery and a different billing address", async ({ page, js }, info) => {
    await register(page, js, `adrese-${info.project.name}@example.com`, true);
    await page.goto("/profil");
    await expect(page.getByTestId("address-form-new")).toBeVisible();
    // Two stored addresses (shipping and billing) plus the empty 'new address' form.
    await expect(page.locator('[data-testid^="address-form-"]')).toHaveCount(3);
  });

  test("the browser refuses a short password and a mismatch is named by the server", async ({ page, js }, info) => {
    await page.goto("/registracija");
    await ready(page, js);
    const form = page.getByTestId("register-form");
    await form.locator('[name="password"]').fill("kratka");
    await expect(form.locator('[name="password"]')).toHaveJSProperty("validity.tooShort", true);
    await expect(form.locator('[name="password"]')).toHaveAttribute("minlength", "8");
    await form.locator('[name="firstName"]').fill("Ena");
    await form.locator('[name="lastName"]').fill("Enić");
    await form.locator('[name="email"]').fill(`razlika-${info.project.name}@example.com`);
    await form.locator('[name="password"]').fill(PASSWORD);
    await form.locator('[name="confirmedPassword"]').fill("Lozinka124");
    for (const box of await form.locator('input[name="acceptedConsents"]').all()) await box.check();
    await form.getByRole("button", { name: "Registracija" }).click();
    await expect(page.locator("#register-confirmedPassword-error")).toHaveText("Lozinke se ne podudaraju");
    await expect(form.locator('[name="email"]')).toHaveValue(`razlika-${info.project.name}@example.com`);
  });

  test("profile: change the name and the password; the password form is cleared", async ({ page, js }, info) => {
    const email = `profil-${info.project.name}@example.com`;
    await register(page, js, email);
    await page.goto("/profil");
    await ready(page, js);
    const details = page.getByTestId("profile-form");
    await details.locator('[name="firstName"]').fill("Elena");
    await details.getByRole("button", { name: "Spremi" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pozdrav, Elena");

    const password = page.getByTestId("password-form");
    await password.locator('[name="oldPassword"]').fill("Kriva12345");
    await password.locator('[name="newPassword"]').fill("Nova123456");
    await password.locator('[name="newPasswordAgain"]').fill("Nova123456");
    await password.getByRole("button", { name: "Promijeni lozinku" }).click();
    await expect(page.locator("#password-oldPassword-error")).toHaveText("Stara lozinka nije ispravna.");

    await page.getByTestId("password-form").locator('[name="oldPassword"]').fill(PASSWORD);
    await page.getByTestId("password-form").locator('[name="newPassword"]').fill("Nova123456");
    await page.getByTestId("password-form").locator('[name="newPasswordAgain"]').fill("Nova123456");
    await page.getByTestId("password-form").getByRole("button", { name: "Promijeni lozinku" }).click();
    if (js) await expect(page.getByText("Lozinka je promijenjena.")).toBeVisible();
    else await expect(toast(page)).toHaveText("Lozinka je promijenjena.");
    for (const name of ["oldPassword", "newPassword", "newPasswordAgain"])
      await expect(page.getByTestId("password-form").locator(`[name="${name}"]`)).toHaveValue("");

    await logOut(page, js);
    await logIn(page, js, email, "Nova123456");
    await expect(page).toHaveURL(/\/$/);
  });
});
