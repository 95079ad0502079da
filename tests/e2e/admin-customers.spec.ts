import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The backoffice customers (decision 0040) in the browser, with JavaScript on and off:
 * a customer registers, the admin finds them by search and blocks them, and the real
 * /prijava form then refuses them with the message; the list's CSV export downloads with
 * the brief's columns. Both projects share one database, so every address carries the
 * project's name.
 */
const PASSWORD = "Lozinka123";
const CSV_HEADER = "ID;E-mail;Ime;Prezime;Tvrtka;Telefon;Stvoren;Potvrđen e-mail;Blokiran;Grupa kupaca;Narudžbe;Ukupno potrošeno";

async function register(page: Page, js: boolean, email: string) {
  await page.goto("/registracija");
  await ready(page, js);
  const form = page.getByTestId("register-form");
  await form.locator('[name="firstName"]').fill("Blanka");
  await form.locator('[name="lastName"]').fill("Blokić");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="password"]').fill(PASSWORD);
  await form.locator('[name="confirmedPassword"]').fill(PASSWORD);
  for (const box of await form.locator('input[name="acceptedConsents"]').all()) await box.check();
  await form.getByRole("button", { name: "Registracija" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function freshVisitor(page: Page, baseURL: string) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
}

test.describe("admin customers", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("the admin finds a customer by search and blocks them; the customer can no longer sign in", async ({ page, js, baseURL }, info) => {
    const email = `blanka-${info.project.name}@example.com`;
    await register(page, js, email);
    await freshVisitor(page, baseURL!);

    await loginAsAdmin(page, "/admin/customers");
    await ready(page, js);
    await page.getByLabel("Ime, e-mail, tvrtka ili telefon").fill(email);
    await page.getByRole("button", { name: "Filtriraj" }).click();
    await expect(page).toHaveURL(/q=blanka-/);
    const rows = page.getByTestId("customer-row");
    await expect(rows).toHaveCount(1);
    await rows.getByRole("link", { name: "Blanka Blokić" }).click();

    await expect(page.getByTestId("customer-email")).toHaveText(email);
    await ready(page, js);
    await page.getByRole("button", { name: "Blokiraj kupca" }).click();
    await expect(page.getByText("Kupac je blokiran.")).toBeVisible();
    await expect(page.getByTestId("customer-profile").getByTestId("blocked-badge")).toBeVisible();
    await expect(page.getByRole("button", { name: "Odblokiraj kupca" })).toBeVisible();
    await expect(page.getByTestId("audit-entry").first()).toContainText("Blokiran");

    await freshVisitor(page, baseURL!);
    await page.goto("/prijava");
    await ready(page, js);
    const form = page.getByTestId("login-form");
    await form.locator('[name="username"]').fill(email);
    await form.locator('[name="password"]').fill(PASSWORD);
    await form.getByRole("button", { name: "Prijava" }).click();
    await expect(page.getByTestId("login-error")).toHaveText("Ovaj račun je blokiran. Za pomoć se obratite trgovini.");
  });

  test("the customers CSV export downloads with the right header columns", async ({ page, js }) => {
    await loginAsAdmin(page, "/admin/customers");
    await ready(page, js);
    // The export is of the filtered list: the search travels in the link.
    await page.getByLabel("Ime, e-mail, tvrtka ili telefon").fill("blanka-");
    await page.getByRole("button", { name: "Filtriraj" }).click();
    await expect(page).toHaveURL(/q=blanka-/);
    const link = page.getByTestId("csv-export");
    await expect(link).toHaveAttribute("href", /^\/admin\/customers\.csv\?.*q=blanka-/);
    let bytes: Buffer;
    if (js) {
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^kupci-\d{4}-\d{2}-\d{2}\.csv$/);
      const chunks: Buffer[] = [];
      for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
      bytes = Buffer.concat(chunks);
    } else {
      // Without JavaScript the same link is a plain download: fetched here with the page's session.
      const response = await page.request.get((await link.getAttribute("href"))!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="kupci-/);
      bytes = await response.body();
    }
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d+;blanka-[\w-]+@example\.com;Blanka;Blokić;/);
  });
});
