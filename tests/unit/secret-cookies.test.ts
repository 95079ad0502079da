import { describe, expect, it } from "vitest";
import { createSecretCookie, secretCookieName } from "~/.server/cookies.server";
import { deviceOf } from "~/lib/user-agent";

/**
 * The cookies that carry a secret (session id, CSRF token; decision 0085): `__Host-` in
 * production behind https, which the browser keeps only with Secure, Path=/ and no Domain;
 * the plain name over http (development, tests), where the prefix would be refused.
 */
const PRODUCTION = { production: true, publicUrl: "https://shop.example" };

describe("secret cookies", () => {
  it("are __Host- cookies in production over https: Secure, Path=/, HttpOnly, SameSite=Lax, no Domain", async () => {
    expect(secretCookieName("__session", PRODUCTION)).toBe("__Host-session");
    expect(secretCookieName("csrf", PRODUCTION)).toBe("__Host-csrf");
    const cookie = createSecretCookie("__session", { maxAge: 60, site: PRODUCTION });
    expect(cookie.name).toBe("__Host-session");
    const header = await cookie.serialize("an-id");
    expect(header).toMatch(/^__Host-session=/);
    const attributes = header
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["path=/", "secure", "httponly", "samesite=lax", "max-age=60"]));
    expect(attributes.some((a) => a.startsWith("domain"))).toBe(false);
    // Signed: what comes back is the value, a forged one is nothing.
    expect(await cookie.parse(header.split(";")[0])).toBe("an-id");
    expect(await cookie.parse("__Host-session=an-id")).toBeNull();
  });

  it("keep the plain name over http, in production too (a build tried on localhost) and in development", async () => {
    expect(secretCookieName("__session", { production: true, publicUrl: "http://localhost:3000" })).toBe("__session");
    const cookie = createSecretCookie("csrf", { site: { production: false, publicUrl: "http://localhost:3000" } });
    const header = await cookie.serialize("token");
    expect(header).toMatch(/^csrf=/);
    expect(header.toLowerCase()).not.toContain("secure");
  });

  it("a cookie under the other name is not read as the session", async () => {
    const hostOnly = createSecretCookie("__session", { site: PRODUCTION });
    const plain = createSecretCookie("__session", { site: { production: false, publicUrl: "http://localhost" } });
    const old = (await plain.serialize("old-id")).split(";")[0];
    expect(await hostOnly.parse(old)).toBeNull();
  });
});

describe("device of a User-Agent", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox", "Windows"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome",
      "macOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge",
      "Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari",
      "iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome",
      "Android",
    ],
  ])("%s", (ua, browser, system) => {
    expect(deviceOf(ua)).toEqual({ browser, system });
  });

  it("is unknown without a header", () => {
    expect(deviceOf("")).toEqual({ browser: null, system: null });
    expect(deviceOf(null)).toEqual({ browser: null, system: null });
  });
});
