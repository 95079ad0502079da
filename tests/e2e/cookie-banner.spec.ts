import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";
import { focusInside } from "./keyboard";

test.describe("cookie banner", () => {
  test("accepting all stores every category and hides the banner", async ({ page, context, js }) => {
    await page.goto("/kosarica");
    await ready(page, js);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Prihvati sve" }).click();
    await expect(banner).toBeHidden();
    await expect(page).toHaveURL(/\/kosarica$/);
    await expect
      .poll(async () => decodeURIComponent((await context.cookies()).find((c) => c.name === "acceptedCookies")?.value ?? ""))
      .toBe("necessary,marketing,analytics");
    await page.reload();
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
  });

  test("accepting a selection keeps necessary and the chosen category only", async ({ page, context, js }) => {
    await page.goto("/");
    await ready(page, js);
    const banner = page.getByTestId("cookie-banner");
    await banner.getByLabel("Analitički").check();
    await banner.getByRole("button", { name: "Prihvati odabrane" }).click();
    await expect(banner).toBeHidden();
    // With JavaScript the banner hides at once; the cookie arrives with the answer.
    await expect
      .poll(async () => decodeURIComponent((await context.cookies()).find((c) => c.name === "acceptedCookies")?.value ?? ""))
      .toBe("necessary,analytics");
  });

  test("the footer's 'Postavke kolačića' reopens the settings with today's choice, and a new answer replaces it", async ({
    page,
    context,
    js,
  }) => {
    await page.goto("/kosarica");
    await context.addCookies([{ name: "acceptedCookies", value: encodeURIComponent("necessary,analytics"), url: page.url() }]);
    await page.goto("/kosarica");
    await ready(page, js);
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
    await page.getByTestId("cookie-settings-link").click();
    await expect(page).toHaveURL(/\/kosarica\?cookies=settings$/);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await expect(banner.getByLabel("Analitički")).toBeChecked();
    await expect(banner.getByLabel("Marketinški")).not.toBeChecked();
    await banner.getByLabel("Analitički").uncheck();
    await banner.getByLabel("Marketinški").check();
    await banner.getByRole("button", { name: "Prihvati odabrane" }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(async () => decodeURIComponent((await context.cookies()).find((c) => c.name === "acceptedCookies")?.value ?? ""))
      .toBe("necessary,marketing");
    // Without JavaScript the answer returns to the page without the query.
    if (!js) await expect(page).toHaveURL(/\/kosarica$/);
  });
});

test.describe("cookie banner and the keyboard on a phone (WCAG 2.2 2.4.11 Focus Not Obscured)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /**
   * Where the focus is: "end" (left the page), "banner", or on the page with `covered` naming
   * the focused element when the banner hides it: wholly for an element that fits above the
   * banner (under the sticky header's 80 px), or entirely for a taller one (a product card).
   */
  const focusState = (page: Page) =>
    page.evaluate(() => {
      const focused = document.activeElement;
      const banner = document.querySelector('[data-testid="cookie-banner"]');
      if (!focused || focused === document.body) return { where: "end" as const, covered: null };
      if (!banner || banner.contains(focused)) return { where: "banner" as const, covered: null };
      // Scroll positions as well: the test waits until they stop changing.
      const own = focused.getBoundingClientRect();
      const cover = banner.getBoundingClientRect();
      const fits = own.height <= cover.top - 80;
      const hidden = own.width > 0 && own.height > 0 && (fits ? own.bottom > cover.top + 0.5 : own.top >= cover.top);
      const name = (focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 40);
      const position = `${scrollX},${scrollY},${own.left},${own.top}`;
      return { where: "page" as const, covered: hidden ? `${focused.tagName} "${name}" ${position}` : null, position };
    });

  /** The focus state once scrolling it into view (smooth, and a slider's row too) has come to rest. */
  async function settledFocus(page: Page) {
    let state = await focusState(page);
    let previous: string | null = null;
    await expect
      .poll(
        async () => {
          previous = "position" in state ? (state.position ?? null) : null;
          state = await focusState(page);
          return "position" in state && state.position !== previous ? "moving" : "still";
        },
        { intervals: [50, 100], timeout: 5000 },
      )
      .toBe("still");
    return state;
  }

  test("the banner is the first Tab stop after the skip link", async ({ page, js }) => {
    for (const path of ["/", "/kosarica", "/o-nama"]) {
      await page.goto(path);
      await ready(page, js);
      await expect(page.getByTestId("cookie-banner")).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(page.locator(".skip-link"), path).toBeFocused();
      await page.keyboard.press("Tab");
      expect(await focusInside(page, '[data-testid="cookie-banner"]'), `${path}: the second Tab stop is in the banner`).toBe(true);
    }
  });

  // A content page with the whole header and footer (the home page's sliders add some two
  // hundred stops of the same kinds, minutes on a busy machine).
  test("Tab through a whole page: the banner's stops first, then the page's, none hidden under the banner", async ({ page, js }) => {
    await page.goto("/o-nama");
    await ready(page, js);
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.locator(".skip-link")).toBeFocused();
    let stops = 0;
    let left = false;
    let inBanner = 0;
    for (; stops < 400; stops++) {
      await page.keyboard.press("Tab");
      let state = await settledFocus(page);
      // A smooth scroll can pause a moment on a busy machine before it moves: give it time to arrive.
      if (state.covered) {
        await expect.poll(async () => (await focusState(page)).covered, { timeout: 5000 }).toBeNull();
        state = await settledFocus(page);
      }
      if (state.where === "end") break;
      if (state.where === "banner") {
        expect(left, "the banner's stops come together, before the page's").toBe(false);
        inBanner++;
        continue;
      }
      if (!left) expect(inBanner, "the banner's stops come right after the skip link").toBeGreaterThan(0);
      left = true;
      expect(state.covered, "the banner hides the focused element").toBeNull();
    }
    expect(left, "Tab went on into the page").toBe(true);
    expect(stops, "Tab reached the end of the page").toBeLessThan(400);
    await expect(page.getByTestId("cookie-settings-link")).toBeInViewport();
  });
});
