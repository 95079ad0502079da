import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const chromium = {
  // Debian's chromium; Playwright never downloads a browser here (DESIGN.md).
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "no-js",
      // HTTP-level checks need no browser: they run once, in the "js" project.
      testIgnore: /http\.spec\.ts/,
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
    },
  },
});
