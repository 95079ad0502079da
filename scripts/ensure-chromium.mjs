// Browser tests drive Debian's chromium (never a downloaded browser). Install it when it is
// missing and we may (root with apt-get); otherwise say how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(path)) return path;
  const isRoot = process.getuid?.() === 0;
  let hasApt = false;
  try {
    execSync("command -v apt-get", { stdio: "ignore" });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (!isRoot || !hasApt) {
    throw new Error(
      `Chromium not found at ${path}. Install Debian's chromium (sudo apt-get install -y chromium) ` +
        `or set CHROMIUM_PATH to a Chromium binary, then run the tests again.`,
    );
  }
  console.log("Installing Debian's chromium for the browser tests…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is still missing.`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
