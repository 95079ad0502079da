import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { registerCustomer } from "./customer";
import { expectAccessible } from "./axe";
import { expect, ready, test } from "./fixtures";

/**
 * The backoffice order journey (decision 0039), JavaScript on and off: a customer orders
 * by bank transfer through the real checkout; the admin marks it paid and ships it with a
 * tracking number; the customer sees the tracking on their order page, and the order's
 * page lists the mails sent to them; then the admin cancels it and the product's stock is
 * back. The chimney flashing has 18 in stock: ordering 15 leaves 3 ("only 3 left").
 */
const PRODUCT = "/product/opsav-dimnjaka-komplet-aluminij";

async function addToCart(page: Page, js: boolean, quantity: number) {
  await page.goto(PRODUCT);
  await ready(page, js);
  const add = page.getByTestId("add-to-cart-form");
  // The product page may show the stock of up to a minute ago (its cache, by design), and the
  // quantity field's max with it: the server's stock check is the one this test relies on.
  await add.evaluate((form) => form.setAttribute("novalidate", ""));
  await add.locator('[name="quantity"]').fill(String(quantity));
  await add.getByRole("button", { name: "Dodaj u košaricu" }).click();
}

/** Checkout by bank transfer, as in checkout.spec.ts; returns the order number. */
async function orderByBankTransfer(page: Page, js: boolean, quantity: number) {
  await addToCart(page, js, quantity);
  await page.getByTestId("checkout-link").click();
  await expect(page).toHaveURL(/\/naplata$/);
  await ready(page, js);
  for (const [name, value] of Object.entries({
    firstName: "Iva",
    lastName: "Ivić",
    contactPhone: "091 234 5678",
    city: "Split",
    street: "Riva",
    houseNumber: "5",
    zipCode: "21000",
  })) {
    await page.getByTestId("address-form").locator(`[name="delivery.${name}"]`).fill(value);
  }
  await page.getByTestId("address-form").locator('[name="delivery.country"]').selectOption("HR");
  await page.getByTestId("address-form").getByRole("button", { name: "Nastavi na dostavu" }).click();
  await expect(page.getByTestId("step-shipping")).toHaveAttribute("data-active", "true");
  if (!js) await page.getByRole("button", { name: "Potvrdi način dostave" }).click();
  await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true", { timeout: 10_000 });
  const payment = page.getByTestId("payment-form");
  await payment.getByRole("radio", { name: /Virmansko plaćanje/ }).check();
  for (const box of await payment.locator('input[name="acceptedConsents"]').all()) await box.check();
  await payment.getByRole("button", { name: "Naruči i plati" }).click();
  await expect(page).toHaveURL(/\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/);
  return new URL(page.url()).searchParams.get("orderSlug")!;
}

async function adminPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

test("an order by bank transfer is paid, shipped with tracking, seen by the customer, then cancelled with its stock back", async ({
  page,
  js,
  browser,
}, info) => {
  test.setTimeout(150_000);
  const baseURL = info.project.use.baseURL!;
  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  const email = await registerCustomer(page, js, `admin-orders-${info.project.name}`);
  const slug = await orderByBankTransfer(page, js, 15);
  // 3 are left: another 15 do not fit.
  await addToCart(page, js, 15);
  await expect(page.getByText("Nema dovoljno na zalihi: dostupno je 3 kom.")).toBeVisible();

  const admin = await adminPage(browser, js, baseURL);
  await admin.goto("/admin/orders");
  await ready(admin, js);
  await admin.getByRole("link", { name: slug }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${slug}$`));
  await ready(admin, js);
  await expect(admin.getByTestId("order-customer")).toContainText(email);
  if (js) await expectAccessible(admin, { context: "admin order" }); // decision 0067
  // Only the moves the state allows: not yet "shipped" while the transfer is awaited.
  await expect(admin.getByTestId("move-ship")).toHaveCount(0);

  // Paid: the day and the amount default to today and what is still owed (the whole total).
  await admin.getByTestId("move-markPaid").getByRole("button", { name: "Evidentiraj uplatu" }).click();
  await expect(admin.getByTestId("order-payment-status")).toHaveText("Plaćeno");
  await expect(admin.getByTestId("paid-amount-warning")).toHaveCount(0);

  // Shipped with the tracking; a plain http link is refused first.
  const ship = admin.getByTestId("move-ship");
  await ship.getByLabel("Dostavna služba").fill("GLS");
  await ship.getByLabel("Broj pošiljke").fill("GLS-556677");
  await ship.getByLabel("Poveznica za praćenje").fill("http://gls-group.eu/track");
  await ship.getByRole("button", { name: "Evidentiraj pošiljku" }).click();
  await expect(admin.getByText("Poveznica za praćenje mora biti https adresa.")).toBeVisible();
  await admin.getByTestId("move-ship").getByLabel("Poveznica za praćenje").fill("https://gls-group.eu/track?match=GLS-556677");
  await admin.getByTestId("move-ship").getByRole("button", { name: "Evidentiraj pošiljku" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Poslana");
  await expect(admin.getByTestId("order-shipment")).toContainText("GLS-556677");

  // The customer's mails: confirmation, paid and shipped, all to them.
  const mails = admin.getByTestId("order-mails");
  for (const kind of ["Potvrda narudžbe", "Plaćanje zaprimljeno", "Narudžba poslana"])
    await expect(mails.getByRole("row").filter({ hasText: kind }).filter({ hasText: email })).toHaveCount(1);

  // The customer sees how to follow the parcel.
  await page.goto(`/profil/narudzbe/${slug}`);
  await expect(page.getByTestId("order-status")).toHaveText("Poslana");
  await expect(page.getByTestId("tracking-number")).toHaveText("GLS-556677");
  await expect(page.getByTestId("tracking-link")).toHaveAttribute("href", "https://gls-group.eu/track?match=GLS-556677");
  if (js) await expectAccessible(page, { context: "the customer's order" }); // decision 0067

  // Cancelled (the parcel came back): stock returned, the money is owed back by bank.
  const cancel = admin.getByTestId("move-cancel");
  // A <details> opens without JavaScript too.
  await admin.locator("summary", { hasText: "Otkaži narudžbu" }).click();
  await cancel.getByLabel("Razlog").fill("Pošiljka vraćena pošiljatelju");
  await cancel.getByRole("button", { name: "Otkaži narudžbu" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Otkazana");
  await expect(admin.getByTestId("refund-by-bank")).toBeVisible();
  await expect(admin.getByTestId("audit-trail")).toContainText("Otkazano");
  // The bank sent the money back: recorded with its day and statement, the order is refunded.
  const refund = admin.getByTestId("move-refund");
  await admin.locator("summary", { hasText: "Evidentiraj povrat novca" }).click();
  await refund.getByLabel("Napomena (npr. broj izvoda)").fill("Izvod 17");
  await refund.getByRole("button", { name: "Evidentiraj povrat novca" }).click();
  await expect(admin.getByTestId("order-payment-status")).toHaveText("Povrat novca izvršen");
  await expect(admin.getByTestId("refund-by-bank")).toHaveCount(0);
  await expect(admin.getByTestId("order-ledger").getByTestId("ledger-row")).toHaveCount(2);
  await expect(admin.getByTestId("order-ledger")).toContainText("Izvod 17");
  await expect(admin.getByTestId("no-moves")).toBeVisible();
  await admin.context().close();

  // The 15 are back in stock: the product page says so at once, and 15 fit in a cart again.
  await addToCart(page, js, 15);
  await expect(page.getByTestId("checkout-link")).toBeVisible();
  await page.goto(PRODUCT);
  await expect(page.getByTestId("stock-state")).toHaveText("Dostupno");
  await expect(page.getByTestId("low-stock")).toHaveCount(0);
});
