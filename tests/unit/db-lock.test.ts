import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireLock } from "~/.server/db/client.server";
import { currentHolder, startOf } from "~/.server/db/data-dir-lock.mjs";

/**
 * The PGlite data directory's lock (a second process would hang; docs/decisions/0093): a
 * live holder keeps others out, a pid alone proves nothing — the directory may be a copy, or
 * the pid may belong to another process by now.
 */
const dir = () => mkdtempSync(path.join(tmpdir(), "shop-lock-"));
const lock = (root: string, holder: unknown) => writeFileSync(path.join(root, "shop.lock"), JSON.stringify(holder));
const quiet = { log: () => {} };
let shop: ChildProcess;

beforeAll(async () => {
  // Another node process standing in for a live shop.
  shop = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  await new Promise((resolve) => shop.once("spawn", resolve));
});
afterAll(() => void shop.kill());

/** The lock `pid` would write for `root`. */
const holderOf = (root: string, pid: number) => ({ ...currentHolder(root), pid, started: startOf(pid) });

describe("PGlite data directory lock", () => {
  it("refuses a directory a live process holds, with a clear error", () => {
    const root = dir();
    lock(root, holderOf(root, shop.pid!));
    expect(() => acquireLock(root, quiet)).toThrow(new RegExp(`in use by another shop process \\(pid ${shop.pid}\\)`));
  });

  it("takes over a lock whose pid now belongs to another process (a different start time)", () => {
    const root = dir();
    lock(root, { ...holderOf(root, shop.pid!), started: "1" });
    const messages: string[] = [];
    const release = acquireLock(root, { log: (message) => messages.push(message) });
    expect(JSON.parse(readFileSync(path.join(root, "shop.lock"), "utf8")).pid).toBe(process.pid);
    expect(messages.join()).toMatch(/belongs to another process/);
    release();
  });

  it("takes over a lock naming pid 1 (always alive) as a shop that has since gone", () => {
    const root = dir();
    lock(root, { pid: 1, started: "not-when-pid-1-started", boot: null, host: hostname(), dir: realpathSync(root) });
    if (startOf(1) === undefined) return; // a system that cannot tell when a process started
    acquireLock(root, quiet)();
  });

  it("takes over the lock of a copied directory, even while its holder lives", () => {
    const original = dir();
    const copy = dir();
    lock(copy, holderOf(original, shop.pid!));
    const release = acquireLock(copy, quiet);
    expect(JSON.parse(readFileSync(path.join(copy, "shop.lock"), "utf8")).dir).toBe(realpathSync(copy));
    release();
  });

  it("takes over a lock written on another machine or before the machine restarted", () => {
    const root = dir();
    lock(root, { ...holderOf(root, shop.pid!), host: "another-machine" });
    acquireLock(root, quiet)();
    if (!existsSync("/proc/sys/kernel/random/boot_id")) return;
    lock(root, { ...holderOf(root, shop.pid!), boot: "an-earlier-boot" });
    acquireLock(root, quiet)();
  });

  it("an older shop's lock (the pid alone): kept while that pid runs node, taken over otherwise", () => {
    const root = dir();
    writeFileSync(path.join(root, "shop.lock"), String(shop.pid));
    expect(() => acquireLock(root, quiet)).toThrow(/in use by another shop process/);
    writeFileSync(path.join(root, "shop.lock"), "999999");
    acquireLock(root, quiet)();
  });

  it("takes over a lock left by a dead process and releases it", () => {
    const root = dir();
    lock(root, { ...currentHolder(root), pid: 999999, started: "5" });
    const release = acquireLock(root, quiet);
    expect(JSON.parse(readFileSync(path.join(root, "shop.lock"), "utf8")).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(root, "shop.lock"))).toBe(false);
  });

  it("release leaves a lock that another process has taken since alone", () => {
    const root = dir();
    const release = acquireLock(root, quiet);
    lock(root, holderOf(root, shop.pid!));
    release();
    expect(existsSync(path.join(root, "shop.lock"))).toBe(true);
  });
});
