import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The cart journeys (decision 0006), each with JavaScript on and off (spec §2 Cart, §4 Cart,
 * §5, §8). Seeded products: app/.server/db/seed/catalog/data; coupons: seed/cart.server.ts.
 */
const CART = "/kosarica";
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir"; // 34,90 EUR, member 32,90 EUR
const TEGOLA = "/product/aluminijski-panel-crijep-tegola";
const BUNDLE = "/product/komplet-za-krov-20-m-tegola";
const MANUAL = "/product/prirucnik-za-montazu-krovnih-panela-pdf";
const CUT_TO_LENGTH = "/product/trapezni-lim-t-35-po-mjeri-ral-7016"; // 14,50 EUR per running metre, coupon LIM15
const T45 = "/product/trapezni-lim-t-45-ral-3009-oksidno-crvena-0-7-mm"; // stock 210
const eur = (amount: string) => new RegExp(`^${amount}\\sEUR$`);

/** A flash toast without JavaScript, a sonner toast with it: either way its text is on the page. */
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function addFrom(page: Page, js: boolean, path: string, fill?: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page, js);
  await fill?.(page);
  await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
  await expect(page).toHaveURL(new RegExp(`${CART}$`));
}

const lines = (page: Page) => page.getByTestId("cart-line");

test.describe("cart", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("adds a product, merges the same product, edits the quantity and deletes the line", async ({ page, js }) => {
    await addFrom(page, js, SANDWICH);
    await toast(page, "Proizvod je dodan u košaricu");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await addFrom(page, js, SANDWICH, (p) => p.getByTestId("add-to-cart-form").getByLabel("Količina").fill("2"));
    await expect(lines(page)).toHaveCount(1);
    const line = lines(page).first();
    const quantity = line.getByRole("spinbutton", { name: /Količina/ });
    await expect(quantity).toHaveValue("3");
    await expect(line.getByTestId("cart-line-row")).toHaveText(eur("104,70"));

    await ready(page, js);
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(r.url())));
    if (js) await quantity.fill("7"); // replaced by the next edit within 500 ms: never sent
    await quantity.fill("4");
    if (js) {
      // The row total follows at once; the edit is sent after the 500 ms debounce.
      await expect(line.getByTestId("cart-line-row")).toHaveText(eur("139,60"));
      await expect(page.getByTestId("summary-itemsTotal")).toContainText("139,60");
    } else {
      await line.getByRole("button", { name: "Ažuriraj" }).click();
    }
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
    expect(posts).toHaveLength(1);
    await page.reload();
    await expect(lines(page).first().getByRole("spinbutton")).toHaveValue("4");

    await ready(page, js);
    await lines(page)
      .first()
      .getByRole("button", { name: /Ukloni/ })
      .click();
    await toast(page, "Proizvod je uklonjen iz košarice");
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("0");
  });

  test("adds every product format: a variant, a bundle, an e-product and a cut-to-length sheet", async ({ page, js }) => {
    await addFrom(page, js, TEGOLA);
    // A variant that is not visible on its own links to the main product in cart-item edit mode.
    await expect(lines(page).first().getByTestId("cart-line-link")).toHaveAttribute(
      "href",
      /\/product\/aluminijski-panel-crijep-tegola\?cartItemId=/,
    );
    await page.goto(BUNDLE);
    await ready(page, js);
    if (js) {
      await page.getByRole("button", { name: "Prilagodi paket" }).click();
      await page.getByRole("dialog", { name: "Prilagodi paket" }).getByRole("button", { name: "Dodaj u košaricu" }).click();
    } else {
      await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
    }
    await expect(page).toHaveURL(new RegExp(`${CART}$`));
    await toast(page, "Paket je dodan u košaricu");
    if (js) {
      // The bundle customisation counts what the cart holds of the bundle.
      await page.goto(BUNDLE);
      await ready(page, js);
      await page.getByRole("button", { name: "Prilagodi paket" }).click();
      await expect(page.getByRole("dialog", { name: "Prilagodi paket" }).getByTestId("bundle-in-cart")).toHaveText("U košarici: 1");
    }
    await addFrom(page, js, MANUAL);
    await addFrom(page, js, CUT_TO_LENGTH, (p) => p.getByRole("spinbutton", { name: /Duljina/ }).fill("2500"));
    await expect(lines(page)).toHaveCount(4);
    await expect(page.getByTestId("cart-line-detail").last()).toHaveText("Duljina: 2500 mm");
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
  });

  test("refuses an invalid quantity and adds nothing", async ({ page, js }) => {
    await page.goto(SANDWICH);
    await ready(page, js);
    const form = page.getByTestId("add-to-cart-form");
    await form.getByLabel("Količina").fill("0");
    await form.getByRole("button", { name: "Dodaj u košaricu" }).click();
    // The browser refuses 0 (min 1); the server refuses it too (tests/integration/cart.test.ts).
    await expect(page).toHaveURL(new RegExp(`${SANDWICH}$`));
    await expect(page.locator('input[name="quantity"]:invalid')).toHaveCount(1);
    await expect(page.getByTestId("cart-badge")).toHaveText("0");
  });

  test("applies, refuses and removes coupons", async ({ page, js }) => {
    await addFrom(page, js, SANDWICH);
    await ready(page, js);
    const form = page.getByTestId("coupon-form");
    await form.getByLabel("Kupon").fill("NEPOSTOJI");
    await form.getByRole("button", { name: "Primijeni kupon" }).click();
    await toast(page, "Kupon nije pronađen!");
    await page.getByTestId("coupon-form").getByLabel("Kupon").fill("KROV10");
    await page.getByTestId("coupon-form").getByRole("button", { name: "Primijeni kupon" }).click();
    await toast(page, "Kupon je primijenjen");
    await expect(page.getByTestId("summary-coupon")).toContainText("3,49");
    await expect(page.getByTestId("summary-orderTotal")).toContainText("31,41");
    await expect(page.getByTestId("coupon-form").getByLabel("Kupon")).toBeDisabled();
    await page.getByTestId("coupon-form").getByRole("button", { name: "Ukloni kupon" }).click();
    await toast(page, "Kupon je uklonjen");
    await expect(page.getByTestId("summary-orderTotal")).toContainText("34,90");
    await page.getByTestId("clear-cart-form").getByRole("button", { name: "Isprazni košaricu" }).click();
    await toast(page, "Košarica je ispražnjena");
    await expect(page.getByTestId("cart-empty")).toBeVisible();
  });

  test("applies a valid membership card with its prices and refuses an invalid one; a new cart starts with it", async ({
    page,
    js,
    context,
  }) => {
    await loginAsAdmin(page, "/");
    await addFrom(page, js, SANDWICH);
    await ready(page, js);
    const card = () => page.getByTestId("member-card-form");
    // The card saved on the profile (by the other project's run) applies to a new cart by
    // itself, so it is not typed again: start from a cart without one.
    await card().getByLabel("Barkod članske iskaznice").fill("");
    await card().getByRole("button", { name: "Primijeni iskaznicu" }).click();
    await expect(page.getByTestId("cart-line-unit")).toContainText("34,90");
    await card().getByLabel("Barkod članske iskaznice").fill("12AB");
    await card().getByRole("button", { name: "Primijeni iskaznicu" }).click();
    await toast(page, "Kod članske iskaznice nije valjan!");
    await expect(page.getByTestId("cart-line-unit")).toContainText("34,90");
    await card().getByLabel("Barkod članske iskaznice").fill("385123456789");
    await card().getByRole("button", { name: "Primijeni iskaznicu" }).click();
    await toast(page, "Kod članske iskaznice uspješno primjenjen");
    await expect(page.getByTestId("cart-line-unit")).toContainText("32,90");
    // A new cart of the signed-in customer carries the card of the profile.
    await context.clearCookies({ name: "cartId" });
    await context.clearCookies({ name: "protectCode" });
    await addFrom(page, js, SANDWICH);
    await expect(page.getByTestId("cart-line-unit")).toContainText("32,90");
  });

  test("a tampered protectCode clears the session instead of failing", async ({ page, js, context, baseURL }) => {
    await addFrom(page, js, SANDWICH);
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await context.addCookies([{ name: "protectCode", value: "forged", url: baseURL!, httpOnly: true }]);
    const response = await page.goto(CART);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("0");
    expect((await context.cookies()).map((c) => c.name)).not.toContain("cartId");
  });

  test("the cart modal opens over the page, 80 % high and 70 % wide, and a click outside closes it", async ({ page, js }) => {
    test.skip(!js, "The modal needs JavaScript; without it the add lands on the cart page (checked above).");
    await addFrom(page, js, SANDWICH);
    await page.goto(`${SANDWICH}?cart=open`);
    await ready(page, js);
    const modal = page.getByTestId("cart-modal");
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId("cart-line")).toHaveCount(1);
    const box = (await modal.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round((box.height / viewport.height) * 100)).toBe(80);
    expect(Math.round((box.width / viewport.width) * 100)).toBe(70);
    await page.mouse.click(5, 5);
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${SANDWICH}$`));
  });

  test("sells the cut-to-length sheet per running metre: the page prices the length, the cart charges it (decision 0028)", async ({
    page,
    js,
  }) => {
    await page.goto(CUT_TO_LENGTH);
    await ready(page, js);
    await expect(page.getByTestId("final-price")).toHaveText(/^14,50\sEUR\/m$/);
    const form = page.getByTestId("add-to-cart-form");
    await expect(form.getByTestId("length-price")).toHaveText("Upišite duljinu za izračun cijene (14,50\u00a0EUR po dužnom metru).");
    await form.getByRole("spinbutton", { name: /Duljina/ }).fill("7000");
    await form.getByLabel("Količina").fill("2");
    // With JavaScript the price of the entered length follows the fields before adding.
    if (js) await expect(form.getByTestId("length-price")).toHaveText("Cijena za 2 × 7\u00a0m: 203,00\u00a0EUR");
    await form.getByRole("button", { name: "Dodaj u košaricu" }).click();
    await expect(page).toHaveURL(new RegExp(`${CART}$`));
    const line = lines(page).first();
    await expect(line.getByTestId("cart-line-unit")).toContainText("14,50\u00a0EUR/m");
    await expect(line.getByTestId("cart-line-length")).toHaveText("× 7\u00a0m");
    await expect(line.getByTestId("cart-line-row")).toHaveText(eur("203,00"));
    await ready(page, js);
    await page.getByTestId("coupon-form").getByLabel("Kupon").fill("LIM15");
    await page.getByTestId("coupon-form").getByRole("button", { name: "Primijeni kupon" }).click();
    await toast(page, "Kupon je primijenjen");
    // 15 % of 203,00
    await expect(page.getByTestId("summary-coupon")).toContainText("30,45");
    if (js) {
      await ready(page, js);
      await lines(page)
        .first()
        .getByRole("spinbutton", { name: /Količina/ })
        .fill("3");
      await expect(lines(page).first().getByTestId("cart-line-row")).toHaveText(eur("304,50"));
      await expect(page.getByTestId("summary-itemsTotal")).toContainText("304,50");
    }
  });

  test("says how many are available and keeps the cart within the stock (decision 0074)", async ({ page, js }) => {
    await page.goto(T45);
    await ready(page, js);
    const form = page.getByTestId("add-to-cart-form");
    const quantity = form.getByLabel("Količina");
    const stock = Number(await quantity.getAttribute("max"));
    expect(stock).toBeGreaterThan(1);
    expect(stock).toBeLessThan(999);
    // The field takes no more than the stock: the browser refuses before posting.
    await quantity.fill(String(stock + 1));
    await expect(page.locator('input[name="quantity"]:invalid')).toHaveCount(1);
    await quantity.fill(String(stock));
    await form.getByRole("button", { name: "Dodaj u košaricu" }).click();
    await expect(page).toHaveURL(new RegExp(`${CART}$`));
    // One more is refused by the server, which counts what the cart holds.
    await page.goto(T45);
    await ready(page, js);
    await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).click();
    await expect(page).toHaveURL(new RegExp(`${T45}$`));
    await toast(page, `Nema dovoljno na zalihi: dostupno je ${stock} kom., od toga je ${stock} već u košarici.`);
    await page.goto(CART);
    await expect(lines(page).first().getByRole("spinbutton")).toHaveValue(String(stock));
  });
});
