import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { CUSTOMER_PASSWORD, registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * Customer groups (decision 0107) in the browser, with JavaScript on and off: the owner
 * creates a group with 20 % off and puts a newly registered customer in it; the customer
 * signs in and sees the group's price (the catalogue price struck through) on the product
 * page and pays it in the cart. Both projects share one database, so every name carries the
 * project's name.
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir"; // 34,90 EUR; 20 % off: 27,92 EUR
const eur = (amount: string) => new RegExp(`^${amount}\\sEUR$`);

async function freshVisitor(page: Page, baseURL: string) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
}

test.describe("customer groups", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("the owner puts a customer in a group; signed in, the customer sees and pays the group's price", async ({
    page,
    js,
    baseURL,
  }, info) => {
    const email = await registerCustomer(page, js, `grupa-${info.project.name}`);
    await freshVisitor(page, baseURL!);

    const group = `Izvođači ${info.project.name} ${Date.now()}`;
    await loginAsAdmin(page, "/admin/customer-groups/new");
    await ready(page, js);
    const form = page.getByTestId("group-form");
    await form.locator('[name="name.hr"]').fill(group);
    await form.locator('[name="discount"]').fill("95");
    await form.getByRole("button", { name: "Spremi" }).click();
    await expect(page.getByText("Upišite popust od 0 do 90, cijeli broj ili s jednom decimalom (npr. 12,5).")).toBeVisible();
    await form.locator('[name="discount"]').fill("20");
    await form.getByRole("button", { name: "Spremi" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(group);

    await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
    await page.getByTestId("customer-row").getByRole("link").first().click();
    await expect(page.getByTestId("customer-email")).toHaveText(email);
    await ready(page, js);
    await page.getByTestId("customer-group-select").selectOption({ label: group });
    await page.getByRole("button", { name: "Spremi grupu" }).click();
    await expect(page.getByText("Grupa kupca je spremljena.").first()).toBeAttached();
    await expect(page.getByTestId("customer-group-select").locator("option:checked")).toHaveText(group);
    await expect(page.getByTestId("audit-entry").first()).toContainText(group);

    await freshVisitor(page, baseURL!);
    await page.goto(SANDWICH);
    await expect(page.getByTestId("final-price")).toHaveText(eur("34,90"));
    await expect(page.getByTestId("catalogue-price")).toHaveCount(0);

    await page.goto("/prijava");
    await ready(page, js);
    const login = page.getByTestId("login-form");
    await login.locator('[name="username"]').fill(email);
    await login.locator('[name="password"]').fill(CUSTOMER_PASSWORD);
    await login.getByRole("button", { name: "Prijava" }).click();
    await expect(page).not.toHaveURL(/\/prijava/);

    await page.goto(SANDWICH);
    await ready(page, js);
    await expect(page.getByTestId("final-price")).toHaveText(eur("27,92"));
    await expect(page.getByTestId("catalogue-price")).toHaveText(eur("34,90"));
    await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
    await expect(page).toHaveURL(/\/kosarica$/);
    const line = page.getByTestId("cart-line").first();
    await expect(line.getByTestId("cart-line-unit")).toContainText("27,92");
    await expect(line.getByTestId("cart-line-group-price")).toHaveText("Cijena za vašu grupu kupaca");
  });
});
