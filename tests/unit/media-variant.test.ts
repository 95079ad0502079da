import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureVariant, variantPath } from "~/modules/media/media-variant.server";

// Counts sharp pipelines that render (they pass input options; header reads do not).
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const actual = ((await importOriginal()) as { default: (...args: unknown[]) => unknown }).default;
  const counted = (...args: unknown[]) => {
    if (args.length > 1) renders.count++;
    return actual(...args);
  };
  return { default: Object.assign(counted, actual) };
});

const root = mkdtempSync(path.join(os.tmpdir(), "media-variant-"));
const source = { driveId: "0b6a5c1e-2f0d-4c8a-9f3e-1a2b3c4d5e6f", version: 2, path: "originals/square.svg", mime: "image/svg+xml" };
beforeAll(() => {
  vi.stubEnv("MEDIA_DIR", root);
  mkdirSync(path.join(root, "originals"));
  writeFileSync(
    path.join(root, source.path),
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="red"/></svg>',
  );
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe("ensureVariant", () => {
  it("renders a variant once for concurrent first requests and once only, into the versioned cache path", async () => {
    const files = await Promise.all(Array.from({ length: 6 }, () => ensureVariant(source, "portrait", "webp")));
    expect(new Set(files)).toEqual(new Set([path.join(root, "cache", source.driveId, "2", "portrait.webp")]));
    expect(variantPath(source, "portrait", "webp")).toBe(`cache/${source.driveId}/2/portrait.webp`);
    expect(renders.count).toBe(1);
    await ensureVariant(source, "portrait", "webp");
    expect(renders.count).toBe(1); // served from disk
    expect(readdirSync(path.dirname(files[0]))).toEqual(["portrait.webp"]);
  });

  it("refuses an original path outside the media root", async () => {
    await expect(ensureVariant({ ...source, path: "../escape.svg" }, "medium", "png")).rejects.toThrow(/escapes the media root/);
  });
});
