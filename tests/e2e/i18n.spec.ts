import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page, Request } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * Messages per route (decision 0015): a page carries only its routes' namespaces, and a
 * client navigation to a page that needs others loads them before showing it, in the
 * route's language. Without JavaScript every page is server-rendered with its own.
 */
const namespaces = readdirSync(path.resolve("locales/hr")).map((file) => file.replace(/\.json$/, ""));
const KEYS = new Set<string>();
function keysOf(node: unknown, prefix: string) {
  if (typeof node === "string") KEYS.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) keysOf(value, prefix ? `${prefix}.${key}` : key);
}
for (const lng of ["hr", "en", "de"])
  for (const ns of namespaces) keysOf(JSON.parse(readFileSync(path.resolve(`locales/${lng}/${ns}.json`), "utf8")), "");
const CANDIDATE = new RegExp(`\\b(?:${namespaces.join("|")})\\.[A-Za-z_]+(?:\\.[A-Za-z_]+)*`, "g");

/** Message keys on screen as they are: text, labels, titles, placeholders. */
async function rawKeys(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const attributes = [...document.body.querySelectorAll("[aria-label],[title],[placeholder],[alt]")].flatMap((element) =>
      ["aria-label", "title", "placeholder", "alt"].map((name) => element.getAttribute(name) ?? ""),
    );
    return `${document.body.innerText}\n${attributes.join("\n")}`;
  });
  return [...new Set([...shown.matchAll(CANDIDATE)].map(([m]) => m).filter((candidate) => KEYS.has(candidate)))];
}

function namespaceRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request: Request) => {
    if (/\/locales\/\w+\/\w+\.[0-9a-f]+\.json$/.test(request.url())) urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test("home → product → cart: each page in Croatian with its own messages, loaded on the way", async ({ page, js }) => {
  const loaded = namespaceRequests(page);
  await page.goto("/");
  await ready(page, js);
  expect(await rawKeys(page)).toEqual([]);
  if (js) await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await page.getByTestId("product-card").first().locator("a").first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByTestId("add-to-cart-form").getByRole("button", { name: "Dodaj u košaricu" })).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);

  await page.getByTestId("cart-link").first().click();
  await expect(page).toHaveURL(/\/kosarica$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Košarica");
  expect(await rawKeys(page)).toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("lang", "hr");

  if (js) {
    // Client navigations (no new document) that fetched the namespaces home did not carry.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(loaded).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/locales\/hr\/product\./), expect.stringMatching(/^\/locales\/hr\/cart\./)]),
    );
  } else {
    expect(loaded).toEqual([]);
  }
});

test("an English category → product: English messages after the client navigation", async ({ page, js }) => {
  await page.goto("/en/shop");
  await ready(page, js);
  await page.getByTestId("product-card").first().locator("a").first().click();
  await expect(page).toHaveURL(/\/en\/product\//);
  await expect(page.getByTestId("add-to-cart-form").getByRole("button", { name: "Add to cart" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await rawKeys(page)).toEqual([]);
});
