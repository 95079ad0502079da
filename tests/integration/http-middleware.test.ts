import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrustFunction } from "~/.server/http/forwarded-headers.server";

// The budget is read once from the environment, so set it before the module loads.
process.env.RATE_LIMIT_AUTH_POINTS = "3";
process.env.RATE_LIMIT_POINTS = "5";
delete process.env.REDIS_URL;
const { createRateLimit } = await import("~/.server/http/rate-limit.server");
const { sameOrigin } = await import("~/.server/http/same-origin.server");
const { dropUntrustedForwardedHeaders } = await import("~/.server/http/forwarded-headers.server");

let base: string;
let originBase: string;
const servers: { close: () => void }[] = [];

async function serve(...middleware: express.RequestHandler[]) {
  const app = express();
  app.use(...middleware);
  app.all("*", (_req, res) => void res.send("ok"));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  base = await serve(await createRateLimit());
  originBase = await serve(sameOrigin);
});
afterAll(() => servers.forEach((s) => s.close()));

const post = (path: string, headers: Record<string, string> = {}, to = base) => fetch(to + path, { method: "POST", headers, body: "x=1" });

describe("rate limit (DESIGN.md: rate limiting in server.ts)", () => {
  it("allows RATE_LIMIT_AUTH_POINTS sign-in posts a minute, then 429 with a translated message", async () => {
    for (let i = 0; i < 3; i++) expect((await post("/prijava")).status).toBe(200);
    const refused = await post("/en/login");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toBe("Too many requests. Please try again in a few minutes.");
  });

  it("does not limit reads", async () => {
    for (let i = 0; i < 10; i++) expect((await fetch(base + "/prijava")).status).toBe(200);
  });

  it("gives other posts their own, larger budget", async () => {
    for (let i = 0; i < 5; i++) expect((await post("/kosarica")).status).toBe(200);
    const refused = await post("/kosarica");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe("Previše zahtjeva. Pokušajte ponovno za nekoliko minuta.");
  });
});

describe("rate limit of the price enquiry (spec §2 'Upit o cijeni')", () => {
  it("is a public form: it gets the strict budget in every language, the fetcher's .data posts included", async () => {
    const fresh = await serve(await createRateLimit());
    expect((await post("/upit-o-cijeni/krovni-panel", {}, fresh)).status).toBe(200);
    expect((await post("/en/price-enquiry/krovni-panel.data", {}, fresh)).status).toBe(200);
    expect((await post("/de/preisanfrage/krovni-panel", {}, fresh)).status).toBe(200);
    const refused = await post("/upit-o-cijeni/krovni-panel.data", {}, fresh);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe("Previše zahtjeva. Pokušajte ponovno za nekoliko minuta.");
  });
});

describe("rate limit of the contact form, database forms and the newsletter (decision 0019)", () => {
  it("share the strict budget in every language, the fetcher's .data posts included", async () => {
    const fresh = await serve(await createRateLimit());
    expect((await post("/obrazac/contact", {}, fresh)).status).toBe(200);
    expect((await post("/en/form/upit-za-montazu.data", {}, fresh)).status).toBe(200);
    expect((await post("/de/formular/contact", {}, fresh)).status).toBe(200);
    const refused = await post("/obrazac/contact.data", {}, fresh);
    expect(refused.status).toBe(429);
  });

  it("limits newsletter sign-ups the same way", async () => {
    const fresh = await serve(await createRateLimit());
    for (let i = 0; i < 3; i++) expect((await post("/actions/newsletter", {}, fresh)).status).toBe(200);
    expect((await post("/actions/newsletter", {}, fresh)).status).toBe(429);
    // A CMS page of a similar name is not a form.
    expect((await post("/formulari-i-dokumenti", {}, fresh)).status).toBe(200);
  });
});

describe("same-origin check", () => {
  it("refuses a post from another site and one with Origin null, lets the own origin through", async () => {
    const refused = await post("/de/kasse", { Origin: "https://evil.example" }, originBase);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("Die Anfrage wurde abgelehnt. Laden Sie die Seite neu und versuchen Sie es erneut.");
    expect((await post("/de/kasse", { Origin: "null" }, originBase)).status).toBe(403);
    expect((await post("/de/kasse", { Origin: originBase }, originBase)).status).toBe(200);
    expect((await post("/de/kasse", {}, originBase)).status).toBe(200); // no Origin: left to the CSRF token
  });
});

/**
 * Decision 0032 (DESIGN.md "Trust boundaries"): "X-Forwarded-* headers are trusted only
 * from proxies named in a setting (TRUST_PROXY)". server.ts sets Express's "trust proxy" to
 * the list (nothing by default) and drops the headers of any other peer first.
 */
describe("forwarded headers (TRUST_PROXY)", () => {
  async function behind(trustProxy: string[] | false, ...middleware: express.RequestHandler[]) {
    const app = express();
    app.set("trust proxy", trustProxy);
    app.use(dropUntrustedForwardedHeaders(app.get("trust proxy fn") as TrustFunction), ...middleware);
    app.all("*", (req, res) => void res.json({ ip: req.ip, host: req.get("x-forwarded-host") ?? null, protocol: req.protocol }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const spoof = (n: number) => ({ "X-Forwarded-For": `203.0.113.${n}`, "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });

  it("from an untrusted peer: dropped, so a spoofed X-Forwarded-For buys no new rate-limit budget", async () => {
    const untrusted = await behind(false);
    const seen = (await (await fetch(untrusted, { headers: spoof(1) })).json()) as { ip: string; host: string | null; protocol: string };
    expect(seen).toMatchObject({ host: null, protocol: "http" });
    expect(seen.ip).toMatch(/127\.0\.0\.1$/);
    const limited = await behind(false, await createRateLimit());
    for (let i = 0; i < 3; i++) expect((await post("/prijava", spoof(i), limited)).status).toBe(200);
    expect((await post("/prijava", spoof(99), limited)).status).toBe(429);
  });

  it("from a proxy named in TRUST_PROXY: believed (the client address, host and protocol it names)", async () => {
    const trusted = await behind(["loopback"]);
    expect(await (await fetch(trusted, { headers: spoof(7) })).json()).toEqual({
      ip: "203.0.113.7",
      host: "evil.example",
      protocol: "https",
    });
    // A list that names another address does not cover this peer.
    const other = await behind(["10.0.0.0/8", "192.0.2.1"]);
    expect(await (await fetch(other, { headers: spoof(7) })).json()).toMatchObject({ host: null, protocol: "http" });
    // Each client behind the trusted proxy has its own budget.
    const limited = await behind(["loopback"], await createRateLimit());
    for (let i = 0; i < 3; i++) expect((await post("/prijava", spoof(10), limited)).status).toBe(200);
    expect((await post("/prijava", spoof(10), limited)).status).toBe(429);
    expect((await post("/prijava", spoof(11), limited)).status).toBe(200);
  });

  it("a spoofed X-Forwarded-Host cannot make another site's Origin look like the shop's", async () => {
    const guarded = await behind(false, sameOrigin);
    expect((await post("/kosarica", { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" }, guarded)).status).toBe(403);
  });
});
