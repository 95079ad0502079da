// `npm run lint`: ESLint over the code, with no warning let through.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const { status } = spawnSync(bin("eslint"), ["--max-warnings=0", "app", "server.ts", "tests", "scripts"], { cwd: root, stdio: "inherit" });
process.exit(status ?? 1);
