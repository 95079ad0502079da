// `npm run lighthouse` (decision 0066): Lighthouse's four scores on the pages that
// matter, and the LCP of home and product on emulated slow 3G with a 4× slower CPU. It builds
// what is missing, starts the production server on a fresh embedded database with the demo
// data, drives Debian's chromium, prints figures and exits 0 whatever they are
// (docs/perf/lighthouse.md). Settings: LH_PORT (4710), LH_DATA_DIR (.cache/lh-data), LH_PAGES
// (comma-separated labels, e.g. "home,product"), LH_SLOW=0 skips the slow-network run.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureFreshBuild } from "./build-freshness.mjs";
import { shopEnv, startServer, stopServers } from "./bench/servers.mjs";
import { attach, audit, customerWithCartLine, launchChromium, slowNetworkLcp } from "./lighthouse/browser.mjs";
import {
  failingAudits,
  failureLines,
  LIGHTHOUSE_PAGES,
  scoresOf,
  scoreTable,
  SLOW_NETWORK,
  SLOW_NETWORK_PAGES,
  slowNetworkLines,
} from "./lighthouse/report.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.LH_PORT ?? 4710);
const dataDir = path.resolve(root, process.env.LH_DATA_DIR ?? ".cache/lh-data");
// Each page's whole Lighthouse result, to open in https://googlechrome.github.io/lighthouse/viewer/ or read with jq.
const reportDir = path.join(root, ".cache/lighthouse");
const only = process.env.LH_PAGES?.split(",").map((s) => s.trim().toLowerCase());

let chrome;
let stopping = false;
async function stopAll() {
  await chrome?.kill();
  await stopServers();
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\nlighthouse: ${signal}, stopping the browser and the server…`);
    stopAll().finally(() => process.exit(130));
  });
}

async function main() {
  ensureFreshBuild(root);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(reportDir, { recursive: true });
  const env = { ...shopEnv(), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
  delete env.DATABASE_URL; // always the embedded database with the demo data
  const shop = await startServer({ name: "lighthouse-shop", script: path.join(root, "build/server.js"), port, env });
  chrome = await launchChromium();
  const browser = await attach(chrome);
  const [load] = os.loadavg();
  console.log(
    `lighthouse: shop on ${shop.base} (PGlite in ${path.relative(root, dataDir)}), chromium on port ${chrome.port}, load ${load.toFixed(1)} on ${os.availableParallelism()} CPUs\n`,
  );

  const rows = [];
  let signedIn = false;
  for (const page of LIGHTHOUSE_PAGES) {
    if (stopping) return;
    if (only && !only.includes(page.label.toLowerCase())) continue;
    try {
      if (page.visitor === "customer" && !signedIn) {
        signedIn = true; // once, even when it fails: the rows say so
        await customerWithCartLine(browser, shop.base);
      }
      // A trace Lighthouse could not record (NO_NAVSTART on a busy machine) is worth a second try.
      const lhr = await audit(chrome, shop.base + page.path).catch(() => audit(chrome, shop.base + page.path));
      writeFileSync(path.join(reportDir, `${page.label.replace(/\W+/g, "-")}.json`), JSON.stringify(lhr));
      const scores = scoresOf(lhr);
      rows.push({ ...page, scores, failing: failingAudits(lhr, scores) });
    } catch (error) {
      rows.push({ ...page, error: error instanceof Error ? error.message : String(error) });
    }
    console.log(`lighthouse: ${page.label} done`);
  }
  console.log("\nLighthouse 12, mobile form factor (simulated throttling), all four categories; ✗ below the goal\n");
  for (const line of scoreTable(rows)) console.log(line);
  const failures = failureLines(rows);
  if (failures.length) {
    console.log("\nFailing audits of the scores below their goal:");
    for (const line of failures) console.log(`  ${line}`);
  }

  if (process.env.LH_SLOW !== "0") {
    const slow = [];
    for (const page of SLOW_NETWORK_PAGES) {
      if (stopping) return;
      try {
        slow.push({ ...page, ...(await slowNetworkLcp(browser, shop.base + page.path)) });
      } catch (error) {
        slow.push({ ...page, error: error instanceof Error ? error.message : String(error) });
      }
    }
    const { latencyMs, downKbps, upKbps, cpuSlowdown } = SLOW_NETWORK;
    console.log(
      `\nSlow 3G (${latencyMs} ms RTT, ${downKbps}/${upKbps} kbit/s, CPU ${cpuSlowdown}× slower), first visit, empty cache, 412×823 viewport:`,
    );
    for (const line of slowNetworkLines(slow)) console.log(`  ${line}`);
  }
  const [after] = os.loadavg();
  if (after > os.availableParallelism() * 0.75)
    console.log(`\nlighthouse: WARNING the machine was busy (load ${after.toFixed(1)}): performance scores and LCP are unreliable`);
  await browser.close().catch(() => {});
}

try {
  await main();
} catch (error) {
  if (!stopping) {
    console.error(`lighthouse: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
} finally {
  if (!stopping) await stopAll();
}
