import type { Page } from "@playwright/test";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * The checkout journey (decision 0011), from an empty cart to the success page, with
 * JavaScript on (the first delivery method is chosen and submitted by itself ~1.5 s after
 * the address step) and off (every step a plain form), in Croatian and in English. Each
 * run registers its own customer: both projects share one database.
 */

const TEXT = {
  hr: {
    product: "/product/krovni-sendvic-panel-40-mm-pir",
    add: "Dodaj u košaricu",
    address: "Nastavi na dostavu",
    shipping: "Potvrdi način dostave",
    pay: "Naruči i plati",
    change: "Izmijeni",
    branch: "Odaberite poslovnicu za preuzimanje.",
    consent: "Molimo prihvatite sve obavezne privole",
    required: "Unos ovog polja je obavezan",
    thanks: "Hvala na vašoj narudžbi!",
    success: /\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/,
    checkout: /\/naplata$/,
  },
  en: {
    product: "/en/product/insulated-roof-sandwich-panel-40-mm-pir",
    add: "Add to cart",
    address: "Continue to delivery",
    shipping: "Confirm delivery method",
    pay: "Place order",
    change: "Change",
    branch: "Please choose a branch for pick-up.",
    consent: "Please accept all required consents",
    required: "This field is required",
    thanks: "Thank you for your order!",
    success: /\/en\/checkout\/success\?orderSlug=\d{4}-\d{6}$/,
    checkout: /\/en\/checkout$/,
  },
} as const;

for (const locale of ["hr", "en"] as const) {
  const text = TEXT[locale];
  test(`checkout from an empty cart to the success page (${locale})`, async ({ page, js }, info) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: info.project.use.baseURL! }]);
    await registerCustomer(page, js, `checkout-${info.project.name}`);
    await page.goto(text.product);
    await ready(page, js);
    await page.getByTestId("add-to-cart-form").getByRole("button", { name: text.add }).click();
    await page.getByTestId("checkout-link").click();
    await expect(page).toHaveURL(text.checkout);
    await ready(page, js);

    // Address step: a refused form shows the translated messages, then the real address.
    const address = page.getByTestId("address-form");
    await expect(page.getByTestId("step-address")).toHaveAttribute("data-active", "true");
    await address.locator('[name="delivery.firstName"]').fill("");
    await address.locator('[name="delivery.contactPhone"]').fill("091 234 5678");
    if (!js) {
      // The browser would stop an empty required field; the server's answer is what is checked here.
      await address.evaluate((form) => form.setAttribute("novalidate", ""));
      await address.getByRole("button", { name: text.address }).click();
      await expect(page.locator('[id="checkout-delivery.firstName-error"]')).toHaveText(text.required);
    }
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
    await page.getByTestId("address-form").getByRole("button", { name: text.address }).click();

    // Shipping step: with JavaScript it submits itself ~1.5 s later, without it the preselected method is confirmed.
    await expect(page.getByTestId("step-shipping")).toHaveAttribute("data-active", "true");
    if (js) {
      await expect(page.getByTestId("shipping-form")).toHaveAttribute("data-auto-submit", "true");
      await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true", { timeout: 10_000 });
    } else {
      await page.getByRole("button", { name: text.shipping }).click();
      await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true");
    }
    await expect(page.getByTestId("summary-delivery")).toContainText(/25[.,]00/);

    // Back to shipping: the parcel locker needs a branch.
    await page.getByTestId("step-shipping").getByRole("link", { name: text.change }).click();
    await ready(page, js);
    const shipping = page.getByTestId("shipping-form");
    await shipping.getByRole("radio", { name: /paketomat|parcel locker/i }).check();
    await shipping.getByRole("button", { name: text.shipping }).click();
    await expect(page.getByText(text.branch)).toBeVisible();
    await page
      .getByTestId("shipping-form")
      .getByRole("radio", { name: /paketomat|parcel locker/i })
      .check();
    await page.getByTestId("shipping-form").getByRole("combobox").selectOption({ index: 1 });
    await page.getByTestId("shipping-form").getByRole("button", { name: text.shipping }).click();
    await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true");
    await expect(page.getByTestId("summary-delivery")).toContainText(/15[.,]00/);

    // Payment: the required consent, then the order.
    const payment = page.getByTestId("payment-form");
    if (!js) {
      await payment.evaluate((form) => form.setAttribute("novalidate", ""));
      await payment.getByRole("button", { name: text.pay }).click();
      await expect(page.getByText(text.consent)).toBeVisible();
    }
    for (const box of await page.getByTestId("payment-form").locator('input[name="acceptedConsents"]').all()) await box.check();
    await page.getByTestId("payment-form").getByRole("button", { name: text.pay }).click();
    await expect(page).toHaveURL(text.success);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.thanks);
    await expect(page.getByTestId("order-summary")).toContainText(/34[.,]90/);
    await expect(page.getByTestId("order-orderTotal")).toContainText(/49[.,]90/);
  });
}

test("a visitor is sent to log in and comes back to the checkout", async ({ page, js }) => {
  await page.goto("/product/krovni-sendvic-panel-40-mm-pir");
  await ready(page, js);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  await expect(page).toHaveURL(/\/kosarica$/);
  await page.goto("/naplata");
  await expect(page).toHaveURL(/\/prijava\?redirectTo=%2Fnaplata$/);
  await ready(page, js);
  const form = page.getByTestId("login-form");
  await form.locator('[name="username"]').fill("kupac@example.com");
  await form.locator('[name="password"]').fill("Kupac2026!");
  await form.getByRole("button", { name: "Prijava" }).click();
  await expect(page).toHaveURL(/\/naplata$/);
  await expect(page.getByTestId("step-address")).toBeVisible();
});

/**
 * Decisions 0030 and 0031, JavaScript on and off: a cart of e-products only has no delivery
 * step; paid by card, the download link is on the order page and gives the file. A card
 * payment that cannot start (the test provider's simulated outage) leaves the cart as it
 * was and says so; another method then places the order.
 */
const MANUAL = "/product/prirucnik-za-montazu-krovnih-panela-pdf";

async function digitalCheckout(page: Page, js: boolean, project: string, baseURL: string) {
  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  await registerCustomer(page, js, `checkout-${project}`);
  await page.goto(MANUAL);
  await ready(page, js);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  // The built-in cart-addition behaviour goes to the cart (spec §4): wait for it before leaving.
  await expect(page).toHaveURL(/\/kosarica$/);
  await page.goto("/naplata");
  await ready(page, js);
  await expect(page.getByTestId("digital-only")).toBeVisible();
  await expect(page.getByTestId("step-shipping")).toHaveCount(0);
  await expect(page.getByTestId("summary-delivery")).toHaveText("DostavaPutem poveznice za preuzimanje");
  const address = page.getByTestId("address-form");
  await expect(address.locator("legend").first()).toHaveText("Adresa za račun");
  for (const [name, value] of Object.entries({
    firstName: "Iva",
    lastName: "Ivić",
    contactPhone: "091 234 5678",
    city: "Split",
    street: "Riva",
    houseNumber: "5",
    zipCode: "21000",
  })) {
    await address.locator(`[name="delivery.${name}"]`).fill(value);
  }
  await address.locator('[name="delivery.country"]').selectOption("HR");
  await address.getByRole("button", { name: "Nastavi na dostavu" }).click();
  await expect(page.getByTestId("step-payment")).toHaveAttribute("data-active", "true");
  await ready(page, js);
  const payment = page.getByTestId("payment-form");
  await expect(payment.getByRole("radio", { name: /Plaćanje pouzećem/ })).toHaveCount(0);
  for (const box of await payment.locator('input[name="acceptedConsents"]').all()) await box.check();
}

test("e-products only: no delivery step; paid by card, the order page gives the download", async ({ page, js }, info) => {
  test.setTimeout(120_000);
  await digitalCheckout(page, js, info.project.name, info.project.use.baseURL!);
  await page
    .getByTestId("payment-form")
    .getByRole("radio", { name: /Kartično plaćanje/ })
    .check();
  await page.getByTestId("payment-form").getByRole("button", { name: "Naruči i plati" }).click();
  await expect(page.getByTestId("test-provider")).toBeVisible();
  const slug = (await page.getByTestId("provider-order").textContent())!;
  await page.getByRole("button", { name: "Plati", exact: true }).click();
  await expect(page).toHaveURL(`/naplata/uspjesna?orderSlug=${slug}`);
  await page.goto(`/profil/narudzbe/${slug}`);
  await ready(page, js);
  const link = page.getByTestId("download-link");
  await expect(link).toHaveText("Priručnik za montažu krovnih panela (PDF)");
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toBe("prirucnik-za-montazu-krovnih-panela.pdf");
});

test("a card payment that cannot start keeps the cart, says so, and another method places the order", async ({ page, js }, info) => {
  test.setTimeout(120_000);
  await digitalCheckout(page, js, info.project.name, info.project.use.baseURL!);
  expect((await page.request.post("/test-payment-provider/outage", { form: { down: "true" } })).status()).toBe(200);
  try {
    await page
      .getByTestId("payment-form")
      .getByRole("radio", { name: /Kartično plaćanje/ })
      .check();
    await page.getByTestId("payment-form").getByRole("button", { name: "Naruči i plati" }).click();
    await expect(page.getByTestId("payment-error")).toContainText(
      "Plaćanje nije bilo moguće pokrenuti jer pružatelj plaćanja ne odgovara.",
    );
    await expect(page).toHaveURL(/\/naplata$/);
    await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  } finally {
    await page.request.post("/test-payment-provider/outage", { form: { down: "false" } });
  }
  await ready(page, js);
  const payment = page.getByTestId("payment-form");
  await payment.getByRole("radio", { name: /Virmansko plaćanje/ }).check();
  for (const box of await payment.locator('input[name="acceptedConsents"]').all()) await box.check();
  await payment.getByRole("button", { name: "Naruči i plati" }).click();
  await expect(page).toHaveURL(/\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/);
});
