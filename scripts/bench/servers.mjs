// Builds what is missing and runs the two servers the bench measures: the shop's production
// build and the bare Remix floor. Each writes its output to .cache/bench-logs/<name>.log.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { bareRoot, config, root } from "./config.mjs";

const remixCli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");

/** Newest modification time of the files under these paths (0 when none exists). */
function newest(paths) {
  let latest = 0;
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const stat = statSync(p);
    if (stat.isDirectory()) latest = Math.max(latest, newest(readdirSync(p).map((name) => path.join(p, name))));
    else latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

/** Missing, or older than one of its sources. */
function outdated(outputs, sources) {
  if (!outputs.every((o) => existsSync(o))) return true;
  return Math.min(...outputs.map((o) => statSync(o).mtimeMs)) < newest(sources);
}

export function ensureBuilds() {
  const shopOutputs = ["build/server.js", "build/server/index.js"].map((p) => path.join(root, p));
  const shopSources = ["app", "locales", "public", "server.ts", "vite.config.ts", "package-lock.json"].map((p) => path.join(root, p));
  if (config.rebuild || outdated(shopOutputs, shopSources)) {
    console.log("bench: building the shop (npm run build), its build is missing or older than its sources…");
    execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
  }
  const bareSources = ["app", "vite.config.ts"].map((p) => path.join(bareRoot, p));
  if (config.rebuild || outdated([path.join(bareRoot, "build/server/index.js")], bareSources)) {
    console.log("bench: building the bare Remix floor (bench/bare)…");
    execFileSync(process.execPath, [remixCli, "vite:build", "--config", path.join(bareRoot, "vite.config.ts")], {
      cwd: root,
      stdio: "inherit",
    });
  }
}

/** The environment of the shop's production server and of the catalogue probe. */
export function shopEnv() {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(config.shopPort),
    PUBLIC_URL: `http://127.0.0.1:${config.shopPort}`,
    DATA_DIR: config.dataDir,
    SESSION_SECRET: "bench-session-secret-0123456789abcdef",
    RATE_LIMIT_POINTS: "100000000",
    RATE_LIMIT_AUTH_POINTS: "100000000",
  };
  if (!config.databaseUrl) delete env.DATABASE_URL;
  return env;
}

/** A fresh embedded database for this run (nothing to do with DATABASE_URL). */
export function freshDataDir() {
  if (config.databaseUrl) return;
  rmSync(config.dataDir, { recursive: true, force: true });
  mkdirSync(config.dataDir, { recursive: true });
}

const running = new Set();

/** Starts `node <script>` and resolves once <healthPath> answers 200. */
export async function startServer({ name, script, port, env, cwd = root, nodeArgs = [] }) {
  await assertPortFree(port);
  mkdirSync(config.logDir, { recursive: true });
  const log = openSync(path.join(config.logDir, `${name}.log`), "w");
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd, env: { ...env, PORT: String(port) }, stdio: ["ignore", log, log] });
  const server = { name, child, base: `http://127.0.0.1:${port}`, exited: new Promise((r) => child.once("exit", r)) };
  running.add(server);
  server.exited.then(() => running.delete(server));
  await waitHealthy(server);
  return server;
}

async function waitHealthy(server, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) {
      throw new Error(`${server.name} server exited with ${server.child.exitCode}; see ${path.join(config.logDir, server.name + ".log")}`);
    }
    try {
      if ((await fetch(`${server.base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${server.name} server did not answer /healthz within ${timeoutMs / 1000} s`);
}

function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      reject(new Error(`port ${port} is in use; stop that server or choose BENCH_PORT / BENCH_BARE_PORT`));
    });
    socket.once("error", () => resolve());
  });
}

/** SIGTERM to every server still running; SIGKILL after 15 s (PGlite closes its files first). */
export async function stopServers() {
  await Promise.all(
    [...running].map(async (server) => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      server.child.kill("SIGTERM");
      const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
      await server.exited;
      clearTimeout(timer);
    }),
  );
}
