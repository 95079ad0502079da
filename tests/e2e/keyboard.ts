import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Presses Tab until the focused element matches `selector` (keyboard only: no click, no
 * focus() call) and fails when it is not reached within `max` presses.
 */
export async function tabTo(page: Page, selector: string, { max = 200, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  expect(false, `${selector} not reached with ${max} presses of ${back ? "Shift+Tab" : "Tab"}`).toBe(true);
}

/** Whether the focused element is inside the element matching `selector`. */
export function focusInside(page: Page, selector: string) {
  return page.evaluate((s) => Boolean(document.querySelector(s)?.contains(document.activeElement)), selector);
}

/** The focused element's outline: what a keyboard user sees of the focus. */
export function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
    return {
      element: `${el.tagName.toLowerCase()} "${name}"`,
      visible: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    };
  });
}
