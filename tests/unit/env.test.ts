import { describe, expect, it } from "vitest";
import { readEnv } from "~/.server/env.server";

describe('environment (README "Configuration")', () => {
  it("refuses to start in production without SESSION_SECRET", () => {
    expect(() => readEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET must be set in production/);
  });

  it("generates a secret in development and keeps it for the process", () => {
    const a = readEnv({ NODE_ENV: "development" });
    const b = readEnv({ NODE_ENV: "development" });
    expect(a.SESSION_SECRETS[0]).toHaveLength(64);
    expect(b.SESSION_SECRETS).toEqual(a.SESSION_SECRETS);
  });

  it("reads rotated secrets, the first one signing", () => {
    const env = readEnv({
      NODE_ENV: "production",
      SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789",
      PUBLIC_URL: "https://shop.example",
    });
    expect(env.SESSION_SECRETS).toEqual(["new-secret-0123456789", "old-secret-0123456789"]);
  });

  it("defaults PORT 3000 and DATA_DIR ./data, and rejects a bad value with its name", () => {
    const env = readEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(() => readEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(readEnv({ PORT: "0" }).PORT).toBe(0);
    expect(() => readEnv({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  // Decision 0032: absolute URLs come from PUBLIC_URL; production refuses to start without it.
  it("refuses to start in production without PUBLIC_URL, with a setup message", () => {
    expect(() => readEnv({ NODE_ENV: "production", SESSION_SECRET: "secret-0123456789abcdef" })).toThrow(
      /PUBLIC_URL must be set in production: the shop's public origin, e\.g\. PUBLIC_URL=https:\/\/shop\.example\.com/,
    );
  });

  it("reads PUBLIC_URL as an origin; outside production it defaults to http://localhost:$PORT", () => {
    expect(
      readEnv({ NODE_ENV: "production", SESSION_SECRET: "secret-0123456789abcdef", PUBLIC_URL: "https://Shop.Example/" }).PUBLIC_URL,
    ).toBe("https://shop.example");
    expect(readEnv({ NODE_ENV: "development", PORT: "4321" }).PUBLIC_URL).toBe("http://localhost:4321");
    expect(readEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    for (const bad of ["shop.example", "ftp://shop.example", "https://shop.example/shop", "https://shop.example/?a=1"]) {
      expect(() => readEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it("reads TRUST_PROXY as a list of addresses, ranges or names; none by default", () => {
    expect(readEnv({}).TRUST_PROXY).toEqual([]);
    expect(readEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,192.0.2.1" }).TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8", "192.0.2.1"]);
  });
});
