// Production build: the Remix app with Vite, then server.ts with esbuild into build/server.js.
import { execFileSync } from "node:child_process";
import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sourceHash, writeSourceHash } from "./build-freshness.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Hashed before building: a source edited during the build makes the next check rebuild.
const hash = sourceHash(root);
// Always a production build: the integration suite rebuilds from inside vitest, whose
// NODE_ENV=test would otherwise give the browser React's development build (three times
// the first-load JavaScript, unminified error messages).
execFileSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
// The browser bundle is minified without license comments (vite.config.ts); the licenses
// of the packages it contains are served whole at /third-party-licenses.txt instead.
const CLIENT_PACKAGES = [
  "react",
  "react-dom",
  "scheduler",
  "@remix-run/react",
  "@remix-run/router",
  "react-router",
  "react-router-dom",
  "turbo-stream",
  "remix-utils",
  "sonner",
  "i18next",
  "react-i18next",
];
const notices = CLIENT_PACKAGES.map((name) => {
  const dir = path.join(root, "node_modules", name);
  const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  if (!file) throw new Error(`no license file in ${name}`);
  return `${name} ${version}\n${"=".repeat(name.length + version.length + 1)}\n${readFileSync(path.join(dir, file), "utf8").trim()}\n`;
});
if (!existsSync(path.join(root, "build/client"))) throw new Error("vite build left no build/client");
writeFileSync(path.join(root, "build/client/third-party-licenses.txt"), notices.join("\n"));

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
// The typed API client from the document the build serves (decision 0132), in a process of its
// own: it loads the server build, which reads the environment as a development shop would (a
// production build's shell need not hold the production secrets) and opens no database.
execFileSync(process.execPath, [path.join(root, "scripts/api-client.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "development", DATABASE_URL: "", REDIS_URL: "" },
});
writeSourceHash(hash, root);
