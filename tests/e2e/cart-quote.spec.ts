import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { tabTo } from "./keyboard";
import { withQuoteCart } from "./quote-cart";

/**
 * The request-quote cart (spec §2 Cart variant, §4 Other and §9 pulse flag 500 ms), with
 * JavaScript on and off: the stepper and the delete icon change the cart, 'send inquiry'
 * opens the request modal (with JS) or its page (without), and a sent inquiry empties the
 * cart with a success toast. The shop setting is switched on through the admin for this
 * file only and switched off again after it, so the other files keep the normal cart.
 */
const CART = "/kosarica";
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";
const MANUAL = "/product/prirucnik-za-montazu-krovnih-panela-pdf";
const SENT = "Hvala! Vaš upit za ponudu je poslan, javit ćemo vam se uskoro.";

withQuoteCart();

async function add(page: Page, js: boolean, path: string) {
  await page.goto(path);
  await ready(page, js);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  await expect(page).toHaveURL(new RegExp(`${CART}$`));
}

test("request-quote cart: stepper, delete icon, pulse, send inquiry, cart emptied", async ({ page, js }, info) => {
  await add(page, js, SANDWICH);
  await add(page, js, MANUAL);
  await ready(page, js);
  const list = page.getByTestId("quote-cart-list");
  const lines = list.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId("checkout-link")).toHaveCount(0);
  await expect(page.getByTestId("cart-summary")).toHaveCount(0);

  // The stepper: + sends the update intent (debounced with JS, a plain form without).
  const sandwich = lines.filter({ hasText: "Krovni sendvič panel 40 mm PIR" });
  await sandwich.getByRole("button", { name: /^Povećaj količinu/ }).click();
  await expect(sandwich.getByRole("spinbutton")).toHaveValue("2");
  if (js) await expect(list).toHaveAttribute("data-pulse", "true"); // set for 500 ms once the edit is sent
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  if (js) await expect(list).not.toHaveAttribute("data-pulse");

  // The delete icon.
  await lines
    .filter({ hasText: "Priručnik" })
    .getByRole("button", { name: /^Ukloni Priručnik/ })
    .click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  // 'Send inquiry': the request modal with JS, its page without.
  await page.getByRole("link", { name: "Pošalji upit" }).click();
  let box;
  if (js) {
    box = page.getByRole("dialog", { name: "Upit za ponudu" });
    await expect(box).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${CART}$`));
  } else {
    await expect(page).toHaveURL(/\/kosarica\/upit$/);
    box = page.getByTestId("cart-inquiry-page");
  }
  await expect(box.getByTestId("quote-summary-line")).toContainText("× 2");
  await box.getByLabel(/^Ime/).fill("Iva");
  await box.getByLabel(/^E-mail adresa/).fill(`ponuda-${info.project.name}@example.com`);
  await box.getByLabel(/^Poruka/).fill("Molim ponudu.");
  await box.getByRole("checkbox").check();
  await box.getByRole("button", { name: "Pošalji upit" }).click();

  if (js) {
    await expect(box.getByTestId("enquiry-sent")).toHaveText(SENT);
    await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 5000 });
  } else {
    await expect(page).toHaveURL(new RegExp(`${CART}$`));
    await expect(page.getByRole("status").and(page.locator("[data-toast]"))).toHaveText(SENT);
  }
  await expect(page.getByTestId("cart-empty")).toBeVisible();
});

test("the inquiry asks for the required fields before it is sent", async ({ page, js }) => {
  await add(page, js, SANDWICH);
  await ready(page, js);
  await page.getByRole("link", { name: "Pošalji upit" }).click();
  const box = js ? page.getByRole("dialog", { name: "Upit za ponudu" }) : page.getByTestId("cart-inquiry-page");
  await expect(box.getByLabel(/^Ime/)).toHaveAttribute("required", "");
  await expect(box.getByLabel(/^E-mail adresa/)).toHaveAttribute("required", "");
  await expect(box.getByLabel(/^Poruka/)).toHaveAttribute("required", "");
});

test("the cart modal shows the request-quote cart, and its 'send inquiry' opens the request modal over it", async ({ page, js }, info) => {
  test.skip(!js, "the cart modal needs JavaScript; without it the cart page is its fallback");
  await add(page, js, SANDWICH);
  await page.goto(`${SANDWICH}?cart=open`);
  await ready(page, js);
  const modal = page.getByTestId("cart-modal");
  await expect(modal.getByTestId("quote-cart-list").getByTestId("cart-line")).toHaveCount(1);
  await modal.getByRole("link", { name: "Pošalji upit" }).click();
  const box = page.getByRole("dialog", { name: "Upit za ponudu" });
  await expect(box).toBeVisible();
  await box.getByLabel(/^Ime/).fill("Iva");
  await box.getByLabel(/^E-mail adresa/).fill(`ponuda-modal-${info.project.name}@example.com`);
  await box.getByLabel(/^Poruka/).fill("Molim ponudu.");
  await box.getByRole("checkbox").check();
  await box.getByRole("button", { name: "Pošalji upit" }).click();
  await expect(box.getByTestId("enquiry-sent")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("0");
});

test("the stepper from the keyboard: + and − change the quantity and say it (decision 0067), no axe violations", async ({ page, js }) => {
  await add(page, js, SANDWICH);
  await ready(page, js);
  const line = page.getByTestId("quote-cart-list").getByTestId("cart-line").first();
  const status = line.getByTestId("quantity-status");
  await expect(status).toHaveText("Krovni sendvič panel 40 mm PIR: količina 1");
  if (js) await expectAccessible(page, { context: "request-quote cart" });
  await tabTo(page, '[data-testid="quote-increase"]:not([disabled])');
  await page.keyboard.press("Enter");
  await expect(line.getByRole("spinbutton")).toHaveValue("2");
  await expect(status).toHaveText("Krovni sendvič panel 40 mm PIR: količina 2");
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  // Without JavaScript + posted its form and the page came back: Tab from the top again.
  await tabTo(page, '[data-testid="quote-decrease"]:not([disabled])', { back: js });
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("Krovni sendvič panel 40 mm PIR: količina 1");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  if (js) {
    await page.getByRole("link", { name: "Pošalji upit" }).click();
    await expect(page.getByRole("dialog", { name: "Upit za ponudu" })).toBeVisible();
    await expectAccessible(page, { context: "request-quote inquiry dialog" });
  }
});
