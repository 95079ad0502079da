// `npm run bench`: load figures and first-load bytes of the pages that matter, beside a bare
// Remix app as the floor. It prints figures; it is not a test and exits 0 whatever they are.
// Settings: scripts/bench/config.mjs (BENCH_SECONDS, BENCH_PAGES, BENCH_PORT, …; docs/perf/bench.md).
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bareRoot, config, root } from "./bench/config.mjs";
import { apiRequest } from "./bench/api-calls.mjs";
import { addToCartForm, addToCartRequest } from "./bench/cart-add.mjs";
import { profileMissRun, printProfile } from "./bench/cpu-profile.mjs";
import { measureFirstLoad } from "./bench/first-load.mjs";
import { sameSizeFloor } from "./bench/floor.mjs";
import { measureImport, printImport } from "./bench/import.mjs";
import { measureLoad } from "./bench/load.mjs";
import { resolvePages } from "./bench/pages.mjs";
import { keptForCustomers, printBudgets, printFloors, printTable } from "./bench/report.mjs";
import { ensureBuilds, freshDataDir, shopEnv, startServer, stopServers } from "./bench/servers.mjs";

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\nbench: ${signal}, stopping the servers…`);
    stopServers().finally(() => process.exit(130));
  });
}

/** Load figures mean little on a busy machine: say so when the load average exceeds the CPUs. */
function warnIfBusy(when) {
  const [load] = os.loadavg();
  const cpus = os.availableParallelism();
  if (load > cpus * 0.75)
    console.log(`bench: WARNING ${when} the run the machine is busy (load ${load.toFixed(1)} on ${cpus} CPUs): figures are unreliable`);
}

async function main() {
  ensureBuilds();
  // The product import (decision 0047) first, in its own fresh database, before the servers take memory.
  const imported = process.env.BENCH_IMPORT === "0" ? null : measureImport();
  freshDataDir();
  const { pages, seeded } = resolvePages();
  const [shop, bare] = await Promise.all([
    startServer({
      name: "shop",
      script: path.join(root, "build/server.js"),
      port: config.shopPort,
      env: { ...shopEnv(), BENCH_CPU_PROFILE: config.profileFile },
      // The profiler hook (SIGUSR2 on and off) for the CPU breakdown; idle until asked.
      nodeArgs: config.profile ? ["--import", pathToFileURL(path.join(root, "scripts/bench/cpu-profile-hook.mjs")).href] : [],
    }),
    startServer({
      name: "bare",
      script: path.join(bareRoot, "server.mjs"),
      port: config.barePort,
      env: { ...process.env, NODE_ENV: "production" },
    }),
  ]);
  const database = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${path.relative(root, config.dataDir)}`;
  console.log(
    `\nbench: ${config.connections} connections × ${config.seconds} s per page (after ${config.warmupSeconds} s warm-up); shop on ${shop.base} with ${database}, bare Remix on ${bare.base}`,
  );
  if (seeded.category)
    console.log(
      `bench: category "${seeded.category}" (${seeded.products} products, the most of any category), product "${seeded.product}"`,
    );
  warnIfBusy("before");
  console.log("");

  const rows = [];
  for (const page of pages) {
    if (interrupted) return;
    const base = page.target === "bare" ? bare.base : shop.base;
    const session = page.mode === "signed-in" ? seeded.session : page.mode === "admin" ? seeded.adminSession : null;
    if ((page.mode === "signed-in" || page.mode === "admin") && !session) {
      console.log(`bench: ${page.label} skipped: the database has no demo user to sign in`);
      continue;
    }
    if (page.path.includes("/none")) {
      console.log(`bench: ${page.label} skipped: the database has no row for ${page.path}`);
      continue;
    }
    // Staff and apps are few: their rows run at fewer connections (BENCH_STAFF_CONNECTIONS).
    const connections = page.mode === "admin" || page.mode === "api" ? config.staffConnections : config.connections;
    if (page.mode === "api") {
      const post = apiRequest(page.path, seeded);
      const load = await measureLoad(base + page.path, null, { post, pid: shop.child.pid, connections });
      rows.push({ ...page, path: `${post.method} ${page.path}`, firstLoad: null, load });
      continue;
    }
    if (page.mode === "cart-add") {
      const form = await addToCartForm(base + page.path);
      const post = addToCartRequest(form, base, page.label.includes("fetcher") ? "fetcher" : "form");
      const load = await measureLoad(base + post.path, null, { post, pid: shop.child.pid });
      rows.push({ ...page, path: `POST ${post.path}`, firstLoad: null, load });
      continue;
    }
    const firstLoad = await measureFirstLoad(base + page.path, session);
    // The first visit's cookies (CSRF, language), and the session when signed in (the one the probe made, not a rotated copy).
    const visit = firstLoad.cookie.split("; ").filter((pair) => pair && !(session && pair.startsWith("__session=")));
    const cookie = [...visit, session].filter(Boolean).join("; ");
    const server = page.target === "bare" ? bare : shop;
    const load = await measureLoad(base + page.path, cookie, { unique: page.mode === "miss", pid: server.child.pid, connections });
    rows.push({ ...page, firstLoad, load });
  }
  const floors = interrupted ? [] : await measureFloors(rows, bare);
  const bareRps = rows.find((r) => r.label === "bare")?.load.rps;
  for (const row of rows) row.bareRps = row.target === "shop" ? bareRps : undefined;

  // After the rows, so the profiler's own cost is in no row's figures.
  const profiled = config.profile && seeded.category && !interrupted ? await profileCategoryMiss(shop, seeded.category) : null;

  printTable(rows);
  printFloors(floors);
  printBudgets(rows, floors);
  if (profiled) printProfile(profiled.label, profiled);
  if (imported) printImport(imported);
  warnIfBusy("after");
  console.log(
    "\nJS, CSS and HTML: bytes on the wire with gzip accepted; JS counts every script the HTML loads up front and their static imports.",
  );
}

/**
 * Each fresh row (a miss, a signed-in customer) beside the bare page of the same size: as
 * many product cards and as much HTML (scripts/bench/floor.mjs), measured the same way on
 * the bare server. Rows whose pages come to the same floor share one measurement.
 */
async function measureFloors(rows, bare) {
  const measured = new Map();
  const floors = [];
  // A signed-in row on a page kept for customers is served as a hit is: its yardstick is the anonymous hit (report.mjs).
  const kept = new Set(keptForCustomers(rows).map(({ row }) => row));
  for (const row of rows.filter((r) => (r.mode === "miss" || r.mode === "signed-in") && !kept.has(r) && r.firstLoad?.html)) {
    if (interrupted) break;
    const floor = await sameSizeFloor(bare.base, row.firstLoad.html);
    if (!measured.has(floor.path)) measured.set(floor.path, await measureLoad(bare.base + floor.path, null, { pid: bare.child.pid }));
    floors.push({ row, floor, load: measured.get(floor.path) });
  }
  return floors;
}

/** The cache-miss category render under the CPU profiler, with a first visit's cookies. */
async function profileCategoryMiss(shop, category) {
  const url = `${shop.base}/shop/${encodeURIComponent(category)}?limit=24`;
  const { cookie } = await measureFirstLoad(url);
  const result = await profileMissRun(shop, url, cookie, config.profileFile);
  return { label: `category (miss) /shop/${category}?limit=24`, ...result };
}

try {
  await main();
} catch (error) {
  // After Ctrl-C the requests in flight fail as the servers go: that is no error to report.
  if (!interrupted) {
    console.error(`bench: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
} finally {
  if (!interrupted) await stopServers();
}
