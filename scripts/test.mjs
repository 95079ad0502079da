// `npm test`: everything, in the order that fails fastest: types, lint, unit, build,
// integration (real requests on PGlite, or PostgreSQL with DATABASE_URL), browser (JS on and off).
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const steps = [
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["lint", bin("eslint"), ["--max-warnings=0", "app", "server.ts", "tests", "scripts"]],
  ["unit", bin("vitest"), ["run", "--project", "unit"]],
  ["build", process.execPath, ["scripts/build.mjs"]],
  ["integration", bin("vitest"), ["run", "--project", "integration"]],
  ["e2e", process.execPath, ["scripts/e2e.mjs"]],
];
const only = process.argv.slice(2);
const results = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (status !== 0) break;
}
console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
