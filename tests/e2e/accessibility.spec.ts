import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expectAccessible } from "./axe";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * axe-core on every screen (issue 18 item 3): 0 violations of WCAG 2.1 A and AA on the
 * storefront, account, checkout, CMS, blog, search and admin screens, and with each dialog
 * open (cart modal, price enquiry, bundle customisation, mobile menu, cookie banner). One
 * test per group of screens keeps the runs cheap. The hydrated page is checked: its markup
 * is the server's (no-JS) markup plus what the scripts add.
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";
const BUNDLE = "/product/komplet-za-krov-20-m-tegola";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "axe runs in the page: once, in the JavaScript project");

async function check(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await ready(page, true);
    await expectAccessible(page, { context: path });
  }
}

test.describe("axe, WCAG 2.1 AA", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("catalogue and search: home, categories, products, search", async ({ page }) => {
    await check(page, [
      "/",
      "/en",
      "/de",
      "/shop",
      "/shop/krovni-paneli",
      "/en/shop/roof-panels",
      SANDWICH,
      BUNDLE,
      "/product/aluminijski-panel-crijep-tegola",
      "/product/trapezni-lim-t-35-po-mjeri-ral-7016",
      "/pretraga",
      "/pretraga?search=ral",
      "/pretraga?category=productCategories",
    ]);
  });

  test("content: CMS pages, blog, events, forms, not found", async ({ page }) => {
    await check(page, [
      "/objave",
      "/kako-ocistiti-oluke-prije-zime",
      "/kontakt",
      "/reference",
      "/dogadjaji",
      "/dogadjaj/1",
      "/sajam-graditeljstva-2026",
      "/obrazac/kontakt",
      `/upit-o-cijeni/${SANDWICH.split("/").pop()}`,
      "/ova-stranica-ne-postoji",
    ]);
  });

  test("account and checkout: sign-in, register, cart, checkout, profile", async ({ page }) => {
    await check(page, ["/prijava", "/registracija", "/zaboravljena-lozinka", "/social-login", "/kosarica", "/checkout/failure", "/naplata/uspjesna?orderSlug=AK-2026-00042"]);
    await registerCustomer(page, true, "axe");
    await page.goto(SANDWICH);
    await ready(page, true);
    await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
    await expect(page).toHaveURL(/\/kosarica$/);
    await check(page, ["/kosarica", "/naplata", "/profil"]);
  });

  test("dialogs: cart modal, price enquiry, bundle customisation", async ({ page }) => {
    await page.goto(SANDWICH);
    await ready(page, true);
    await expect(page.getByTestId("price-enquiry-open")).toHaveAttribute("data-ready", "true");
    await page.getByRole("link", { name: "Upit o cijeni" }).click();
    await expect(page.getByRole("dialog", { name: "Upit o cijeni" })).toBeVisible();
    await expectAccessible(page, { context: "price enquiry dialog" });
    await page.keyboard.press("Escape");

    await page.goto(BUNDLE);
    await ready(page, true);
    await page.getByRole("button", { name: "Prilagodi paket" }).click();
    await expect(page.getByRole("dialog", { name: "Prilagodi paket" })).toBeVisible();
    await expectAccessible(page, { context: "bundle customisation dialog" });
    await page.keyboard.press("Escape");

    await page.goto(`${SANDWICH}?cart=open`);
    await ready(page, true);
    await expect(page.getByTestId("cart-modal")).toBeVisible();
    await expectAccessible(page, { context: "cart modal" });
  });

  test("admin screens, lists and edit forms", async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page, "/admin");
    const lists = [
      "/admin", "/admin/orders", "/admin/customers", "/admin/enquiries", "/admin/mail", "/admin/users", "/admin/products",
      "/admin/products/new", "/admin/products/import", "/admin/categories", "/admin/categories/new", "/admin/attributes",
      "/admin/attribute-sets", "/admin/tags", "/admin/terms", "/admin/coupons", "/admin/coupons/new", "/admin/shipping",
      "/admin/shipping/new", "/admin/payments", "/admin/cart-settings", "/admin/settings", "/admin/settings/site",
      "/admin/settings/company", "/admin/settings/checkout", "/admin/settings/comments", "/admin/settings/tracking",
      "/admin/pages", "/admin/pages/new", "/admin/posts", "/admin/posts/new", "/admin/events", "/admin/events/new",
      "/admin/forms", "/admin/forms/new", "/admin/media", "/admin/templates", "/admin/cache", "/admin/consent",
      "/admin/redirects", "/admin/redirects/not-found", "/admin/comments", "/admin/newsletter", "/admin/api-keys",
    ];
    await check(page, lists);
    // An edit screen of each kind: the first row's own link of its list.
    for (const list of ["/admin/customers", "/admin/users", "/admin/products", "/admin/categories", "/admin/coupons", "/admin/shipping", "/admin/payments", "/admin/pages", "/admin/posts", "/admin/events", "/admin/forms", "/admin/media", "/admin/templates", "/admin/consent", "/admin/attributes", "/admin/attribute-sets", "/admin/terms"]) {
      await page.goto(list);
      const links = await page.locator(`main a[href^="${list}/"]`).evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      const edit = links.find((href) => !/\/(new|import|not-found)$|\.csv|\?/.test(href));
      expect(edit, `an edit link on ${list}`).toBeTruthy();
      await check(page, [edit!]);
    }
    await check(page, ["/?editPage=true"]);
  });
});

test.describe("axe with the cookie banner and the phone menu", () => {
  test("the cookie banner of a first visit", async ({ page }) => {
    await page.goto("/");
    await ready(page, true);
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await expectAccessible(page, { context: "home with the cookie banner" });
  });

  test("the mobile menu on a phone", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(SANDWICH);
    await ready(page, true);
    const menu = page.getByTestId("mobile-menu");
    await menu.locator("summary").click();
    await expect(menu.locator("ul").getByRole("link").first()).toBeVisible();
    await expectAccessible(page, { context: "mobile menu (390 px)" });
  });
});
