// Browser tests drive Debian's Chromium (never a downloaded browser): its headless shell
// (package chromium-headless-shell) when installed, a third lighter per test than the whole
// browser (decision 0105), else /usr/bin/chromium. Install both when missing and we may (root
// with apt-get); otherwise say how. CHROMIUM_PATH chooses a binary outright.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM = "/usr/bin/chromium";

/** The binary the browser tests launch. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}

export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist.`);
  }
  if (existsSync(HEADLESS_SHELL) && existsSync(CHROMIUM)) return HEADLESS_SHELL;
  const isRoot = process.getuid?.() === 0;
  let hasApt = false;
  try {
    execSync("command -v apt-get", { stdio: "ignore" });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (!isRoot || !hasApt) {
    if (existsSync(CHROMIUM)) return CHROMIUM;
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install Debian's chromium and its headless shell ` +
        `(sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary, then run the tests again.`,
    );
  }
  console.log("Installing Debian's chromium and its headless shell for the browser tests…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell", {
    stdio: "inherit",
  });
  if (!existsSync(HEADLESS_SHELL)) throw new Error(`apt-get installed chromium-headless-shell but ${HEADLESS_SHELL} is still missing.`);
  return HEADLESS_SHELL;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
