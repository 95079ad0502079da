import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./scripts/ensure-chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const chromium = {
  // Debian's chromium-headless-shell (decision 0105), else its chromium; Playwright never
  // downloads a browser here (DESIGN.md).
  executablePath: chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
  ],
};

/**
 * Specs with no JavaScript-off path of their own: what they check is the server's answer
 * (HTTP headers, JSON, image caching), the rendered page that a shopper without JavaScript
 * gets identically (and the axe check of the server markup covers), or what only exists with
 * JavaScript (hydration and console errors, axe in the page). Every spec that changes data or
 * behaves differently without JavaScript (plain posts, GET forms, the menu without scripts)
 * stays in both projects.
 */
const SAME_WITHOUT_JAVASCRIPT = [
  "http", // headers and status codes through the request API
  "api-docs", // the OpenAPI document and its page
  "media", // image sizes, WebP and cache headers
  "pages", // CMS pages and their translations, reached by plain links
  "home", // the home page's sections and their links
  "admin-dashboard", // figures and the chart's table, links to filtered lists
  "console-errors", // hydration and console errors need JavaScript
  "accessibility", // axe runs in the page; its server-markup pass holds the page's scripts back itself
  "edit-mode-panels", // the in-page editor's panels and dialogs are its script
  "edit-mode-outlines", // the in-page editor's outlines are its script too
  "edit-mode-keyboard", // and so is its keyboard use
  "admin-editors", // the backoffice's rich text, dialogs and previews with their script
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // `npm test` asks for a JSON report as well (PLAYWRIGHT_JSON_OUTPUT_NAME) to print the slowest files.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // A 2-core CI machine running two lanes side by side (a server, a browser and a test runner
  // each) can take longer than Playwright's 5 s for a render and its hydration: waits end as
  // soon as what they wait for is there, so a longer limit costs a passing run nothing.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    // axe on every screen is the longest spec by far: a project of its own, so that
    // scripts/e2e.mjs can run it beside the "js" project instead of after it.
    { name: "js", testIgnore: "**/accessibility.spec.ts", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    { name: "axe", testMatch: "**/accessibility.spec.ts", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "no-js",
      // Every spec runs without JavaScript too, except those whose pages are the same page
      // either way and change no data (SAME_WITHOUT_JAVASCRIPT): they run once, with it.
      testIgnore: SAME_WITHOUT_JAVASCRIPT.map((name) => `**/${name}.spec.ts`),
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions: chromium },
    },
  ],
  webServer: {
    // The production build on a fresh embedded database (scripts/e2e.mjs empties it first).
    command: "node build/server.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      // The address the browser uses (baseURL): absolute links and the page cache's host.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".cache/e2e-data",
      SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
      RATE_LIMIT_POINTS: "10000",
      RATE_LIMIT_AUTH_POINTS: "10000",
      // The built-in test card provider and its demo orders (docs/decisions/0012).
      PAYMENT_TEST_PROVIDER: "true",
      PAYMENT_CARD_SECRET: "e2e-card-secret-0123456789abcdef",
      // The backoffice body limit at 4 MB instead of 64, so that a post over it takes a few
      // small generated files (tests/e2e/media-upload-many.spec.ts); tests/unit/upload-limits.test.ts holds the real one.
      ADMIN_UPLOAD_BODY_LIMIT: String(4 * 1024 * 1024),
    },
  },
});
