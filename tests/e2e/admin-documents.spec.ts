import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * An order's documents from the backoffice (decision 0104), JavaScript on and off: the
 * owner downloads the invoice, the delivery note and the HUB-3 payment slip of a bank
 * transfer order by plain links; once the order is cancelled, the invoice is marked
 * cancelled and its storno is there, for the owner and for the customer.
 */
async function download(page: Page, testId: string) {
  const waiting = page.waitForEvent("download");
  await page.getByTestId(testId).click();
  return (await waiting).suggestedFilename();
}

test("the owner prints the invoice, delivery note and payment slip; a cancellation adds the storno", async ({
  page,
  js,
  browser,
}, info) => {
  test.setTimeout(120_000);
  // An order of the demo customer, placed by the test provider's fixture route (as orders.spec.ts does).
  await page.goto("/prijava");
  await ready(page, js);
  const form = page.getByTestId("login-form");
  await form.locator('[name="username"]').fill("kupac@example.com");
  await form.locator('[name="password"]').fill("Kupac2026!");
  await form.getByRole("button", { name: "Prijava" }).click();
  await expect(page).not.toHaveURL(/prijava/);
  const placed = await page.request.post("/test-payment-provider/orders", { form: { gateway: "bankTransfer" } });
  expect(placed.status()).toBe(200);
  const { slug } = (await placed.json()) as { slug: string };

  const context = await browser.newContext({ baseURL: info.project.use.baseURL!, javaScriptEnabled: js });
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/orders/${slug}`);
  await ready(admin, js);
  const documents = admin.getByTestId("order-documents");
  await expect(documents.getByTestId("admin-invoice-link")).toHaveText(/^Račun \d+\/WEB1\/1 \(PDF\)$/);
  await expect(documents.getByTestId("admin-storno-link")).toHaveCount(0);
  expect(await download(admin, "admin-invoice-link")).toBe(`racun-${slug}.pdf`);
  expect(await download(admin, "admin-delivery-note-link")).toBe(`otpremnica-${slug}.pdf`);
  expect(await download(admin, "admin-payment-slip-link")).toBe(`uplatnica-${slug}.pdf`);
  // Printed once, the delivery note is an issued document with its number.
  await admin.reload();
  await expect(documents.getByTestId("admin-delivery-note-link")).toHaveText(/^Otpremnica OTP-\d{4}-\d{6} \(PDF\)$/);

  // A <details> opens without JavaScript too.
  await admin.locator("summary", { hasText: "Otkaži narudžbu" }).click();
  const cancel = admin.getByTestId("move-cancel");
  await cancel.getByLabel("Razlog").fill("Kupac odustao");
  await cancel.getByRole("button", { name: "Otkaži narudžbu" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Otkazana");
  await expect(documents.getByTestId("admin-invoice-cancelled")).toHaveText("stornirano");
  await expect(documents.getByTestId("admin-storno-link")).toHaveText(/^Storno S-\d+\/WEB1\/1 \(PDF\)$/);
  expect(await download(admin, "admin-storno-link")).toBe(`storno-${slug}.pdf`);
  expect(await download(admin, "admin-invoice-link")).toBe(`racun-${slug}.pdf`);
  await context.close();

  // The customer sees the same: the invoice marked cancelled, and the storno.
  await page.goto(`/profil/narudzbe/${slug}`);
  await ready(page, js);
  await expect(page.getByTestId("invoice-cancelled")).toHaveText("stornirano");
  expect(await download(page, "storno-link")).toBe(`storno-${slug}.pdf`);
});
