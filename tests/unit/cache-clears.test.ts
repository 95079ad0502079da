import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One way to clear caches (decision 0096): a change calls `dataChanged(kind)`
 * (app/modules/kernel/cache-impact.server.ts), which knows which named caches show each kind
 * and whose clears are retried while Redis is down (decision 0091). No other file of the shop
 * clears a named cache itself: not through `clearCache`/`clearCaches` by name, not through the
 * `clear()` of a cache it registered. The admin cache page's button goes through the same
 * module (`clearCacheByHand`).
 */
const root = join(__dirname, "../..");
const CACHE_CORE = "app/.server/cache.server.ts";
const ONE_WAY = "app/modules/kernel/cache-impact.server.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(join(root, "app")).map((path) => ({ file: relative(root, path), text: readFileSync(path, "utf8") }));

/** The named caches a file clears through their own `clear()`. */
function ownClears(text: string): string[] {
  const names = [...text.matchAll(/(?:const|let)\s+(\w+)\s*=\s*namedCache\b/g)].map((m) => m[1]);
  return names.filter((name) => new RegExp(`\\b${name}\\s*\\.\\s*clear\\s*\\(`).test(text));
}

describe("caches are cleared one way", () => {
  it("no module but the cache impact one imports the clear-by-name functions", () => {
    const importers = files
      .filter(({ file }) => file !== CACHE_CORE && file !== ONE_WAY)
      .filter(({ text }) => /import\s*\{[^}]*\bclearCaches?\b[^}]*\}\s*from\s*"~\/\.server\/cache\.server"/.test(text))
      .map(({ file }) => file);
    expect(importers).toEqual([]);
  });

  it("no module clears a named cache it registered", () => {
    const clearing = files.flatMap(({ file, text }) =>
      file === CACHE_CORE ? [] : ownClears(text).map((name) => `${file}: ${name}.clear()`),
    );
    expect(clearing).toEqual([]);
  });

  it("finds a clear where one is written (the checks above can fail)", () => {
    expect(ownClears('const ratings = namedCache<number>("ratings", { ttlSeconds: 1 });\nawait ratings.clear();')).toEqual(["ratings"]);
    expect(ownClears('const ratings = namedCache<number>("ratings", { ttlSeconds: 1 });\nawait ratings.wrap("k", f);')).toEqual([]);
  });
});
