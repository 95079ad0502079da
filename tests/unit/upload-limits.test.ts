import { describe, expect, it } from "vitest";
import { readEnv } from "~/.server/env.server";
import { UPLOAD_LIMITS } from "~/modules/media/media-upload.server";

/**
 * The limits a shop runs with. Browser tests lower the backoffice body limit
 * (ADMIN_UPLOAD_BODY_LIMIT) to test its refusal with small files; this holds the real ones.
 */
describe("upload limits in production", () => {
  it("take 64 MB per backoffice post unless configured", () => {
    const env = readEnv({ NODE_ENV: "production", SESSION_SECRET: "production-secret-0123456789", PUBLIC_URL: "https://shop.example.com" });
    expect(env.ADMIN_UPLOAD_BODY_LIMIT).toBe(64 * 1024 * 1024);
  });

  it("take images of 10 MB, downloads of 50 MB, 20 files at once (10 from shoppers)", () => {
    expect(UPLOAD_LIMITS).toMatchObject({ files: 20, publicFiles: 10, imageBytes: 10 * 1024 * 1024, downloadBytes: 50 * 1024 * 1024 });
    // One download fits one post: the media library sends a file per request.
    expect(UPLOAD_LIMITS.downloadBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuse a configured limit under 1 MB", () => {
    expect(() => readEnv({ NODE_ENV: "development", ADMIN_UPLOAD_BODY_LIMIT: "1000" })).toThrow(/ADMIN_UPLOAD_BODY_LIMIT/);
  });
});
