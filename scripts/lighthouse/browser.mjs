// The browser side of `npm run lighthouse`: Debian's chromium started by chrome-launcher,
// Playwright attached to it over CDP for what Lighthouse cannot do by itself (sign in, put a
// line in the cart, measure LCP on an emulated slow network).
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CATEGORIES, PRODUCT_PATH, SLOW_NETWORK } from "./report.mjs";

// The demo customer of the seed (app/.server/db/seed/users.server.ts; README "The two commands").
const CUSTOMER = { email: "kupac@example.com", password: "Kupac2026!" };

export async function launchChromium() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // The flags DESIGN.md names for Debian's chromium, headless.
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
    ],
    logLevel: "silent",
  });
}

/** One Lighthouse run (its defaults: mobile form factor, simulated throttling) → the result object. */
export async function audit(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES.map((c) => c.id),
  });
  if (!result) throw new Error("Lighthouse returned no result");
  const { runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
  return result.lhr;
}

/** Playwright on the same browser: its default context is the one Lighthouse's tabs use (same cookies). */
export async function attach(chrome) {
  return chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
}

/** Signs the demo customer in and adds the product once, in the browser's default context. */
export async function customerWithCartLine(browser, base) {
  const context = browser.contexts()[0];
  const page = await context.newPage();
  try {
    await page.goto(`${base}/prijava`);
    const form = page.getByTestId("login-form");
    await form.locator('input[name="username"]').fill(CUSTOMER.email);
    await form.locator('input[name="password"]').fill(CUSTOMER.password);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/prijava")), form.locator('button[type="submit"]').click()]);
    await page.goto(base + PRODUCT_PATH);
    await Promise.all([page.waitForURL(/\/kosarica/), page.getByTestId("add-to-cart-form").locator('button[type="submit"]').click()]);
    await page.getByTestId("cart-line").first().waitFor({ timeout: 30_000 });
  } finally {
    await page.close();
  }
}

/**
 * LCP of a first visit (fresh context, empty cache) on slow 3G with the CPU slowed down:
 * CDP's Network.emulateNetworkConditions and Emulation.setCPUThrottlingRate, a phone-sized
 * viewport, the last 'largest-contentful-paint' entry once the page has loaded.
 */
export async function slowNetworkLcp(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_NETWORK.latencyMs,
      downloadThroughput: (SLOW_NETWORK.downKbps * 1000) / 8,
      uploadThroughput: (SLOW_NETWORK.upKbps * 1000) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_NETWORK.cpuSlowdown });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          // No entry at all (nothing painted): say so rather than wait for ever.
          setTimeout(() => resolve({ lcpMs: null, element: "no LCP entry" }), 5000);
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const last = entries[entries.length - 1];
            const element = last.element
              ? `${last.element.tagName.toLowerCase()}${last.element.id ? "#" + last.element.id : ""}`
              : last.url || "?";
            resolve({ lcpMs: Math.round(last.startTime), element });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}
