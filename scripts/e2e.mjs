// Browser tests: Debian's chromium, the production build, a fresh embedded database.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { ensureFreshBuild } from "./build-freshness.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
ensureChromium();
// Never against a stale build: rebuild when a source changed since (scripts/build-freshness.mjs).
ensureFreshBuild(root);
// Browser tests always run on the embedded database, whatever the shell exports.
delete process.env.DATABASE_URL;
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? ".cache/e2e-data");
rmSync(dataDir, { recursive: true, force: true });
try {
  execFileSync(process.execPath, [path.join(root, "node_modules/@playwright/test/cli.js"), "test", ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, E2E_DATA_DIR: dataDir },
  });
} catch (error) {
  process.exit(error.status ?? 1);
}
