import { loginAsAdmin } from "./admin-login";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";
import { focusInside, focusRing, tabTo } from "./keyboard";

/**
 * Keyboard only (decision 0067): the skip link, a visible focus on every Tab stop,
 * dialogs that trap the focus, close on Escape and give the focus back, the carousel and
 * the cart's quantity announcing their state, and a purchase made with the keyboard.
 */
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";
const BUNDLE = "/product/komplet-za-krov-20-m-tegola";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
});

test("the skip link is the first Tab stop, shows itself when focused and jumps to the content", async ({ page, js }) => {
  for (const [path, text] of [
    ["/", "Preskoči na sadržaj"],
    ["/en/cart", "Skip to content"],
    ["/de", "Zum Inhalt springen"],
  ] as const) {
    await page.goto(path);
    await ready(page, js);
    const skip = page.getByRole("link", { name: text });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#content$/);
    await page.keyboard.press("Tab");
    expect(await focusInside(page, "main#content"), `${path}: the next Tab stop is in the content`).toBe(true);
  }
});

test("every Tab stop shows a focus ring, in the shop and in the admin", async ({ page, js }) => {
  test.skip(!js, "the same CSS without JavaScript; the stops with scripts are more");
  for (const path of ["/", SANDWICH]) {
    await page.goto(path);
    await ready(page, js);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const ring = await focusRing(page);
      expect(ring.visible, `${path}, Tab stop ${i + 1}: ${ring.element} shows its focus`).toBe(true);
    }
  }
  await loginAsAdmin(page, "/admin/products");
  await page.goto("/admin/products"); // a fresh page: Tab starts from the top, not from the sign-in button
  await ready(page, js);
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    const ring = await focusRing(page);
    expect(ring.visible, `/admin/products, Tab stop ${i + 1}: ${ring.element} shows its focus`).toBe(true);
  }
});

test.describe("dialogs from the keyboard", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "dialogs are the JavaScript view; without it they are pages");

  test("the price enquiry traps the focus, closes on Escape and gives the focus back", async ({ page }) => {
    await page.goto(SANDWICH);
    await ready(page, true);
    await expect(page.getByTestId("price-enquiry-open")).toHaveAttribute("data-ready", "true");
    await tabTo(page, '[data-testid="price-enquiry-open"]');
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Upit o cijeni" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusInside(page, '[role="dialog"]')).toBe(true);
    // More presses than the dialog has stops: the focus wraps inside it, both ways.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInside(page, '[role="dialog"]'), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInside(page, '[role="dialog"]'), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("price-enquiry-open")).toBeFocused();
  });

  test("the bundle customisation closes on Escape and gives the focus back", async ({ page }) => {
    await page.goto(BUNDLE);
    await ready(page, true);
    const open = page.getByRole("button", { name: "Prilagodi paket" });
    await tabTo(page, '[data-testid="bundle-customize"]');
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Prilagodi paket" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusInside(page, "dialog[open]")).toBe(true);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      // A modal <dialog> makes the page behind it inert; the browser's own UI is the only other stop.
      expect(
        await page.evaluate(
          () =>
            document.activeElement === document.body || Boolean(document.querySelector("dialog[open]")?.contains(document.activeElement)),
        ),
        `Tab ${i + 1}`,
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("the cart modal keeps the focus in it and closes on Escape", async ({ page }) => {
    await page.goto(SANDWICH);
    await ready(page, true);
    await page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" }).press("Enter");
    await expect(page).toHaveURL(/\/kosarica$/);
    await page.goto(`${SANDWICH}?cart=open`);
    await ready(page, true);
    const modal = page.getByTestId("cart-modal");
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId("cart-line")).toHaveCount(1);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(
          () =>
            document.activeElement === document.body ||
            Boolean(document.querySelector('[data-testid="cart-modal"]')?.contains(document.activeElement)),
        ),
        `Tab ${i + 1}`,
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${SANDWICH}$`));
  });
});

test("the carousel moves from the keyboard and says which slide shows", async ({ page, js }) => {
  test.skip(!js, "the buttons come with JavaScript; without it the row scrolls");
  await page.goto("/");
  await ready(page, true);
  await tabTo(page, '[data-testid="category-slider-next"]', { max: 300 });
  const slider = page.getByTestId("category-slider").filter({ has: page.locator(":focus") });
  const count = await slider.getByTestId("category-slider-slide").count();
  const status = slider.locator('[aria-live="polite"]');
  // Tabbing through the slides' links scrolled the row to them: the position it shows now
  // is the start. 3 columns at 1280 px, so the last position is count - 3; next wraps.
  const at = Number(await slider.getAttribute("data-index"));
  const after = (i: number) => (i >= count - 3 ? 0 : i + 1);
  await expect(status).toHaveText(`${at + 1} od ${count}`);
  await page.keyboard.press("Enter");
  await expect(slider).toHaveAttribute("data-index", String(after(at)));
  await expect(status).toHaveText(`${after(at) + 1} od ${count}`);
  await page.keyboard.press("Enter");
  await expect(status).toHaveText(`${after(after(at)) + 1} od ${count}`);
  await expect(slider.getByTestId("category-slider-slide").nth(after(after(at)))).toHaveAttribute(
    "aria-label",
    `${after(after(at)) + 1} od ${count}`,
  );
  await page.keyboard.press("Shift+Tab"); // previous
  await expect(slider.getByTestId("category-slider-previous")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText(`${after(at) + 1} od ${count}`);
});

test("a purchase from the keyboard: quantity, add to cart, change it in the cart, on to checkout", async ({ page, js }) => {
  await registerCustomer(page, js, "keyboard"); // the checkout asks a guest to sign in first
  await page.goto(SANDWICH);
  await ready(page, js);
  await tabTo(page, '[data-testid="add-to-cart-form"] input[name="quantity"]');
  await page.keyboard.press("ArrowUp"); // 1 → 2
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/kosarica$/);
  await ready(page, js);
  const line = page.getByTestId("cart-line").first();
  await expect(line.getByRole("spinbutton")).toHaveValue("2");
  await tabTo(page, '[data-testid="cart-line"] input[name="quantity"]');
  await page.keyboard.press("ArrowUp"); // 2 → 3
  if (!js) {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // "Ažuriraj"
  }
  // The new quantity is said, not only shown: the line's live region.
  await expect(line.getByTestId("quantity-status")).toHaveText("Krovni sendvič panel 40 mm PIR: količina 3");
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await tabTo(page, '[data-testid="checkout-link"]');
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/naplata$/);
});
