// Production build: the Remix app with Vite, then server.ts with esbuild into build/server.js.
import { execFileSync } from "node:child_process";
import { build } from "esbuild";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
execFileSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], {
  cwd: root,
  stdio: "inherit",
});
await build({
  entryPoints: [path.join(root, "server.ts")],
  outfile: path.join(root, "build/server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": path.join(root, "app") },
  sourcemap: true,
  logLevel: "warning",
});
console.log("built build/server.js");
