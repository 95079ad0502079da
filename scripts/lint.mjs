// `npm run lint`: ESLint with no warning let through, and Prettier's formatting checked
// (`npx prettier --write .` fixes the latter; .prettierrc.json, .prettierignore).
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const checks = [
  [bin("eslint"), ["--max-warnings=0", "app", "server.ts", "tests", "scripts", "packages"]],
  [bin("prettier"), ["--check", "--log-level=warn", "."]],
];
let failed = false;
for (const [command, args] of checks) {
  const { status } = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
