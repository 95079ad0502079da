// `npm run bench`: load figures and shipped JavaScript of the pages that matter. It prints
// numbers; it is not a test. Runs the production build on its own PGlite directory
// (or DATABASE_URL), N concurrent clients per page for a few seconds, on this machine only.
import { spawn, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 4500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const PAGES = (process.env.BENCH_PAGES ?? "/,/shop,/pretraga,/kosarica,/en/cart,/o-nama").split(",");

if (!existsSync(path.join(root, "build/server.js"))) {
  execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}
const server = spawn(process.execPath, [path.join(root, "build/server.js")], {
  cwd: root,
  stdio: "ignore",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(root, ".cache/bench-data"),
    SESSION_SECRET: "bench-session-secret-0123456789",
    RATE_LIMIT_POINTS: "1000000",
    RATE_LIMIT_AUTH_POINTS: "1000000",
  },
});
const stop = () => server.exitCode === null && server.kill("SIGTERM");
process.on("exit", stop);

async function waitUntilUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("bench server did not start");
}

async function load(pathname) {
  const latencies = [];
  const statuses = new Map();
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await fetch(base + pathname, { headers: { "Accept-Encoding": "gzip" } });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  return { rps: (latencies.length / SECONDS).toFixed(0), p50: pct(50), p95: pct(95), statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(" ") };
}

/** Gzipped size of the JavaScript a first visit loads: entry script plus module preloads. */
async function shippedJs(pathname) {
  const html = await (await fetch(base + pathname)).text();
  const urls = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g)) urls.add(m[1] ?? m[2]);
  let gz = 0;
  for (const url of urls) gz += gzipSync(Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer())).length;
  return { files: urls.size, kib: (gz / 1024).toFixed(1), htmlKib: (gzipSync(html).length / 1024).toFixed(1) };
}

await waitUntilUp();
console.log(`bench: ${CONCURRENCY} clients × ${SECONDS} s per page on ${base}\n`);
console.log("page".padEnd(22), "req/s".padStart(7), "p50 ms".padStart(8), "p95 ms".padStart(8), "JS gz KiB".padStart(10), "HTML gz KiB".padStart(12), "  statuses");
for (const page of PAGES) {
  const js = await shippedJs(page);
  const figures = await load(page);
  console.log(page.padEnd(22), figures.rps.padStart(7), figures.p50.padStart(8), figures.p95.padStart(8), js.kib.padStart(10), js.htmlKib.padStart(12), " ", figures.statuses);
}
stop();
