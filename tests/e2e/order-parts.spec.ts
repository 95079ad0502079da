import type { Locator, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * An order shipped and returned in parts from the backoffice (decision 0108), JavaScript
 * on and off: the owner ships one gutter first and the rest later, each parcel with its own
 * delivery note; asks for more than is left and is told the most; then takes one panel back
 * with its credit note and refund; the customer sees the parcels and the credit note.
 */
async function download(page: Page, testId: string) {
  const waiting = page.waitForEvent("download");
  await page.getByTestId(testId).click();
  return (await waiting).suggestedFilename();
}

/** The browser would refuse a number above the field's max by itself: the test sends it to hear the server's word. */
async function withoutBrowserChecks(form: Locator) {
  await form.evaluate((element) => element.setAttribute("novalidate", ""));
}

test("the owner ships an order in two parcels and takes part of it back; the customer sees both", async ({ page, js, browser }, info) => {
  test.setTimeout(150_000);
  await page.goto("/prijava");
  await ready(page, js);
  const login = page.getByTestId("login-form");
  await login.locator('[name="username"]').fill("kupac@example.com");
  await login.locator('[name="password"]').fill("Kupac2026!");
  await login.getByRole("button", { name: "Prijava" }).click();
  await expect(page).not.toHaveURL(/prijava/);
  // 3 panels and 2 gutters by bank transfer (the test provider's fixture route, as admin-documents.spec.ts).
  const placed = await page.request.post("/test-payment-provider/orders", { form: { gateway: "bankTransfer" } });
  expect(placed.status()).toBe(200);
  const { slug } = (await placed.json()) as { slug: string };

  const context = await browser.newContext({ baseURL: info.project.use.baseURL!, javaScriptEnabled: js });
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/orders/${slug}`);
  await ready(admin, js);
  await admin.getByTestId("move-markPaid").getByRole("button", { name: "Evidentiraj uplatu" }).click();
  await expect(admin.getByTestId("order-payment-status")).toHaveText("Plaćeno");

  // First parcel: one gutter, no panels.
  const ship = admin.getByTestId("move-ship");
  await expect(ship.getByLabel("Žlijeb 3 m")).toHaveValue("2");
  await ship.getByLabel("Aluminijski krovni panel").fill("0");
  await ship.getByLabel("Žlijeb 3 m").fill("1");
  await ship.getByLabel("Dostavna služba").fill("GLS");
  await ship.getByRole("button", { name: "Evidentiraj pošiljku" }).click();
  const parts = admin.getByTestId("order-parts");
  await expect(parts.getByTestId("order-shipment-part")).toHaveCount(1);
  await expect(parts.getByTestId("order-shipment-part")).toContainText("Žlijeb 3 m × 1");
  await expect(admin.getByTestId("order-status")).toHaveText("Zaprimljena");
  await expect(parts.getByTestId("shipment-delivery-note-1")).toHaveText(/^Otpremnica OTP-\d{4}-\d{6} \(PDF\)$/);
  expect(await download(admin, "shipment-delivery-note-1")).toBe(`otpremnica-${slug}-1.pdf`);

  // More panels than are left: the most is named at the field, nothing shipped.
  await withoutBrowserChecks(admin.getByTestId("move-ship"));
  await admin.getByTestId("move-ship").getByLabel("Aluminijski krovni panel").fill("5");
  await admin.getByTestId("move-ship").getByRole("button", { name: "Evidentiraj pošiljku" }).click();
  await expect(admin.getByText("može se poslati najviše 3.")).toBeVisible();
  await expect(parts.getByTestId("order-shipment-part")).toHaveCount(1);

  // The rest: the order is shipped, with a second note of its own.
  await admin.getByTestId("move-ship").getByLabel("Aluminijski krovni panel").fill("3");
  await admin.getByTestId("move-ship").getByLabel("Žlijeb 3 m").fill("1");
  await admin.getByTestId("move-ship").getByRole("button", { name: "Evidentiraj pošiljku" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Poslana");
  await expect(parts.getByTestId("order-shipment-part")).toHaveCount(2);
  expect(await download(admin, "shipment-delivery-note-2")).toBe(`otpremnica-${slug}-2.pdf`);
  await admin.getByTestId("move-deliver").getByRole("button", { name: "Označi kao dostavljeno" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Dostavljena");

  // One panel comes back; asking for more than was sent is refused first.
  await admin.locator("summary", { hasText: "Povrat dijela narudžbe" }).click();
  const back = admin.getByTestId("move-returnPart");
  await withoutBrowserChecks(back);
  await back.getByLabel("Aluminijski krovni panel").fill("4");
  await back.getByLabel("Razlog").fill("Oštećen u transportu");
  await back.getByRole("button", { name: "Zaprimi povrat dijela" }).click();
  await expect(admin.getByText("može se vratiti najviše 3 (poslano, a još nevraćeno).")).toBeVisible();
  await expect(admin.getByTestId("order-return-part")).toHaveCount(0);
  await admin.getByTestId("move-returnPart").getByLabel("Aluminijski krovni panel").fill("1");
  await admin.getByTestId("move-returnPart").getByRole("button", { name: "Zaprimi povrat dijela" }).click();
  await expect(admin.getByTestId("order-return-part")).toHaveCount(1);
  // The panel's 45,90 is suggested and recorded as the refund.
  await expect(admin.getByTestId("order-return-part")).toContainText("vraćeno kupcu 45,90");
  await expect(admin.getByTestId("order-ledger").getByTestId("ledger-row")).toHaveCount(2);
  await expect(admin.getByTestId("order-status")).toHaveText("Dostavljena");
  await expect(admin.getByTestId("audit-trail")).toContainText("Povrat dijela");
  const creditNote = (await admin.getByTestId("return-credit-note-1").textContent())!.match(/\d{4}-\d{6}/)![0];
  expect(await download(admin, "return-credit-note-1")).toBe(`odobrenje-${creditNote}.pdf`);
  await context.close();

  // The customer sees both parcels and the credit note of the part that went back.
  await page.goto(`/profil/narudzbe/${slug}`);
  await ready(page, js);
  await expect(page.getByTestId("order-parcels").getByTestId("parcel")).toHaveCount(2);
  expect(await download(page, "credit-note-link-1")).toBe(`odobrenje-${creditNote}.pdf`);
});
