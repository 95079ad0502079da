import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireLock } from "~/.server/db/client.server";

describe("PGlite data directory lock (a second process would hang)", () => {
  it("refuses a directory that a live process holds, with a clear error", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-lock-"));
    writeFileSync(path.join(dir, "shop.lock"), "1"); // pid 1 is always alive
    expect(() => acquireLock(dir)).toThrow(/in use by another shop process \(pid 1\)/);
  });

  it("takes over a lock left by a dead process and releases it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-lock-"));
    writeFileSync(path.join(dir, "shop.lock"), "999999");
    const release = acquireLock(dir);
    expect(readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, "shop.lock"))).toBe(false);
  });
});
