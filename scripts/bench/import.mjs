// The product import step of `npm run bench` (decision 0047): 1 000 new products (BENCH_IMPORT_ROWS)
// imported from CSV through the import service, dry run and apply, in a fresh PGlite data
// directory of its own; prints the seconds against the 30 s goal. Not a test: it only prints.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { root } from "./config.mjs";
import { shopEnv } from "./servers.mjs";

export const IMPORT_GOAL_SECONDS = 30;

export function measureImport() {
  const dataDir = path.resolve(root, process.env.BENCH_IMPORT_DATA_DIR ?? ".cache/bench-import-data");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { ...shopEnv(), DATA_DIR: dataDir };
  delete env.DATABASE_URL; // always the embedded database: a fresh one, never someone's server
  const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
  const output = execFileSync(process.execPath, [tsx, path.join(root, "scripts/bench/product-import.ts")], {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = output.split("\n").find((l) => l.startsWith("BENCH_IMPORT "));
  if (!line) throw new Error("the import step printed no figures");
  rmSync(dataDir, { recursive: true, force: true });
  return JSON.parse(line.slice("BENCH_IMPORT ".length));
}

export function printImport(figures) {
  const total = figures.drySeconds + figures.applySeconds;
  const verdict = total <= IMPORT_GOAL_SECONDS ? "OK  " : "OVER";
  console.log(`\nProduct import: ${figures.rows} new products from CSV (${(figures.bytes / 1024).toFixed(0)} KiB), fresh PGlite`);
  console.log(
    `  dry run ${figures.drySeconds.toFixed(2)} s + import ${figures.applySeconds.toFixed(2)} s = ${total.toFixed(2)} s (database opened and seeded in ${figures.openSeconds.toFixed(1)} s, not counted)`,
  );
  console.log(`${verdict} product import of ${figures.rows} rows ≤ ${IMPORT_GOAL_SECONDS} s: ${total.toFixed(2)} s`);
}
