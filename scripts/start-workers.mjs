// `npm run start:workers`: one production server process per core behind one port (Node's
// cluster module; the primary hands connections to the workers in turn). Every worker is a
// whole shop, the same as `npm start`'s, so they must share what several instances share
// (README "Deployment: several instances", decision 0068): PostgreSQL and Redis. The
// embedded PGlite belongs to one process, so without DATABASE_URL this refuses to start.
//   WORKERS (default: the cores this process may use), and everything `npm start` takes.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { ensureFreshBuild } from "./build-freshness.mjs";
import { applyDemoDefaults, root } from "./start-env.mjs";

// A worker that dies this often within a minute is not restarted again: the fault is not
// passing (a wrong DATABASE_URL, a broken build), and restarting forever hides it.
const RESTARTS_PER_MINUTE = 5;

function workerCount() {
  const raw = process.env.WORKERS;
  if (raw === undefined || raw === "") return os.availableParallelism();
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    console.error(`WORKERS must be a whole number from 1 to 256, got "${raw}"`);
    process.exit(1);
  }
  return count;
}

function requireSharedServices() {
  const missing = [
    !process.env.DATABASE_URL && "DATABASE_URL (PostgreSQL: the embedded PGlite can be opened by one process only)",
    !process.env.REDIS_URL && "REDIS_URL (Redis: the caches, rendered pages and rate limits the workers share)",
  ].filter(Boolean);
  if (!missing.length) return;
  console.error(`Several workers need ${missing.join(" and ")}. Set them, or run one process with npm start.`);
  process.exit(1);
}

function primary() {
  requireSharedServices();
  ensureFreshBuild(root);
  applyDemoDefaults(); // the workers inherit this process's environment
  cluster.setupPrimary({ exec: path.join(root, "build/server.js") });
  const count = workerCount();
  let stopping = false;
  let exitCode = 0;
  const deaths = [];

  cluster.on("online", (worker) =>
    console.log(`worker ${worker.process.pid} started (${Object.keys(cluster.workers).length} of ${count})`),
  );
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers).length === 0) {
        console.log("all workers stopped");
        process.exit(exitCode);
      }
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`);
    const now = Date.now();
    deaths.push(now);
    while (deaths[0] < now - 60_000) deaths.shift();
    if (deaths.length > RESTARTS_PER_MINUTE) {
      console.error(`${deaths.length} workers ended within a minute: stopping (see the output above for why)`);
      stop("the restarts", 1);
      return;
    }
    cluster.fork();
  });

  // Each worker drains its own requests on SIGTERM (server.ts); the primary waits for them all.
  const stop = (why, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    console.log(`${why}: stopping ${Object.keys(cluster.workers).length} worker(s)`);
    for (const worker of Object.values(cluster.workers)) worker.process.kill("SIGTERM");
    if (Object.keys(cluster.workers).length === 0) process.exit(exitCode);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  console.log(`starting ${count} worker(s)`);
  for (let i = 0; i < count; i++) cluster.fork();
}

// The workers run build/server.js (setupPrimary's exec), never this file.
primary();
