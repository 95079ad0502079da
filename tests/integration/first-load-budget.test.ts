import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES } from "~/.server/http/compression.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";

/**
 * The byte budgets of docs/perf/bench.md (first-load JS at 110 KiB since i18next rides on every
 * page), checked on every build so that a new feature cannot silently push them over: first-load
 * JavaScript at most 110 KiB gzipped on home, category and product pages (the Remix and React
 * runtime alone is about 84, i18next and react-i18next about 15), category HTML at most 30 KiB
 * gzipped, and each page's HTML carrying only its own message namespaces (decision 0015: before,
 * every page inlined the whole catalogue, 9.5 KiB gzipped; product HTML was 17.7 KiB gzipped). Gzip
 * at level 6 from COMPRESS_FROM_BYTES on, as the compression middleware sends it, so that these
 * figures and `npm run bench` agree. The same counting rule as `npm run bench`: every script the
 * HTML loads up front and their static imports (dynamic import() is lazy and not counted).
 */
const KIB = 1024;
const JS_BUDGET = 110 * KIB;
const CATEGORY_HTML_BUDGET = 30 * KIB;
// Gzipped HTML with only the page's own namespaces (decision 0015): 31.9, 22.6 and 14.8 KiB
// measured after the split, with a little room; with the whole catalogue inlined these
// same pages were 37.7, 29.3 and 20.6 KiB (9.3 KiB of it messages).
// The product page carries content it must have: the visible breadcrumb, Product and
// BreadcrumbList JSON-LD, Open Graph and Twitter tags (decision 0036), the gallery's full-size
// links (0037), the per-metre and "od" prices (0028, 0075): 16.2 KiB after moving the enquiry
// dialog's messages out of the page (decision 0036), so its budget is 16.5 KiB.
// Home at 33.25 KiB: a shop form's message for a file the media disk cannot store (decision
// 0092) took the last bytes of 33. The bytes to win back are in the forms namespace itself,
// which still carries its server-only mail texts (mail.*, confirmMail.*) to every page with a form.
// Home at 33.5 KiB: its title names the shop's tagline (in <title> and og:title) and the cookie
// banner sits first in the Tab order; 33.32 KiB measured.
// Product at 16.75 KiB: its description arrives as HTML with its typography and language from
// the loader (which took 76 bytes off the page's script), untranslated text is marked lang="hr",
// and the cookie banner moved first in the Tab order; 16.58 KiB measured.
const HTML_BUDGET = { home: 33.5 * KIB, category: 24 * KIB, product: 16.75 * KIB };
const client = path.resolve("build/client");

let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const gzipped = (text: string | Buffer) => gzipSync(text, { level: 6 }).length;
/** What the server sends for a file: gzipped from COMPRESS_FROM_BYTES on, else as it is. */
const onTheWire = (code: Buffer) => (code.length < COMPRESS_FROM_BYTES ? code.length : gzipped(code));

function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) urls.add(/href="([^"]+)"/.exec(tag)![1]!);
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src!);
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, url] of body!.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+\.m?js)["']/g)) urls.add(url!);
  }
  return [...urls];
}

/** Gzipped bytes of the scripts and everything they import statically. */
function firstLoadJs(html: string): { bytes: number; files: string[] } {
  const queue = scriptsOf(html);
  const seen = new Set<string>();
  let bytes = 0;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(client, url));
    bytes += onTheWire(code);
    for (const [, imported] of code.toString().matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.m?js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), imported!));
    }
  }
  return { bytes, files: [...seen] };
}

async function html(url: string) {
  const response = await new Visitor(shop).request(url, { headers: { Accept: "text/html" } });
  expect(response.status, url).toBe(200);
  return response.text();
}

describe("first-load budgets (docs/perf/bench.md)", () => {
  for (const [name, url] of [
    ["home", "/"],
    ["category", "/shop?limit=24"],
    ["product", "/product/polukruzni-oluk-125-mm-ral-7016-3-m"],
  ] as const) {
    it(`${name}: first-load JavaScript ≤ 110 KiB gzipped`, async () => {
      const { bytes, files } = firstLoadJs(await html(url));
      expect(files.length).toBeGreaterThan(2); // the runtime, the entry and the route were found
      console.log(`${name}: ${(bytes / KIB).toFixed(2)} KiB first-load JS`);
      expect(bytes, `${(bytes / KIB).toFixed(1)} KiB in ${files.join(", ")}`).toBeLessThanOrEqual(JS_BUDGET);
    });
  }

  for (const [name, url, namespaces] of [
    ["home", "/", ["core", "error", "site", "search", "wishlist", "blog", "catalog", "comments", "forms", "home", "newsletter", "pages"]],
    ["category", "/shop?limit=24", ["core", "error", "site", "search", "wishlist", "catalog", "shop"]],
    [
      "product",
      "/product/polukruzni-oluk-125-mm-ral-7016-3-m",
      ["core", "error", "site", "search", "wishlist", "catalog", "comments", "product"],
    ],
  ] as const) {
    it(`${name}: the HTML carries only its routes' message namespaces, and shrank by the others`, async () => {
      const page = await html(url);
      const json = /<script id="shop-messages" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(page)?.[1];
      const messages = JSON.parse(json ?? "null") as { lng: string; v: string; resources: Record<string, unknown> };
      expect(messages.lng).toBe("hr");
      expect(messages.v).toMatch(/^[0-9a-f]{10}$/);
      expect(Object.keys(messages.resources).sort()).toEqual([...namespaces].sort());
      // The mails' texts are the server's: no "mail"/"confirmMail" subtree reaches the browser.
      expect(json).not.toMatch(/"(?:mail|confirmMail)":\{/);
      console.log(`${name}: ${(gzipped(page) / KIB).toFixed(2)} KiB HTML gzipped`);
      expect(gzipped(page)).toBeLessThanOrEqual(HTML_BUDGET[name]);
    });
  }

  it("category page (24 products) HTML ≤ 30 KiB gzipped", async () => {
    const page = await html("/shop?limit=24");
    expect(page.match(/data-testid="product-card"/g)?.length).toBeGreaterThanOrEqual(24);
    expect(gzipped(page)).toBeLessThanOrEqual(CATEGORY_HTML_BUDGET);
  });
});
