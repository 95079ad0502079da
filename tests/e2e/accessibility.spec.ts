import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expectAccessible } from "./axe";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * axe-core on every screen (decision 0067): 0 violations of WCAG 2.1 A and AA on the
 * storefront, account, checkout, CMS, blog, search and admin screens, and with each dialog
 * open (cart modal, price enquiry, bundle customisation, mobile menu, cookie banner). One
 * test per group of screens keeps the runs cheap. The hydrated pages are checked, and the
 * main screens once more as the server sends them (the page's scripts held back).
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";
const BUNDLE = "/product/komplet-za-krov-20-m-tegola";
const NOT_FOUND = "/ova-stranica-ne-postoji";

/** Opens each screen (it must be the screen itself, not a 404 or a redirect away) and runs axe on it. */
async function check(page: Page, paths: readonly string[], js = true) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path === NOT_FOUND ? 404 : 200);
    expect(new URL(page.url()).pathname, path).toBe(path.split("?")[0]);
    await ready(page, js);
    // The server's markup only: every script has failed to load by "load", so nothing hydrated.
    if (!js) {
      await page.waitForLoadState("load");
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    }
    await expectAccessible(page, { context: js ? path : `${path} (server markup)` });
  }
}

test.describe("axe, WCAG 2.1 AA", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("catalogue and search: home, categories, products, search", async ({ page }) => {
    test.setTimeout(180_000); // axe takes seconds on a long page
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
    test.setTimeout(120_000);
    await check(page, [
      "/objave",
      "/kako-ocistiti-oluke-prije-zime",
      "/kontakt",
      "/reference",
      "/dogadjaji",
      "/dogadjaj/1",
      "/sajam-graditeljstva-2026",
      "/obrazac/contact",
      `/upit-o-cijeni/${SANDWICH.split("/").pop()}`,
      NOT_FOUND,
    ]);
  });

  test("account and checkout: sign-in, register, cart, checkout, profile", async ({ page }) => {
    test.setTimeout(120_000);
    await check(page, [
      "/prijava",
      "/registracija",
      "/zaboravljena-lozinka",
      "/social-login",
      "/kosarica",
      "/checkout/failure",
      "/naplata/uspjesna?orderSlug=AK-2026-00042",
    ]);
    await registerCustomer(page, true, "axe");
    await page.goto(SANDWICH);
    await ready(page, true);
    await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
    await expect(page).toHaveURL(/\/kosarica$/);
    await check(page, ["/kosarica", "/naplata", "/profil"]);
  });

  test("dialogs: cart modal, price enquiry, bundle customisation", async ({ page }) => {
    test.setTimeout(90_000);
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

  test("admin: dashboard, sales, catalogue", async ({ page }) => {
    test.setTimeout(180_000);
    await loginAsAdmin(page, "/admin");
    await check(page, [
      "/admin",
      "/admin/orders",
      "/admin/customers",
      "/admin/enquiries",
      "/admin/mail",
      "/admin/users",
      "/admin/products",
      "/admin/products/new",
      "/admin/products/import",
      "/admin/products/prices",
      "/admin/categories",
      "/admin/categories/new",
      "/admin/attributes",
      "/admin/attribute-sets",
      "/admin/tags",
      "/admin/terms",
      "/admin/coupons",
      "/admin/coupons/new",
      "/admin/shipping",
      "/admin/shipping/new",
      "/admin/payments",
    ]);
  });

  test("admin: settings, content, media, community, tools", async ({ page }) => {
    test.setTimeout(180_000);
    await loginAsAdmin(page, "/admin");
    await check(page, [
      "/admin/settings",
      "/admin/settings/site",
      "/admin/settings/company",
      "/admin/settings/checkout",
      "/admin/settings/comments",
      "/admin/settings/tracking",
      "/admin/pages",
      "/admin/pages/new",
      "/admin/posts",
      "/admin/posts/new",
      "/admin/events",
      "/admin/events/new",
      "/admin/forms",
      "/admin/forms/new",
      "/admin/media",
      "/admin/templates",
      "/admin/cache",
      "/admin/consent",
      "/admin/redirects",
      "/admin/redirects/not-found",
      "/admin/navigations",
      "/admin/comments",
      "/admin/newsletter",
      "/admin/api-keys",
      "/?editPage=true",
    ]);
  });

  // An edit screen of each kind, by the seeded rows' ids (a fresh database; the order, the
  // enquiry and the mail are checked where admin-orders, -enquiries and -mail open them).
  for (const [group, paths] of [
    [
      "people, catalogue and sales",
      [
        "/admin/customers/2",
        "/admin/users/1",
        "/admin/products/1",
        "/admin/categories/1",
        "/admin/attributes/1",
        "/admin/terms/1",
        "/admin/coupons/1",
        "/admin/shipping/1",
        "/admin/payments/1",
      ],
    ],
    ["content and settings", ["/admin/pages/1", "/admin/events/1", "/admin/forms/1", "/admin/media/66", "/admin/consent/newsletter"]],
  ] as const) {
    test(`admin edit screens: ${group}`, async ({ page }) => {
      test.setTimeout(180_000);
      await loginAsAdmin(page, "/admin");
      await check(page, paths);
    });
  }

  test("admin edit screens: a post (found by its list), a mail template", async ({ page }) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page, "/admin");
    await page.goto("/admin/posts");
    const links = await page.locator('main a[href^="/admin/posts/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    const post = links.find((href) => /\/\d+$/.test(href));
    expect(post, "an edit link on /admin/posts").toBeTruthy();
    await check(page, [post!]);
    await page.goto("/admin/templates/welcome");
    await ready(page, true);
    // The preview is the mail itself in a frame sandboxed without scripts, for mail clients
    // rather than the admin; axe cannot run in it (it waits for ever), so it is left out.
    await expectAccessible(page, { context: "/admin/templates/welcome", exclude: "iframe" });
  });
});

/**
 * The markup as the server sends it, which a shopper without JavaScript (or before the
 * scripts arrive on a slow phone) uses as it is. axe itself needs scripts (with JavaScript
 * off its run never finishes), so the page's own scripts are held back instead: nothing
 * hydrates, nothing is added or fixed after the server's HTML.
 */
test.describe("axe on the server's markup, the page's scripts held back", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/.*\.js(?:\?.*)?$/, (route) => route.abort());
  });

  test("storefront, content, account and checkout screens", async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
    await check(
      page,
      [
        "/",
        "/en",
        "/shop/krovni-paneli",
        SANDWICH,
        BUNDLE,
        "/pretraga?search=ral",
        "/objave",
        "/kontakt",
        "/prijava",
        "/registracija",
        "/kosarica",
        NOT_FOUND,
      ],
      false,
    );
    await registerCustomer(page, false, "axe-server");
    await page.goto(SANDWICH);
    await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
    await expect(page).toHaveURL(/\/kosarica$/);
    await check(page, ["/kosarica", "/naplata", "/profil"], false);
  });

  test("the cookie banner and the header on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await expectAccessible(page, { context: "cookie banner and phone header, server markup" });
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
