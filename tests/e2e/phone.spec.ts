import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * Phones (decision 0037): at 390 px the cart table and modal, the filter panel, the
 * mobile menu and the checkout fit the screen (no horizontal scrolling) and work, with
 * JavaScript on and off. Desktop keeps the filter panel open.
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
});

/** No horizontal scrolling: the document is no wider than the screen. */
async function fits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function addSandwich(page: Page, js: boolean) {
  await page.goto(SANDWICH);
  await ready(page, js);
  await fits(page);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  await expect(page).toHaveURL(/\/kosarica$/);
  await ready(page, js);
}

test("the cart table fits a phone and its quantity and delete still work", async ({ page, js }) => {
  await addSandwich(page, js);
  const line = page.getByTestId("cart-line").first();
  await expect(line).toBeVisible();
  await fits(page);
  const quantity = line.getByRole("spinbutton", { name: /Količina/ });
  await quantity.fill("2");
  if (!js) await line.getByRole("button", { name: "Ažuriraj" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  await fits(page);
  await expect(line.getByRole("button", { name: /Ukloni|Obriši/ })).toBeInViewport({ ratio: 1 });
  await page.getByTestId("checkout-link").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("checkout-link")).toBeInViewport({ ratio: 1 });
});

test("the cart modal fits a phone", async ({ page, js }) => {
  test.skip(!js, "the modal is the JavaScript view of an add; without it the cart page (above) answers");
  await page.goto(SANDWICH);
  await ready(page, js);
  await page.goto(`${SANDWICH}?cart=open`);
  await ready(page, js);
  const modal = page.getByTestId("cart-modal");
  await expect(modal).toBeVisible();
  await fits(page);
  const box = (await modal.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
});

test("the filter panel hides behind 'Filteri' on a phone and opens with a tap", async ({ page, js }) => {
  await page.goto("/shop/krovni-paneli");
  await ready(page, js);
  await fits(page);
  const panel = page.getByTestId("filter-panel");
  await expect(panel).toBeHidden();
  await page.getByText("Filteri", { exact: true }).click();
  await expect(panel).toBeVisible();
  await fits(page);
  // A filter still applies from the opened panel.
  await panel.getByTestId("filter-boja").getByRole("checkbox").first().check();
  if (!js) await page.getByRole("button", { name: "Primijeni" }).click();
  await expect(page).toHaveURL(/boja=/);
});

test("the filter panel is open at once on a desktop screen", async ({ page, js }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/shop/krovni-paneli");
  await ready(page, js);
  await expect(page.getByTestId("filter-panel")).toBeVisible();
  await expect(page.getByText("Filteri", { exact: true })).toBeHidden();
});

test("the mobile menu opens, fits, and closes after a tap on a link", async ({ page, js }) => {
  await page.goto("/");
  await ready(page, js);
  await fits(page);
  const menu = page.getByTestId("mobile-menu");
  await menu.locator("summary").click();
  const links = menu.getByRole("navigation").or(menu.locator("ul")).first().getByRole("link");
  await expect(links.first()).toBeVisible();
  await fits(page);
  const target = links.first();
  const href = (await target.getAttribute("href"))!;
  await target.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await ready(page, js);
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(links.first()).toBeHidden();
});

test("the checkout fits a phone", async ({ page, js }) => {
  // The demo customer (seed): checkout starts at the address step for a signed-in shopper.
  await page.goto("/prijava");
  await ready(page, js);
  await fits(page);
  const login = page.locator("form").filter({ has: page.locator('[name="password"]') });
  await login.locator('[name="username"]').fill("kupac@example.com");
  await login.locator('[name="password"]').fill("Kupac2026!");
  await login.locator('[name="password"]').press("Enter");
  await expect(page).not.toHaveURL(/\/prijava/);
  await addSandwich(page, js);
  await page.getByTestId("checkout-link").click();
  await ready(page, js);
  await expect(page.getByTestId("step-address")).toBeVisible();
  await fits(page);
  const address = page.getByTestId("address-form");
  await expect(address.getByRole("button", { name: "Nastavi na dostavu" })).toBeVisible();
  const box = (await address.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
});

test("the backoffice fits a phone: the menu folded above, the order list scrolling inside its table", async ({ page, js }) => {
  const { loginAsAdmin } = await import("./admin-login");
  await loginAsAdmin(page, "/admin/orders");
  await ready(page, js);
  await expect(page.getByTestId("orders-table")).toBeVisible();
  await fits(page);
  // Below the md breakpoint the menu is folded into a <details> above the screen.
  await page.getByTestId("admin-menu-toggle").click();
  await page.getByRole("navigation", { name: "Izbornik administracije" }).getByRole("link", { name: "Kupci" }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await fits(page);
});
