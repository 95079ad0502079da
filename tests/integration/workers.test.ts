// PostgreSQL only: several worker processes share one database; the embedded PGlite belongs to one process (the refusal runs on both).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { Visitor } from "../setup/client";
import type { Shop } from "../setup/shop";

/**
 * `npm run start:workers` (scripts/start-workers.mjs): one server process per core behind
 * one port, sharing PostgreSQL and Redis like the separate instances of two-instances.test.ts
 * (decision 0068). It refuses to start on the embedded database, serves a signed-in customer
 * from whichever worker takes the connection, replaces a worker that dies, and on SIGTERM
 * lets every worker drain and exits 0.
 */
const root = path.resolve(import.meta.dirname, "../..");
const onPostgres = Boolean(process.env.DATABASE_URL);
// A Redis database of its own (two-instances.test.ts has 5), flushed before use.
const REDIS_URL = process.env.WORKERS_REDIS_URL ?? "redis://127.0.0.1:6379/6";
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-workers-"));

type Cluster = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const started: Cluster[] = [];

/** A port nothing listens on now (the workers share one port, and PUBLIC_URL must name it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

function startCluster(env: NodeJS.ProcessEnv): Cluster {
  const child = spawn(process.execPath, [path.join(root, "scripts/start-workers.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const cluster = { child, output: () => output, exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
  started.push(cluster);
  return cluster;
}

/** Resolves once the output matches `pattern` `times` times (a worker's line, say). */
async function waitFor(cluster: Cluster, pattern: RegExp, times = 1, timeoutMs = 120_000) {
  const global = new RegExp(pattern.source, "g");
  const until = Date.now() + timeoutMs;
  for (;;) {
    const matches = [...cluster.output().matchAll(global)];
    if (matches.length >= times) return matches;
    if (cluster.child.exitCode !== null || Date.now() > until)
      throw new Error(`waited for ${times}× ${pattern} in vain:\n${cluster.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function flushRedis() {
  const { Redis } = await import("ioredis");
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}

/**
 * A request over a connection of its own (no keep-alive pool), so that successive requests
 * go to the workers in turn as the primary hands out connections.
 */
async function overNewConnection(request: Request): Promise<Response> {
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(request.headers);
    const sent = http.request(request.url, { method: request.method, headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", reject);
      answer.on("end", () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          for (const one of Array.isArray(value) ? value : [value ?? ""]) received.append(name, one);
        const status = answer.statusCode ?? 500;
        resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: received }));
      });
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** A browser talking to the cluster's port over real HTTP. */
const browserAt = (origin: string) => new Visitor({ handle: overNewConnection } as unknown as Shop, origin);

afterAll(async () => {
  for (const cluster of started) if (cluster.child.exitCode === null) cluster.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run start:workers", () => {
  it("refuses to start without PostgreSQL and Redis, and says why", async () => {
    const cluster = startCluster({ ...process.env, DATABASE_URL: "", REDIS_URL: "", NODE_ENV: "production", DATA_DIR: dataDir });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toContain("DATABASE_URL");
    expect(cluster.output()).toContain("REDIS_URL");
    expect(cluster.output()).not.toContain("Shop listening");
  });

  it.skipIf(!onPostgres)(
    "serves one shop from two workers, replaces a worker that dies and drains on SIGTERM",
    async () => {
      await flushRedis();
      const port = await freePort();
      const origin = `http://localhost:${port}`;
      const cluster = startCluster({
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: origin,
        WORKERS: "2",
        DATABASE_URL: process.env.DATABASE_URL!,
        REDIS_URL,
        SESSION_SECRET: "workers-shared-secret-0123456789abcdef",
        DATA_DIR: dataDir,
        SMTP_URL: "",
      });
      // Both workers migrate and seed under the migration lock, then listen on one shared port.
      const listening = await waitFor(cluster, /Shop listening on http:\/\/localhost:(\d+)/, 2);
      expect(listening.map((match) => Number(match[1]))).toEqual([port, port]);
      const pids = (await waitFor(cluster, /worker (\d+) started/, 2)).map((match) => Number(match[1]));
      expect(new Set(pids).size).toBe(2);

      // A session made on one worker is read by the other: the connections alternate between them.
      const customer = browserAt(origin);
      const login = await customer.post(
        "/prijava",
        { intent: "login", username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
        { tokenFrom: "/prijava" },
      );
      expect(login.status).toBe(302);
      for (let i = 0; i < 6; i++) {
        const profile = await customer.get("/profil");
        expect(profile.status).toBe(200);
        expect(await profile.text()).not.toContain('data-testid="login-form"');
      }

      // A worker that dies is replaced, and the shop keeps answering meanwhile.
      process.kill(pids[0], "SIGKILL");
      await waitFor(cluster, /starting another/);
      for (let i = 0; i < 4; i++) expect((await browserAt(origin).get("/")).status).toBe(200);
      await waitFor(cluster, /Shop listening on/, 3);

      cluster.child.kill("SIGTERM");
      expect(await cluster.exited).toBe(0);
      expect(cluster.output()).toContain("all workers stopped");
    },
    180_000,
  );
});
