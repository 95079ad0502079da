import { test as base, expect } from "@playwright/test";

/** Whether the current project runs with JavaScript (project "js") or without ("no-js"). */
export const test = base.extend<{ js: boolean }>({
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
});

export { expect };

/** Waits until the client app has hydrated (no-op without JavaScript). */
export async function ready(page: import("@playwright/test").Page, js: boolean) {
  if (js) await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
}
