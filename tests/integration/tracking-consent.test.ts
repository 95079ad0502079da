import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCache } from "~/.server/cache.server";
import type { Database } from "~/.server/db/client.server";
import { options } from "~/.server/db/schema";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Cookie consent categories gate the analytics and marketing tags of the CMS options (nothing runs
 * without consent): Google Analytics and Tag Manager need "analytics", the Facebook pixel
 * "marketing"; nothing before the visitor answers, nothing in edit mode (back-office users), and an
 * id that is not the provider's format is never written into a script.
 */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  await setOptions({ GoogleAnalyticsId: "G-ALUKROV123", GoogleTagManagerId: "GTM-AK12345", FacebookPixelId: "123456789012" });
});
afterAll(() => shop.close());

async function setOptions(values: Record<string, string | null>) {
  for (const [key, value] of Object.entries(values)) {
    await db
      .update(options)
      .set({ value })
      .where(and(eq(options.siteId, 1), eq(options.key, key)));
  }
  await clearCache("site-config");
}

async function headOf(visitor: Visitor, path = "/kosarica") {
  const { html } = await visitor.page(path);
  return /<head>[\s\S]*<\/head>/.exec(html)![0];
}

const withConsent = (value: string | null) => {
  const visitor = new Visitor(shop);
  if (value !== null) visitor.cookies.set("acceptedCookies", encodeURIComponent(value));
  return visitor;
};

describe("analytics and marketing tags follow the accepted cookie categories", () => {
  it("renders none before the visitor answers the banner, and none for necessary only", async () => {
    for (const consent of [null, "necessary"]) {
      const head = await headOf(withConsent(consent));
      expect(head).not.toContain("googletagmanager");
      expect(head).not.toContain("fbq(");
    }
  });

  it("analytics: Google Analytics (with its script) and Tag Manager, nonced; no pixel", async () => {
    const head = await headOf(withConsent("necessary,analytics"));
    expect(head).toContain('<script async="" src="https://www.googletagmanager.com/gtag/js?id=G-ALUKROV123" nonce="test-nonce">');
    expect(head).toContain("gtag(&quot;config&quot;,&quot;G-ALUKROV123&quot;)".replaceAll("&quot;", '"'));
    expect(head).toContain('"GTM-AK12345"');
    expect(head).not.toContain("fbq(");
    for (const script of head.match(/<script\b[^>]*>/g)!) expect(script).toContain('nonce="test-nonce"');
  });

  it("marketing: the Facebook pixel only", async () => {
    const head = await headOf(withConsent("necessary,marketing"));
    expect(head).toContain('fbq("init","123456789012")');
    expect(head).not.toContain("googletagmanager.com/gtag");
  });

  it("never in edit mode: a back-office user who accepted everything gets none", async () => {
    const admin = await loginAsAdmin(withConsent("necessary,marketing,analytics"));
    const head = await headOf(admin, "/");
    expect(head).not.toContain("googletagmanager");
    expect(head).not.toContain("fbq(");
  });

  it("an id in the wrong format is never written into a script", async () => {
    await setOptions({ GoogleAnalyticsId: 'G-1");alert(1);//', FacebookPixelId: "<script>" });
    try {
      const head = await headOf(withConsent("necessary,marketing,analytics"));
      expect(head).not.toContain("alert(1)");
      expect(head).not.toContain("gtag/js");
      expect(head).not.toContain("fbq(");
      expect(head).toContain('"GTM-AK12345"');
    } finally {
      await setOptions({ GoogleAnalyticsId: "G-ALUKROV123", FacebookPixelId: "123456789012" });
    }
  });
});

describe("the Content-Security-Policy allows the configured tags' hosts", () => {
  it("adds Google's and Facebook's hosts while they are configured, none when not", async () => {
    const { trackingCsp } = await import("~/.server/http/tracking-csp.server");
    const { securityHeaders, cspNonce } = await import("~/.server/http/security-headers.server");
    const { configuredTrackingCsp } = await import("~/modules/consent/tracking.server");
    const app = express();
    app.use(cspNonce, trackingCsp(configuredTrackingCsp), securityHeaders({ development: false, https: false }));
    app.get("*", (_req, res) => void res.send("ok"));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const policy = (await fetch(url)).headers.get("Content-Security-Policy")!;
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com https:\/\/connect\.facebook\.net/);
      expect(policy).toContain(
        "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com https://www.facebook.com",
      );

      await setOptions({ GoogleAnalyticsId: null, GoogleTagManagerId: null, FacebookPixelId: null });
      const strict = (await fetch(url)).headers.get("Content-Security-Policy")!;
      expect(strict).not.toContain("googletagmanager");
      expect(strict).not.toContain("facebook");
    } finally {
      server.close();
      await setOptions({ GoogleAnalyticsId: "G-ALUKROV123", GoogleTagManagerId: "GTM-AK12345", FacebookPixelId: "123456789012" });
    }
  });
});

describe("reopening the cookie settings, so a visitor can change their choice", () => {
  it("links every page's footer to itself with ?cookies=settings, which renders the notice with today's choices", async () => {
    const visitor = withConsent("necessary,marketing");
    const plain = await visitor.page("/kosarica");
    expect(plain.html).not.toContain('data-testid="cookie-banner"');
    const link = (html: string) => /<a\b[^>]*data-testid="cookie-settings-link"[^>]*>([^<]*)</.exec(html)!;
    expect(link(plain.html)[0]).toContain('href="/kosarica?cookies=settings"');
    expect(link(plain.html)[1]).toBe("Postavke kolačića");
    const reopened = await visitor.page("/kosarica?cookies=settings");
    const banner = /data-testid="cookie-banner"[\s\S]*?<\/section>/.exec(reopened.html)![0];
    const box = (value: string) =>
      new RegExp(`<input[^>]*value="${value}"[^>]*>`).exec(banner.replace(/checked="" value/g, "value"))?.[0] ?? "";
    const ticked = (value: string) => new RegExp(`<input(?=[^>]*checked="")[^>]*value="${value}"`).test(banner);
    expect(box("marketing")).not.toBe("");
    expect(ticked("marketing")).toBe(true);
    expect(ticked("analytics")).toBe(false);
    // The answer goes back to the page without the query.
    expect(banner).toContain('name="redirectTo" value="/kosarica"');
    const en = await withConsent("necessary").page("/en/cart");
    expect(link(en.html)[0]).toContain('href="/en/cart?cookies=settings"');
    expect(link(en.html)[1]).toBe("Cookie settings");
  });
});
