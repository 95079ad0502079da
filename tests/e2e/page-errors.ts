import type { Page } from "@playwright/test";

/**
 * Collects a page's console errors and uncaught errors, for the specs that fail on any of
 * them. `expect404(path)` names the one document expected to answer 404 (a not-found page).
 */
export function watchPageErrors(page: Page) {
  const errors: string[] = [];
  let allowed: string | null = null;
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // The sandboxed preview of a mail (templates, outbox) runs no script by design: Chromium says so for the frame.
    if (/^Blocked script execution in 'about:srcdoc'/.test(text)) return;
    if (
      allowed &&
      /Failed to load resource: the server responded with a status of 404/.test(text) &&
      message.location().url.endsWith(allowed)
    )
      return;
    errors.push(`${page.url()}: console: ${text}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: pageerror: ${error.message}`));
  return {
    errors,
    expect404(path: string | null) {
      allowed = path;
    },
  };
}
