import { expect, ready, test } from "./fixtures";

// Seeded demo products (app/.server/db/seed/catalog/data).
const SANDWICH = "/product/krovni-sendvic-panel-40-mm-pir";
const TEGOLA = "/product/aluminijski-panel-crijep-tegola";
const BUNDLE = "/product/komplet-za-krov-20-m-tegola";
const CUT_TO_LENGTH = "/product/trapezni-lim-t-35-po-mjeri-ral-7016";
const price = (amount: string) => new RegExp(`^${amount}\\sEUR$`);

test.describe("product page", () => {
  test("opens from a direct URL with name, sku, prices and the add-to-cart form", async ({ page }) => {
    const response = await page.goto(SANDWICH);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Krovni sendvič panel 40 mm PIR");
    await expect(page.getByTestId("product-sku")).toHaveText("AK-PNL-SND-40");
    await expect(page.getByTestId("final-price")).toHaveText(price("34,90"));
    await expect(page.getByTestId("retail-price")).toHaveText(price("38,90"));
    await expect(page.getByTestId("discount-badge").first()).toHaveText("−10%");
    await expect(page.getByTestId("product-main-image")).toHaveAttribute("width", /\d+/);
    const form = page.getByTestId("add-to-cart-form");
    await expect(form.getByLabel("Količina")).toHaveValue("1");
    await expect(form.getByRole("button", { name: "Dodaj u košaricu" })).toBeEnabled();
    await expect(page.getByTestId("cross-sells").getByTestId("product-card").first()).toBeVisible();
  });

  test("switches the variant of a configurable product", async ({ page, js }) => {
    await page.goto(TEGOLA);
    await ready(page, js);
    await expect(page.getByTestId("product-sku")).toHaveText("AK-PNL-TEG-7016-05");
    await expect(page.getByTestId("final-price")).toHaveText(price("16,90"));
    const form = page.getByTestId("variant-form");
    if (js) {
      // A marker on window survives only if the page is not reloaded.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await expect(form.getByRole("button", { name: "Prikaži odabir" })).toHaveCount(0);
      await form.getByLabel("Boja").selectOption("ral-3009");
      await expect(page.getByTestId("product-sku")).toHaveText("AK-PNL-TEG-3009-05");
      await expect(page.getByTestId("final-price")).toHaveText(price("14,90"));
      await expect(page.getByTestId("product-prices").getByTestId("discount-badge")).toHaveText("−12%");
      await expect(page).toHaveURL(/\?boja=ral-3009&debljina=0\.5$/);
      await form.getByLabel("Debljina lima").selectOption("0.7");
      await expect(page.getByTestId("product-sku")).toHaveText("AK-PNL-TEG-3009-07");
      await expect(page).toHaveURL(/\?boja=ral-3009&debljina=0\.7$/);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } else {
      await form.getByLabel("Boja").selectOption("ral-3009");
      await form.getByRole("button", { name: "Prikaži odabir" }).click();
      await expect(page).toHaveURL(/\?boja=ral-3009&debljina=0\.5$/);
      await expect(page.getByTestId("product-sku")).toHaveText("AK-PNL-TEG-3009-05");
      await expect(page.getByTestId("final-price")).toHaveText(price("14,90"));
      await expect(page.getByTestId("variant-form").getByLabel("Boja")).toHaveValue("ral-3009");
    }
    // An out-of-stock variant cannot be added.
    await page.goto(`${TEGOLA}?boja=ral-8017&debljina=0.7`);
    await expect(page.getByTestId("stock-state")).toHaveText("Trenutno nije dostupno");
    await expect(page.getByRole("button", { name: "Dodaj u košaricu" })).toBeDisabled();
  });

  test("customises the bundle's configurable part", async ({ page, js }) => {
    await page.goto(BUNDLE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Komplet za krov 20 m² Tegola");
    await ready(page, js);
    await expect(page.getByTestId("bundle-part")).toHaveCount(4);
    if (js) {
      await expect(page.getByTestId("bundle-customization")).toHaveCount(0);
      await page.getByRole("button", { name: "Prilagodi paket" }).click();
      const dialog = page.getByRole("dialog", { name: "Prilagodi paket" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("bundle-in-cart")).toHaveText("U košarici: 0");
      await expect(dialog.getByLabel("Količina")).toHaveValue("1");
      await dialog.getByLabel("Boja").selectOption("ral-8017");
      await expect(dialog.getByTestId("bundle-part-status")).toHaveText("Odabrano: AK-PNL-TEG-8017-05");
      await expect(page.getByTestId("bundle-parts")).toContainText("Odabrano: AK-PNL-TEG-8017-05");
      await expect(dialog.getByRole("button", { name: "Dodaj u košaricu" })).toBeEnabled();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\?p\d+\.boja=ral-8017/);
    } else {
      const section = page.getByTestId("bundle-customization");
      await expect(section.getByRole("heading", { name: "Prilagodba paketa" })).toBeVisible();
      await section.getByLabel("Boja").selectOption("ral-8017");
      await section.getByRole("button", { name: "Primijeni odabir" }).click();
      await expect(page).toHaveURL(/\?p\d+\.boja=ral-8017/);
      await expect(page.getByTestId("bundle-part-status")).toHaveText("Odabrano: AK-PNL-TEG-8017-05");
      await expect(page.getByRole("button", { name: "Dodaj u košaricu" })).toBeEnabled();
    }
  });

  test("the length field shows its hint and the browser enforces 270–15000 mm", async ({ page, js }) => {
    await page.goto(CUT_TO_LENGTH);
    await ready(page, js);
    const length = page.getByRole("spinbutton", { name: /Duljina/ });
    await expect(page.getByTestId("option-hint-duljina")).toHaveText("Najmanje 270 mm, najviše 15000 mm");
    await expect(length).toHaveAttribute("min", "270");
    await expect(length).toHaveAttribute("max", "15000");
    await expect(length).toHaveAccessibleDescription("Najmanje 270 mm, najviše 15000 mm");
    await length.fill("100");
    await expect(page.locator('input[name="options.duljina"]:invalid')).toHaveCount(1);
    await page.getByRole("button", { name: "Dodaj u košaricu" }).click();
    // The browser refused to submit: still on the product page.
    await expect(page).toHaveURL(new RegExp(`${CUT_TO_LENGTH}$`));
    await length.fill("15001");
    await expect(page.locator('input[name="options.duljina"]:invalid')).toHaveCount(1);
    await length.fill("3000");
    await expect(page.locator('input[name="options.duljina"]:invalid')).toHaveCount(0);
  });

  test("the German page lives under /de/produkt", async ({ page }) => {
    await page.goto("/de/produkt/aluminium-dachpfannenpaneel-tegola");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aluminium-Dachpfannenpaneel Tegola");
    await page.getByTestId("language-switch").first().getByRole("link", { name: "hr", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${TEGOLA}$`));
  });

  test("the gallery steps with the arrow keys and a swipe; without JavaScript a thumbnail opens the full size (decision 0037)", async ({
    page,
    js,
  }) => {
    await page.goto(SANDWICH);
    await ready(page, js);
    const thumbs = page.getByTestId("product-thumbnail");
    await expect(thumbs).toHaveCount(3);
    if (!js) {
      const target = await thumbs.nth(1).getAttribute("href");
      await thumbs.nth(1).click();
      await expect(page).toHaveURL(new RegExp(`${target!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      return;
    }
    const main = page.getByTestId("product-main-image");
    const first = await main.getAttribute("src");
    // The gallery's handlers come with the page's hydration (ready() waited for it): a thumbnail swaps in place.
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(page).toHaveURL(new RegExp(`${SANDWICH}$`));
    await thumbs.nth(1).press("ArrowRight");
    await expect(thumbs.nth(2)).toHaveAttribute("aria-current", "true");
    await thumbs.nth(2).press("ArrowRight");
    await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(main).toHaveAttribute("src", first!);
    // A swipe to the left on the main image shows the next one and opens nothing.
    // The thumbnails' key presses scrolled the page: the mouse acts on the viewport, so bring the image into it first.
    const mainLink = page.getByTestId("product-main-link");
    await mainLink.scrollIntoViewIfNeeded();
    const box = (await mainLink.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(page).toHaveURL(new RegExp(`${SANDWICH}$`));
  });

  test("says how many are left when few are (decision 0037)", async ({ page }) => {
    await page.goto("/product/svjetlarnik-kupola-60-x-60-cm-polikarbonat");
    await expect(page.getByTestId("low-stock")).toHaveText("Još samo 3 na zalihi");
  });
});
