// `npm test`: everything. Independent steps run side by side, so two cores are both busy:
//   typecheck, unit  beside  build, lint
//   then integration (PGlite, and PostgreSQL too when TEST_POSTGRES_URL is set, in one pool)
//   then the browser tests (JS on and off) on the production build.
// Each step's output is streamed with its name in front; at the end the seconds of each step,
// the test counts and the ten slowest test files are printed.
//   node scripts/test.mjs                 every step
//   node scripts/test.mjs lint unit       only these steps
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, ".cache/test-results");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const vitestJson = (name) => [`--reporter=default`, `--reporter=json`, `--outputFile.json=${path.join(results, `${name}.json`)}`];

const integrationProjects = ["--project", "integration", ...(process.env.TEST_POSTGRES_URL ? ["--project", "integration-postgres"] : [])];
const STEPS = {
  typecheck: [bin("tsc"), ["--noEmit"]],
  lint: [process.execPath, [path.join(root, "scripts/lint.mjs")]],
  unit: [bin("vitest"), ["run", "--project", "unit", ...vitestJson("unit")]],
  build: [process.execPath, ["scripts/build.mjs"]],
  integration: [bin("vitest"), ["run", ...integrationProjects, ...vitestJson("integration")]],
  e2e: [process.execPath, ["scripts/e2e.mjs"], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, "e2e.json") }],
};
// Stages run one after another; the lanes of a stage side by side; a lane's steps in order.
// The two lanes of the first stage take about as long as each other on two cores.
const PLAN = [
  [
    ["typecheck", "unit"],
    ["build", "lint"],
  ],
  [["integration"]],
  [["e2e"]],
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in STEPS));
if (unknown.length) {
  console.error(`Unknown step(s): ${unknown.join(", ")}. Steps: ${Object.keys(STEPS).join(", ")}`);
  process.exit(2);
}
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const done = [];
const started = Date.now();
function run(name) {
  const [command, args, env = {}] = STEPS[name];
  const began = Date.now();
  console.log(`[${name}] started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env, FORCE_COLOR: "0", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
    }
    child.on("close", (code) => {
      const step = { name, ok: code === 0, seconds: Math.round((Date.now() - began) / 1000) };
      console.log(`[${name}] ${step.ok ? "passed" : "FAILED"} in ${step.seconds} s`);
      done.push(step);
      resolve(step.ok);
    });
  });
}

async function lane(names) {
  for (const name of names) if (!(await run(name))) return false;
  return true;
}

for (const stage of PLAN) {
  const lanes = stage.map((names) => names.filter((name) => !only.length || only.includes(name))).filter((names) => names.length);
  const ok = (await Promise.all(lanes.map(lane))).every(Boolean);
  if (!ok) break;
}

summary();
process.exit(done.some((step) => !step.ok) ? 1 : 0);

function summary() {
  console.log("\n=== summary ===");
  for (const step of done) console.log(`${step.ok ? "ok  " : "FAIL"} ${step.name} (${step.seconds} s)${counts(step.name)}`);
  const files = [...vitestFiles("unit"), ...vitestFiles("integration"), ...playwrightFiles()].sort((a, b) => b.seconds - a.seconds);
  if (files.length) {
    console.log("\nten slowest test files:");
    for (const file of files.slice(0, 10)) console.log(`${file.seconds.toFixed(1).padStart(7)} s  ${file.step}  ${file.name}`);
  }
  const failed = done.filter((step) => !step.ok).length;
  console.log(`\n${done.length - failed} steps passed, ${failed} failed, ${Math.round((Date.now() - started) / 1000)} s in all`);
}

function readJson(name) {
  const file = path.join(results, `${name}.json`);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function counts(name) {
  if (name === "e2e") {
    const all = e2eReports().map((report) => report.stats);
    if (!all.length) return "";
    const sum = (key) => all.reduce((total, stats) => total + (stats[key] ?? 0), 0);
    return `: ${sum("expected")} passed, ${sum("flaky")} flaky, ${sum("unexpected")} failed, ${sum("skipped")} skipped`;
  }
  const report = readJson(name);
  return report
    ? `: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + (report.numTodoTests ?? 0)} skipped`
    : "";
}

function vitestFiles(step) {
  const report = readJson(step);
  if (!report) return [];
  return report.testResults.map((file) => ({
    step,
    name: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));
}

/** scripts/e2e.mjs writes one report per project (e2e-js.json, e2e-no-js.json), or e2e.json for one. */
function e2eReports() {
  return ["e2e", "e2e-js", "e2e-no-js"].map(readJson).filter(Boolean);
}

function playwrightFiles() {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${spec.file} (${test.projectName})`;
        const seconds = test.results.reduce((sum, result) => sum + result.duration / 1000, 0);
        byFile.set(key, (byFile.get(key) ?? 0) + seconds);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const report of e2eReports()) for (const suite of report.suites ?? []) walk(suite);
  return [...byFile].map(([name, seconds]) => ({ step: "e2e", name: `tests/e2e/${name}`, seconds }));
}
