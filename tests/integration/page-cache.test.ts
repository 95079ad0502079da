import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import { canonicalPageUrl, pageCacheKey } from "~/.server/http/page-cache.server";
import { startCachingServer } from "../setup/caching-server";

/**
 * The rendered-page cache (decision 0008) in front of the production build, behind the real
 * compression middleware: anonymous visitors share one render, each gets a fresh nonce and
 * their own CSRF token, and anyone with a session, toast or cart cookie gets a fresh page.
 */
let base: string;
let port: number;
let close: () => void;

beforeAll(async () => {
  ({ base, port, close } = await startCachingServer());
});
afterAll(() => close());

/** A GET with headers fetch would not send as given (Host), through node:http. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
const get = (url: string, cookie?: string) => fetch(base + url, { headers: cookie ? { cookie } : {} });
const csrfInput = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1];
const nonces = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));

describe("rendered-page cache (decision 0008)", () => {
  it("renders a page once, then serves it with a fresh nonce and the visitor's own CSRF token", async () => {
    await clearCache("rendered-pages");
    const first = await get("/shop?limit=24");
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const firstHtml = await first.text();

    const second = await get("/shop?limit=24");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(second.headers.get("Content-Encoding")).toBe("gzip"); // fetch accepts gzip and decodes it
    const html = await second.text();
    expect(html).not.toContain("\u0001");
    expect(html.length).toBe(firstHtml.length);

    // The nonce in the page is the one of this response's CSP header, not the first render's.
    const csp = second.headers.get("Content-Security-Policy")!;
    const [nonce] = [...nonces(html)];
    expect(nonces(html).size).toBe(1);
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(nonces(firstHtml).has(nonce!)).toBe(false);

    // A visitor without a CSRF cookie gets a new token and its cookie; it differs from the first visitor's.
    expect(second.headers.getSetCookie().some((c) => c.startsWith("csrf="))).toBe(true);
    expect(csrfInput(html)).not.toBe(csrfInput(firstHtml));
  });

  it("keys on the parameters a page reads: campaign parameters (utm_*, fbclid, gclid) change nothing", async () => {
    await clearCache("rendered-pages");
    const first = await get("/shop?limit=24&sort=2&utm_source=newsletter&utm_medium=email");
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const html = await first.text();
    // Rendered for the canonical URL: no visitor's campaign value is kept for the next one.
    expect(html).not.toContain("newsletter");
    for (const url of [
      "/shop?limit=24&sort=2",
      "/shop?fbclid=IwAR0abc&limit=24&sort=2",
      "/shop?gclid=Cj0K&limit=24&utm_campaign=zima&sort=2",
    ]) {
      expect((await get(url)).headers.get("X-Page-Cache"), url).toBe("hit");
    }
    // A parameter the page reads is part of the key.
    expect((await get("/shop?limit=24&sort=3")).headers.get("X-Page-Cache")).toBe("miss");
    expect(canonicalPageUrl("/shop?utm_source=a&b=2&a=1&a=0&gclid=x")).toBe("/shop?b=2&a=1&a=0");
    expect(canonicalPageUrl("/?fbclid=1")).toBe("/");
  });

  it("keeps a returning visitor's CSRF token (no new cookie) so their forms still post", async () => {
    const first = await get("/pretraga?search=panel&category=products");
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const token = csrfInput(await first.text());
    await get("/pretraga?search=panel&category=products", cookie); // the variant for visitors whose language is known
    const again = await get("/pretraga?search=panel&category=products", cookie);
    expect(again.headers.get("X-Page-Cache")).toBe("hit");
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(csrfInput(await again.text())).toBe(token);
  });

  it("renders afresh for a visitor with a session, toast or cart cookie", async () => {
    await get("/kosarica");
    for (const cookie of ["__session=abc", "__toast=abc", "cartId=1; protectCode=x", "csrf=x; memberCardBarcode=1"]) {
      const response = await get("/kosarica", cookie);
      expect(response.headers.get("X-Page-Cache"), cookie).toBeNull();
    }
    // Analytics cookies (one leading underscore) are not ours and do not change the page.
    expect((await get("/kosarica", "_ga=GA1.1.1")).headers.get("X-Page-Cache")).toBe("hit");
  });

  it("is dropped when data under it changes (any named cache cleared)", async () => {
    await get("/shop");
    expect((await get("/shop")).headers.get("X-Page-Cache")).toBe("hit");
    await clearCache("product-list");
    expect((await get("/shop")).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("never keeps error pages, posts or admin pages", async () => {
    await get("/shop/no-such-category");
    expect((await get("/shop/no-such-category")).headers.get("X-Page-Cache")).toBeNull();
    const request = (method: string, path: string) => ({ method, path, originalUrl: path, headers: { host: "shop.example" } });
    expect(pageCacheKey(request("POST", "/kosarica"), "shop.example")).toBeNull();
    expect(pageCacheKey(request("GET", "/admin/cache"), "shop.example")).toBeNull();
    expect(pageCacheKey(request("GET", "/shop.data"), "shop.example")).toBeNull();
    expect(pageCacheKey(request("GET", "/shop"), "shop.example")).not.toBeNull();
  });

  // Decision 0083: the text rule for addresses, in the handler server.ts mounts.
  it("answers an address whose path or query holds NUL, a control character or a lone surrogate with a translated 400", async () => {
    for (const path of ["/blog/%00", "/obrazac/con%00tact", "/%00", "/shop?limit=%00", "/en/shop?q=a%07b", "/de/a%07b"]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get("X-Page-Cache"), path).toBeNull();
      expect(await response.text(), path).toMatch(/^(Adresa stranice|The page address|Die Seitenadresse)/);
    }
    expect(await (await get("/en/shop?q=%00")).text()).toBe("The page address contains characters that are not allowed.");
    // A segment that is not UTF-8 at all reaches Remix undecoded (no NUL in any param), and its answer.
    const undecodable = await get("/de/%ED%A0%80%00");
    expect(undecodable.status).toBeLessThan(500);
    expect(await undecodable.text()).not.toContain("Die Seitenadresse");
    // Text the rule lets through still reaches its page: tab, line breaks, any letter.
    expect((await get("/shop?q=%C5%A1%09x%0A")).status).toBe(200);
    // The API answers the same refusal itself, as its JSON failure.
    const api = await get("/api/v1/cms/term/get/ab%00c");
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ errored: true, statusCode: 400, errors: [{ field: "path.id" }] });
  });

  // Decision 0032: "the rendered-page cache can't be filled with a page built for another host".
  it("neither fills nor serves the cache for another Host or X-Forwarded-Host", async () => {
    const request = (headers: Record<string, string>) => ({ method: "GET", path: "/shop", originalUrl: "/shop", headers });
    expect(pageCacheKey(request({ host: "evil.example" }), "shop.example")).toBeNull();
    // A forwarded host survives only from a trusted proxy; then it is the host that counts.
    expect(pageCacheKey(request({ host: "shop.example", "x-forwarded-host": "evil.example" }), "shop.example")).toBeNull();
    expect(pageCacheKey(request({ host: "10.0.0.5:3000", "x-forwarded-host": "Shop.example" }), "shop.example")).toBe(
      pageCacheKey(request({ host: "shop.example" }), "shop.example"),
    );

    await clearCache("rendered-pages");
    const spoofed = () => rawGet("/shop?limit=24", { Host: "evil.example" });
    for (let i = 0; i < 2; i++) expect((await spoofed()).headers["x-page-cache"]).toBeUndefined();
    // The real host still gets a fresh render, not one made for evil.example.
    const real = await get("/shop?limit=24");
    expect(real.headers.get("X-Page-Cache")).toBe("miss");
    expect(await real.text()).not.toContain("evil.example");

    // X-Forwarded-Host from an untrusted peer is dropped: the page is the public host's, and no link names the spoofed host.
    await clearCache("rendered-pages");
    const forwarded = await rawGet("/shop?limit=24", { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    expect(forwarded.headers["x-page-cache"]).toBe("miss");
    expect(forwarded.body).not.toContain("evil.example");
    expect((await get("/shop?limit=24")).headers.get("X-Page-Cache")).toBe("hit");
    // Canonical and hreflang links come from PUBLIC_URL (http://localhost:3000 in the tests), not from the request.
    expect(forwarded.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/shop/);
  });

  it("drops an anonymous product page when a comment on it is approved, so the new average shows", async () => {
    const { and, eq } = await import("drizzle-orm");
    const { comments, products, productTranslations, users } = await import("~/.server/db/schema");
    const { moderateComment } = await import("~/modules/comments/comments.server");
    const db = await getDb();
    const [product] = await db
      .select({ id: products.id, slug: productTranslations.slug })
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
      .where(and(eq(products.archived, false), eq(products.isVisibleIndividually, true), eq(products.format, "simple")))
      .limit(1);
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    const [row] = await db
      .insert(comments)
      .values({ siteId: 1, entityType: "product", entityId: product.id, userId: user.id, rating: 5, content: "Odlično", status: "pending" })
      .returning();
    const path = `/product/${product.slug}`;
    await get(path);
    const cached = await get(path);
    expect(cached.headers.get("X-Page-Cache")).toBe("hit");
    expect(await cached.text()).not.toContain('data-testid="rating-summary"');
    await moderateComment(row.id, "approved");
    const fresh = await get(path);
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    expect(await fresh.text()).toContain('data-testid="rating-summary"');
  });

  it("compresses a page rendered per visitor about as well as a shared one (decision 0070)", async () => {
    // Before: the adapter flushed after every chunk, a gzip block each: 2.6 times the bytes.
    await clearCache("rendered-pages");
    const shared = await gzippedGet("/", {});
    expect(shared.cache).toBe("miss");
    const own = await gzippedGet("/", { cookie: "__session=not-a-session" });
    expect(own.cache).toBeUndefined();
    expect(own.encoding).toBe("gzip");
    expect(own.bytes).toBeLessThan(shared.bytes * 1.1);
  });
});

/** Bytes on the wire of a GET that accepts gzip (fetch would decode them). */
function gzippedGet(path: string, headers: Record<string, string>): Promise<{ bytes: number; encoding?: string; cache?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () =>
        resolve({ bytes, encoding: res.headers["content-encoding"], cache: res.headers["x-page-cache"] as string | undefined }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}
