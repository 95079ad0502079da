import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";
import { withQuoteCart } from "./quote-cart";

/**
 * A request-quote cart becomes an order the customer pays (docs/decisions/0076
 * and its addendum), with JavaScript and without: the shopper sends the quote request, the
 * backoffice prices it into an order draft, the customer opens the mailed offer link (read
 * through the outbox screen), gives the delivery address (billing the same), chooses bank
 * transfer and sees the success page with the payment slip. The request-quote cart is
 * switched on for this file only and off again after it.
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";

withQuoteCart();

test("the customer accepts a priced quote from the mailed link with the address and pays by bank transfer", async ({
  page,
  browser,
  baseURL,
  js,
}, info) => {
  const email = `offer-${info.project.name}-${Date.now()}@example.com`;
  // The shopper's quote request.
  await page.goto(SANDWICH);
  await ready(page, js);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  await expect(page).toHaveURL(/\/kosarica$/);
  await ready(page, js);
  await page.getByRole("link", { name: "Pošalji upit" }).click();
  const box = js ? page.getByRole("dialog", { name: "Upit za ponudu" }) : page.getByTestId("cart-inquiry-page");
  await box.getByLabel(/^Ime/).fill("Iva");
  await box.getByLabel(/^E-mail adresa/).fill(email);
  await box.getByLabel(/^Poruka/).fill("Molim ponudu s dostavom.");
  await box.getByRole("checkbox").check();
  await box.getByRole("button", { name: "Pošalji upit" }).click();
  await expect(page.getByTestId("cart-empty")).toBeVisible();

  // The backoffice prices it into an order draft.
  await loginAsAdmin(page, "/admin/enquiries");
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(email)}`);
  await page.getByTestId("enquiry-row").getByTestId("enquiry-link").click();
  await ready(page, js);
  const draft = page.getByTestId("draft-form");
  await draft.locator('input[name="prices[0]"]').fill("120,00");
  await draft.locator('input[name="delivery"]').fill("15");
  await draft.getByRole("button", { name: "Izradi narudžbu i pošalji kupcu" }).click();
  await expect(
    page.getByText(/^Narudžba \d{4}-\d{6} je izrađena; poruka kupcu čeka u redu za slanje \(slanje e-pošte nije podešeno\)\.$/).first(),
  ).toBeVisible();

  // The offer's mail as the outbox shows it.
  await page.goto(`/admin/mail?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /^Ponuda \d{4}-\d{6}/ }).click();
  const link = /https?:\/\/\S+\/ponuda\/\S+/.exec((await page.getByTestId("mail-text").textContent()) ?? "")?.[0];
  expect(link).toBeTruthy();

  // The customer, not signed in, opens the link.
  const customer = await browser.newContext({ javaScriptEnabled: js });
  try {
    await customer.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
    const tab = await customer.newPage();
    await tab.goto(link!);
    await ready(tab, js);
    const form = tab.getByTestId("offer-form");
    const delivery = form.getByTestId("offer-delivery");
    await expect(delivery.getByLabel(/^Ime/)).toHaveValue("Iva");
    await expect(delivery.getByLabel(/^Kontakt e-mail/)).toHaveValue(email);
    await expect(form.getByRole("checkbox", { name: "Adresa za račun ista je kao adresa dostave" })).toBeChecked();
    await expect(form.getByTestId("offer-billing")).toBeHidden();
    await delivery.getByLabel(/^Prezime/).fill("Ivić");
    await delivery.getByLabel(/^Kontakt telefon/).fill("+385 91 222 333");
    await delivery.getByLabel(/^Država/).selectOption("HR");
    await delivery.getByLabel(/^Grad/).fill("Rijeka");
    await delivery.getByLabel(/^Ulica/).fill("Korzo");
    await delivery.getByLabel(/^Kućni broj/).fill("7");
    await delivery.getByLabel(/^Poštanski broj/).fill("51000");
    await form.getByRole("radio", { name: /Virmansko plaćanje/ }).check();
    await form.getByRole("button", { name: "Prihvati ponudu i plati" }).click();

    await expect(tab).toHaveURL(/\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/);
    const slip = tab.getByTestId("bank-transfer-details");
    await expect(slip.getByTestId("bank-transfer-model")).toHaveText("HR01");
    await expect(slip.getByRole("img", { name: "2D kod uplatnice (HUB-3) za mobilno bankarstvo" })).toBeVisible();
    // The offer link now says it was accepted and shows the address given.
    await tab.goto(link!);
    await expect(tab.getByTestId("order-offer")).toContainText("Ova je ponuda već prihvaćena.");
    await expect(tab.getByTestId("order-offer")).toContainText("Korzo 7");
    await expect(tab.getByTestId("offer-form")).toHaveCount(0);
  } finally {
    await customer.close();
  }
});
