// `npm start`: builds what is missing or stale, then serves the production build. Migrations and
// the demo seed run at start on the embedded database (DATA_DIR, default ./data) unless
// DATABASE_URL points to PostgreSQL. `npm run start:workers` runs one such server per core.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureFreshBuild } from "./build-freshness.mjs";
import { applyDemoDefaults, root } from "./start-env.mjs";

// Rebuilds when the build is missing or older than the sources (scripts/build-freshness.mjs).
ensureFreshBuild(root);
applyDemoDefaults();

await import(pathToFileURL(path.join(root, "build/server.js")).href);
