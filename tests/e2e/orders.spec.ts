import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * The profile's orders and paying by card (decisions 0012 and 0021), with JavaScript on and
 * off: the list, an order's page, the invoice download, the card journey through the
 * built-in test provider (pay, and decline then pay again) and a bank transfer's payment
 * slip. Orders are placed by the test provider's fixture route for the demo customer.
 */
async function logIn(page: Page, js: boolean) {
  await page.goto("/prijava");
  await ready(page, js);
  const form = page.getByTestId("login-form");
  await form.locator('[name="username"]').fill("kupac@example.com");
  await form.locator('[name="password"]').fill("Kupac2026!");
  await form.getByRole("button", { name: "Prijava" }).click();
  await expect(page).not.toHaveURL(/prijava/);
}

async function placeOrder(page: Page, gateway: "card" | "bankTransfer") {
  const response = await page.request.post("/test-payment-provider/orders", { form: { gateway } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { slug: string }).slug;
}

async function openOrder(page: Page, js: boolean, slug: string) {
  await page.goto("/profil");
  await ready(page, js);
  await page.getByTestId("order-list").getByRole("link", { name: slug }).click();
  await expect(page).toHaveURL(`/profil/narudzbe/${slug}`);
  await ready(page, js);
}

test("the order history lists the order and its page shows lines, totals and the invoice download", async ({ page, js }) => {
  await logIn(page, js);
  const slug = await placeOrder(page, "card");
  await page.goto("/profil");
  await ready(page, js);
  const row = page.getByTestId("order-row").filter({ hasText: slug });
  await expect(row).toContainText("Zaprimljena");
  await expect(row).toContainText("167,70 EUR");
  await openOrder(page, js, slug);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Narudžba ${slug}`);
  await expect(page.getByTestId("order-lines")).toContainText("Aluminijski krovni panel – čelično siva");
  await expect(page.getByTestId("order-total-total")).toHaveText("167,70 EUR");
  await expect(page.getByTestId("payment-status")).toHaveText("Čeka plaćanje");
  const download = page.waitForEvent("download");
  await page.getByTestId("invoice-link").click();
  expect((await download).suggestedFilename()).toBe(`racun-${slug}.pdf`);
});

test("paying by card through the test provider ends on the success page and the order is paid", async ({ page, js }) => {
  await logIn(page, js);
  const slug = await placeOrder(page, "card");
  await openOrder(page, js, slug);
  await page.getByRole("button", { name: "Plati karticom" }).click();
  await expect(page.getByTestId("test-provider")).toBeVisible();
  await expect(page.getByTestId("provider-order")).toHaveText(slug);
  await page.getByRole("button", { name: "Plati", exact: true }).click();
  await expect(page).toHaveURL(`/naplata/uspjesna?orderSlug=${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hvala na vašoj narudžbi!");
  await expect(page.getByTestId("order-slug")).toContainText(slug);
  await page.goto(`/profil/narudzbe/${slug}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Plaćeno");
  await expect(page.getByRole("button", { name: "Plati karticom" })).toHaveCount(0);
});

test("a declined card payment shows the failure page with a way to pay again", async ({ page, js }) => {
  await logIn(page, js);
  const slug = await placeOrder(page, "card");
  await openOrder(page, js, slug);
  await page.getByRole("button", { name: "Plati karticom" }).click();
  await page.getByRole("button", { name: "Odbij" }).click();
  await expect(page).toHaveURL(`/checkout/failure?orderSlug=${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plaćanje nije uspjelo");
  await page.getByTestId("retry-payment").click();
  await expect(page).toHaveURL(`/profil/narudzbe/${slug}`);
  await ready(page, js);
  await expect(page.getByTestId("payment-status")).toHaveText("Plaćanje nije uspjelo");
  await page.getByRole("button", { name: "Plati karticom" }).click();
  await page.getByRole("button", { name: "Odustani" }).click();
  await expect(page).toHaveURL(`/checkout/failure?orderSlug=${slug}`);
});

test("a bank-transfer order shows the payment details and the HUB-3 barcode; someone else's order is not found", async ({ page, js }) => {
  await logIn(page, js);
  const slug = await placeOrder(page, "bankTransfer");
  await openOrder(page, js, slug);
  const details = page.getByTestId("bank-transfer-details");
  await expect(details.getByTestId("bank-transfer-model")).toHaveText("HR01");
  await expect(details.getByTestId("bank-transfer-reference")).toHaveText(slug);
  await expect(details.getByRole("img", { name: "2D kod uplatnice (HUB-3) za mobilno bankarstvo" })).toBeVisible();
  const response = await page.goto("/profil/narudzbe/1999-000000");
  expect(response?.status()).toBe(404);
});
