import { test as base, expect, type Page } from "@playwright/test";

/** Whether the current project runs with JavaScript (project "js") or without ("no-js"). */
export const test = base.extend<{ js: boolean }>({
  // Playwright's fixture callback is named `use`; it is not a React hook.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
});

export { expect };

/** Waits until the client app has hydrated (no-op without JavaScript). */
export async function ready(page: Page, js: boolean) {
  // Hydrated, not merely loaded: interacting earlier hits server HTML without handlers.
  if (js) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
