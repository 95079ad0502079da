import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** The integration suite drives the production build; build it once if it is missing. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, "../..");
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
  }
}
