// Browser tests: Debian's chromium, the production build, a fresh embedded database.
// With E2E_LANES=2 the projects run in two lanes side by side, each with a server and a
// database of its own (ports E2E_PORT and E2E_PORT + 1). `--project <name>` runs only the
// projects named.
//   node scripts/e2e.mjs [playwright test arguments]
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { ensureFreshBuild } from "./build-freshness.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
ensureChromium();
// Never against a stale build: rebuild when a source changed since (scripts/build-freshness.mjs).
ensureFreshBuild(root);
// Browser tests always run on the embedded database, whatever the shell exports.
delete process.env.DATABASE_URL;

const args = process.argv.slice(2);
// One lane by default. On two cores two lanes side by side first ran out of the specs' 5 s
// waits for a toast; with 15 s waits they ran, but slower per test: each lane's Chromium is a
// whole browser (a software GPU process and its own UI renderers), the load stood at about 11
// and tests took 20-58 s each (docs/perf/ci.md). E2E_LANES=2 runs "js" beside "no-js" then
// "axe" (playwright.config.ts) on a machine with cores to spare.
const twoLanes = process.env.E2E_LANES === "2" && !args.some((arg) => arg === "--project" || arg.startsWith("--project="));
const lanes = twoLanes ? ["js", "no-js+axe"] : [null];
const basePort = Number(process.env.E2E_PORT ?? 4173);
const baseDataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? ".cache/e2e-data");
// scripts/test.mjs asks for a JSON report; each project writes its own beside that name.
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

function run(lane, index) {
  const projects = lane ? lane.split("+").flatMap((project) => ["--project", project]) : [];
  const name = lane?.split("+")[0];
  const dataDir = lane ? `${baseDataDir}-${name}` : baseDataDir;
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, E2E_PORT: String(basePort + index), E2E_DATA_DIR: dataDir };
  if (jsonReport) env.PLAYWRIGHT_JSON_OUTPUT_NAME = lane ? jsonReport.replace(/\.json$/, `-${name}.json`) : jsonReport;
  const cli = path.join(root, "node_modules/@playwright/test/cli.js");
  const child = spawn(process.execPath, [cli, "test", ...projects, ...(lane ? ["--pass-with-no-tests"] : []), ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Whole lines only, so the two projects' reports interleave line by line.
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => console.log(lane ? `(${name}) ${line}` : line));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(lanes.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
