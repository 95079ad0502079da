// Is build/ the build of the sources as they are now? `scripts/build.mjs` records a hash
// of every file the build reads (app/, locales/, public/, server.ts, the build
// configuration and the lockfile) in build/.source-hash; `npm start`, the browser tests
// and the integration suite compare it with the sources before they run and rebuild when
// it differs. A hash, not modification times: a checkout or `git stash` can give an edited
// file an old time, and a file touched but not changed needs no rebuild.
//
//   node scripts/build-freshness.mjs           prints "fresh" or why not; exit 1 when stale
//   node scripts/build-freshness.mjs --ensure  rebuilds when stale
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");

/** What the build reads: folders (every file below, tests left out) and single files. */
export const SOURCE_DIRS = ["app", "locales", "public"];
export const SOURCE_FILES = ["server.ts", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json", "scripts/build.mjs"];
/** The build's outputs that must exist besides the hash. */
export const BUILD_OUTPUTS = ["build/server.js", "build/server/index.js", "build/client"];
export const HASH_FILE = "build/.source-hash";

const IGNORED = /(^|\/)(\.DS_Store|node_modules)$|\.test\.tsx?$/;

function listFiles(root, dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(root, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join("/"),
    )
    .filter((file) => !IGNORED.test(file));
}

/** A SHA-256 over the path and contents of every source file, in a fixed order. */
export function sourceHash(root = ROOT) {
  const files = [
    ...SOURCE_DIRS.flatMap((dir) => listFiles(root, dir)),
    ...SOURCE_FILES.filter((f) => existsSync(path.join(root, f))),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Called by scripts/build.mjs with the hash taken before it started building. */
export function writeSourceHash(hash, root = ROOT) {
  writeFileSync(path.join(root, HASH_FILE), `${hash}\n`);
}

/** null when build/ was built from the current sources, else the reason it is stale. */
export function staleReason(root = ROOT) {
  const missing = BUILD_OUTPUTS.find((output) => !existsSync(path.join(root, output)));
  if (missing) return `${missing} is missing`;
  const file = path.join(root, HASH_FILE);
  if (!existsSync(file)) return `${HASH_FILE} is missing (built before the sources were hashed)`;
  if (readFileSync(file, "utf8").trim() !== sourceHash(root)) return "sources changed since the last build";
  return null;
}

/** Rebuilds (scripts/build.mjs) when the build is missing or stale; says why. */
export function ensureFreshBuild(root = ROOT) {
  const reason = staleReason(root);
  if (!reason) return false;
  console.log(`Building the shop first: ${reason}…`);
  execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--ensure")) {
    ensureFreshBuild();
  } else {
    const reason = staleReason();
    console.log(reason ?? "fresh");
    process.exit(reason ? 1 : 0);
  }
}
