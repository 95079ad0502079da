import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seededDataDir, shopEnv, startShopProcess, type ShopProcess } from "../setup/shop-process";

/**
 * The lock of a PGlite data directory (docs/decisions/0093) with real shop processes: a lock
 * whose pid now belongs to another process, a copied directory and a lock of an older shop
 * naming a process that is no shop all let the shop start; a live shop on the directory
 * still keeps a second one out.
 */
const template = inject("testDatabase");
const work = mkdtempSync(path.join(tmpdir(), "shop-lock-test-"));
const dataDir = path.join(work, "data");
const shops: ShopProcess[] = [];
const lockFile = (dir: string) => path.join(dir, "shop.lock");
const start = async (dir: string) => {
  const shop = await startShopProcess(shopEnv({ dataDir: dir }));
  shops.push(shop);
  return shop;
};
const bootId = () => {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return null;
  }
};

beforeAll(async () => {
  if (template.kind === "pglite") await seededDataDir(dataDir, template);
}, 60_000);
afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(template.kind !== "pglite")("the data directory's lock (PGlite)", () => {
  it("a lock whose pid now belongs to another process (this test runner) is stale: the shop starts; a second live shop is still refused", async () => {
    // As a shop that died left it, and the pid was since given to the test runner.
    writeFileSync(
      lockFile(dataDir),
      JSON.stringify({ pid: process.pid, started: "1", boot: bootId(), host: hostname(), dir: realpathSync(dataDir) }),
    );
    const shop = await start(dataDir);
    expect(shop.output()).toMatch(/Took over the stale lock .*belongs to another process/);
    expect(JSON.parse(readFileSync(lockFile(dataDir), "utf8")).pid).toBe(shop.child.pid);
    expect((await shop.visitor().get("/")).status).toBe(200);

    const second = await start(dataDir).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(second).toMatch(/in use by another shop process \(pid \d+\)/);
    // The first is untouched.
    expect((await shop.visitor().get("/kosarica")).status).toBe(200);
  }, 180_000);

  it("a copy of a running shop's directory, lock and all, starts as a shop of its own", async () => {
    const copy = path.join(work, "copy");
    cpSync(dataDir, copy, { recursive: true });
    expect(JSON.parse(readFileSync(lockFile(copy), "utf8")).pid).toBe(shops[0].child.pid);
    const shop = await start(copy);
    expect(shop.output()).toMatch(/Took over the stale lock .*a copied directory/);
    expect((await shop.visitor().get("/")).status).toBe(200);
    expect(await shop.stop()).toBe(0);
  }, 180_000);

  it("a lock of an older shop (the pid alone) naming a live process that is no shop does not keep the shop out", async () => {
    expect(await shops[0].stop()).toBe(0);
    const other = spawn("sleep", ["120"], { stdio: "ignore" });
    try {
      writeFileSync(lockFile(dataDir), String(other.pid));
      const shop = await start(dataDir);
      expect(shop.output()).toMatch(/Took over the stale lock .*is not a shop/);
      expect((await shop.visitor().get("/")).status).toBe(200);
      expect(await shop.stop()).toBe(0);
    } finally {
      other.kill();
    }
  }, 180_000);
});
