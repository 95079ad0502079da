import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** The real production server process (build/server.js) on its own PGlite directory. */
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-server-"));
const children: ChildProcess[] = [];

/** Starts the server on a free port; `port` resolves once it says where it listens. */
function start(extra: Record<string, string> = { PUBLIC_URL: "http://shop.test" }) {
  const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      PUBLIC_URL: "",
      NODE_ENV: "production",
      SESSION_SECRET: "process-test-secret-0123456789",
      PORT: "0",
      DATA_DIR: dataDir,
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = new Promise<number>((resolve) => {
    child.stdout!.on("data", () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
  });
  return { child, exited, port, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

afterAll(() => children.forEach((c) => c.exitCode === null && c.kill("SIGKILL")));

describe("server process and embedded database (DESIGN.md: PGlite, one process per data directory)", () => {
  it("migrates and seeds on first start, refuses a second process on the same directory, closes cleanly on SIGTERM", async () => {
    const first = start();
    const port = await first.port;
    await waitForHealth(port);
    expect(existsSync(path.join(dataDir, "shop.lock"))).toBe(true);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Alu Krov");

    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another shop process \(pid \d+\)/);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "shop.lock"))).toBe(false);

    // The data survives a restart: the same directory opens again, already seeded.
    const again = start();
    const againPort = await again.port;
    await waitForHealth(againPort);
    expect((await fetch(`http://127.0.0.1:${againPort}/kosarica`)).status).toBe(200);
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  }, 120_000);

  // Decision 0032: "production refuses to start without PUBLIC_URL" — a setup error, not a shop on the Host header.
  it("refuses to start in production without PUBLIC_URL, saying what to set", async () => {
    const bare = start({});
    expect(await bare.exited).toBe(1);
    expect(bare.output()).toMatch(/PUBLIC_URL must be set in production/);
  }, 60_000);

  it("builds absolute URLs from PUBLIC_URL whatever Host or X-Forwarded-Host a request names", async () => {
    const shop = start({ PUBLIC_URL: "https://shop.example" });
    const port = await shop.port;
    await waitForHealth(port);
    const sitemap = await fetch(`http://127.0.0.1:${port}/sitemap.xml`, {
      headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" },
    });
    const xml = await sitemap.text();
    expect(xml).toContain("<loc>https://shop.example/</loc>");
    expect(xml).not.toContain("evil.example");
    const home = await (await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-Host": "evil.example" } })).text();
    expect(home).toContain('<link rel="canonical" href="https://shop.example/"');
    expect(home).not.toContain("evil.example");
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  }, 120_000);
});
