import type { Locator, Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * The carousel slider (spec §3, §4, §9) on the home page's category sliders. Without
 * JavaScript the slides are a row that scrolls sideways; with it, buttons and swipes move
 * one slide at a time and wrap around.
 */
async function firstLongSlider(page: Page) {
  const slider = page
    .getByTestId("category-slider")
    .filter({ has: page.getByTestId("category-slider-slide").nth(4) })
    .first();
  await slider.scrollIntoViewIfNeeded();
  return { slider, slides: slider.getByTestId("category-slider-slide"), track: slider.getByTestId("category-slider-track") };
}

async function inViewCount(slides: Locator) {
  let visible = 0;
  for (const slide of await slides.all()) {
    const [box, clip] = await Promise.all([slide.boundingBox(), slide.locator("xpath=..").boundingBox()]);
    if (box && clip && box.x >= clip.x - 1 && box.x + box.width <= clip.x + clip.width + 1) visible++;
  }
  return visible;
}

test.describe("carousel", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("lays the slides out in one row: 3 columns from 1024 px, 2 from 768 px, 1 below", async ({ page, js }) => {
    for (const [width, columns] of [
      [1280, 3],
      [900, 2],
      [420, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await ready(page, js);
      const { slides } = await firstLongSlider(page);
      const [first, second] = [await slides.nth(0).boundingBox(), await slides.nth(1).boundingBox()];
      expect(second!.y, `${width} px`).toBe(first!.y); // a row, not a wrapped grid
      expect(await inViewCount(slides), `${width} px`).toBe(columns);
    }
  });

  test("without JavaScript the row scrolls sideways and no buttons show", async ({ page, js }) => {
    test.skip(js, "the no-JS behaviour");
    await page.goto("/");
    const { slider, slides, track } = await firstLongSlider(page);
    const last = slides.last();
    await expect(slides.first()).toBeInViewport();
    await expect(last).not.toBeInViewport();
    await track.hover();
    await page.mouse.wheel(10_000, 0);
    await expect(last).toBeInViewport();
    await expect(slider.getByTestId("category-slider-next")).toHaveCount(0);
    await expect(slider.getByTestId("category-slider-previous")).toHaveCount(0);
  });

  test("next and previous move one slide and wrap around", async ({ page, js }) => {
    test.skip(!js, "buttons come with JavaScript");
    await page.goto("/");
    await ready(page, js);
    const { slider, slides } = await firstLongSlider(page);
    await expect(slider).toHaveAttribute("data-hydrated", "true");
    const count = await slides.count();
    const last = count - 3; // 3 columns at the default 1280 px viewport
    const next = slider.getByTestId("category-slider-next");
    const previous = slider.getByTestId("category-slider-previous");

    await next.click();
    await expect(slider).toHaveAttribute("data-index", "1");
    await expect(slides.nth(3)).toBeInViewport({ ratio: 0.9 });
    await previous.click();
    await expect(slider).toHaveAttribute("data-index", "0");
    // Let the smooth scroll settle before the next click, as a person would see it end.
    await expect(slides.first()).toBeInViewport({ ratio: 0.9 });
    // From the first view, previous wraps to the last; from the last, next wraps to the first.
    await previous.click();
    await expect(slider).toHaveAttribute("data-index", String(last));
    await expect(slides.last()).toBeInViewport({ ratio: 0.9 });
    await expect(slides.first()).not.toBeInViewport();
    await next.click();
    await expect(slider).toHaveAttribute("data-index", "0");
    await expect(slides.first()).toBeInViewport({ ratio: 0.9 });
  });

  test("clicks made while the row is still scrolling count from the slide they aimed at", async ({ page, js }) => {
    test.skip(!js, "buttons come with JavaScript");
    await page.goto("/");
    await ready(page, js);
    const { slider, slides } = await firstLongSlider(page);
    await expect(slider).toHaveAttribute("data-hydrated", "true");
    test.skip((await slides.count()) < 6, "needs a slider with at least two moves");
    const next = slider.getByTestId("category-slider-next");
    // Three clicks in quick succession, without waiting for the smooth scroll to end.
    await next.click();
    await next.click();
    await next.click();
    await expect(slider).toHaveAttribute("data-index", "3");
    await expect(slides.nth(3)).toBeInViewport({ ratio: 0.9 });
    await expect(slider).toHaveAttribute("data-index", "3");
  });

  test("a swipe over 50 px moves one slide; a shorter one, or a click, does not", async ({ page, js }) => {
    test.skip(!js, "swiping is handled by the script");
    await page.goto("/");
    await ready(page, js);
    const { slider, track } = await firstLongSlider(page);
    await expect(slider).toHaveAttribute("data-hydrated", "true");
    const box = (await track.boundingBox())!;
    const y = box.y + 80;
    const drag = async (from: number, to: number) => {
      await page.mouse.move(from, y);
      await page.mouse.down();
      await page.mouse.move(to, y, { steps: 8 });
      await page.mouse.up();
    };
    const url = page.url();
    await drag(box.x + 300, box.x + 200); // 100 px to the left: next
    await expect(slider).toHaveAttribute("data-index", "1");
    await expect(page).toHaveURL(url); // releasing over a card's link did not open it
    await drag(box.x + 200, box.x + 170); // 30 px: no slide, and no click on the card below either
    await expect(slider).toHaveAttribute("data-index", "1");
    await expect(page).toHaveURL(url);
    await drag(box.x + 200, box.x + 320); // to the right: previous
    await expect(slider).toHaveAttribute("data-index", "0");
    // A plain click still opens the card's product.
    const link = slider.getByTestId("product-card").first().locator("h3 a");
    const target = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  });

  test("product sliders do not autoplay", async ({ page, js }) => {
    test.skip(!js, "autoplay needs the script");
    // The page's clock is Playwright's: ten seconds pass at once instead of being waited for.
    await page.clock.install();
    await page.goto("/");
    const { slider } = await firstLongSlider(page);
    await expect(slider).toHaveAttribute("data-hydrated", "true");
    await expect(slider).toHaveAttribute("data-autoplay", "off");
    await page.clock.runFor(10_000); // any autoplay interval would have moved the slider by now
    await expect(slider).toHaveAttribute("data-index", "0");
  });
});
