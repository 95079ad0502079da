import { expect, test } from "@playwright/test";

test.describe("HTTP server (server.ts)", () => {
  test("sends security headers with a fresh CSP nonce on every page", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const csp = first.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(second.headers()["content-security-policy"]).not.toBe(csp);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["x-powered-by"]).toBeUndefined();
  });

  test("serves hashed assets as immutable and compresses pages", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1];
    const response = await request.get(asset);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    const page = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
  });

  test("refuses a cross-site form post with 403 before any action runs", async ({ request }) => {
    const response = await request.post("/actions/cookie-consent", {
      headers: { Origin: "https://evil.example" },
      form: { choice: "all" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toBe("Zahtjev je odbijen. Osvježite stranicu i pokušajte ponovno.");
    expect(response.headers()["set-cookie"] ?? "").not.toContain("acceptedCookies");
  });

  test("refuses a same-site post without a CSRF token with 403", async ({ request, baseURL }) => {
    const response = await request.post("/en/login", { headers: { Origin: baseURL! }, form: { username: "x" }, maxRedirects: 0 });
    expect([403, 405]).toContain(response.status());
  });
});
