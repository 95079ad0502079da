// What a first visit to a page downloads: the HTML, and every script the HTML loads up front
// (module preloads, the entry script, the imports of the inline module script, and what those
// import in turn), counted as bytes on the wire with gzip accepted.
import http from "node:http";
import { gunzipSync } from "node:zlib";

/** GET with Accept-Encoding: gzip; wire = compressed bytes received, body = decoded text. */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip", ...headers } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const gzipped = response.headers["content-encoding"] === "gzip";
        resolve({
          status: response.statusCode,
          headers: response.headers,
          wire: raw.length,
          gzipped,
          body: (gzipped ? gunzipSync(raw) : raw).toString("utf8"),
        });
      });
    });
    request.on("error", reject);
  });
}

/** "name=value; ..." from the Set-Cookie headers of a response. */
export function cookiesOf(response) {
  return (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}

/** Script URLs the HTML makes the browser fetch before the page is interactive. */
export function scriptsInHtml(html) {
  const urls = new Set();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (/\brel="modulepreload"/.test(tag)) urls.add(attr(tag, "href"));
  }
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attr(attrs, "src");
    if (src) urls.add(src);
    if (/\btype="module"/.test(attrs)) for (const url of importsIn(body)) urls.add(url);
  }
  urls.delete(undefined);
  return [...urls];
}

export function stylesheetsInHtml(html) {
  return (html.match(/<link\b[^>]*>/g) ?? []).filter((t) => /\brel="stylesheet"/.test(t)).map((t) => attr(t, "href"));
}

const attr = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");

/** Static `import … from "x"`, `import "x"`, `export … from "x"` and top-level `import("x")`. */
function importsIn(code) {
  const found = [];
  for (const m of code.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+\.m?js)["']/g)) found.push(m[1]);
  return found;
}

/** Static imports only: what a module needs before it runs (dynamic import() is lazy). */
function staticImportsIn(code) {
  const found = [];
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.m?js)["']/g)) found.push(m[1]);
  return found;
}

/** Bytes a first load of `pageUrl` fetches: HTML, scripts (with their static imports), CSS. */
export async function measureFirstLoad(pageUrl, cookie = null) {
  const page = await get(pageUrl, { accept: "text/html", ...(cookie ? { cookie } : {}) });
  const listed = scriptsInHtml(page.body).map((u) => new URL(u, pageUrl).href);
  const seen = new Set();
  const queue = [...listed];
  let jsWire = 0;
  let jsRaw = 0;
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const script = await get(url);
    if (script.status !== 200) throw new Error(`${url} answered ${script.status}`);
    jsWire += script.wire;
    jsRaw += Buffer.byteLength(script.body);
    for (const imported of staticImportsIn(script.body)) queue.push(new URL(imported, url).href);
  }
  let cssWire = 0;
  for (const href of stylesheetsInHtml(page.body)) cssWire += (await get(new URL(href, pageUrl).href)).wire;
  return {
    status: page.status,
    // "hit" or "miss" when the page came through the rendered-page cache (a kept page), else null.
    pageCache: page.headers["x-page-cache"] ?? null,
    cookie: cookiesOf(page),
    htmlWire: page.wire,
    htmlGzipped: page.gzipped,
    // The page itself, for the same-size floor (scripts/bench/floor.mjs).
    html: page.body,
    jsFiles: seen.size,
    jsUnlisted: seen.size - new Set(listed).size, // imported by a script but not preloaded
    jsWire,
    jsRaw,
    cssWire,
  };
}
