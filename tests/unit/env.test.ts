import { describe, expect, it } from "vitest";
import { readEnv } from "~/.server/env.server";

describe("environment (issue 2 §1)", () => {
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
    const env = readEnv({ NODE_ENV: "production", SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789" });
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
});
