// The lock of an embedded (PGlite) data directory. Plain JavaScript so that the shop
// (client.server.ts) and the backup and restore scripts (scripts/backup.mjs, restore.mjs,
// which run without a build or TypeScript) share one rule; docs/decisions/0093.
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const LOCK_NAME = "shop.lock";

/**
 * @typedef {{ pid: number, started?: string | null, boot?: string | null, host?: string, dir?: string }} LockHolder
 * What a lock file says: the process holding the directory and what proves it is still that
 * process (when it started, the machine's boot, the machine and the directory it locked).
 * A lock written before decision 0093 holds the pid alone.
 */

/**
 * When process `pid` started, as the operating system tells it: a string to compare, null
 * when there is no such process, undefined when this system cannot tell.
 * @param {number} pid
 * @returns {string | null | undefined}
 */
export function startOf(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    // Field 22 of /proc/<pid>/stat: clock ticks from boot to the process's start. The second
    // field (the name in brackets) may hold spaces, so count from the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? undefined;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT" && hasProc()) return null;
  }
  if (process.platform === "win32") return isAlive(pid) ? undefined : null;
  try {
    // macOS and the BSDs: ps prints the start time, nothing (and fails) for a dead pid.
    const started = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return started.trim() || null;
  } catch {
    return isAlive(pid) ? undefined : null;
  }
}

/** The id of this boot of the machine (Linux), so a lock from before a restart is seen as stale. */
function bootId() {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
  } catch {
    return null;
  }
}

function hasProc() {
  try {
    readFileSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/** @param {number} pid  Linux: whether the process runs node (the shop always does). Elsewhere: true. */
function runsNode(pid) {
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0];
    return /node|tsx|bun|deno/i.test(path.basename(argv0));
  } catch {
    return !hasProc();
  }
}

/** @param {string} root */
function canonical(root) {
  try {
    return realpathSync(root);
  } catch {
    return path.resolve(root);
  }
}

/**
 * This process as a lock holder of `root`.
 * @param {string} root
 * @returns {LockHolder}
 */
export function currentHolder(root) {
  return { pid: process.pid, started: startOf(process.pid) ?? null, boot: bootId(), host: os.hostname(), dir: canonical(root) };
}

/**
 * @param {string} text
 * @returns {LockHolder | null}
 */
export function parseLock(text) {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed);
    return value && Number.isInteger(value.pid) && value.pid > 0 ? value : null;
  } catch {
    return null; // half-written or foreign: nobody can be proven to hold it
  }
}

/**
 * Whether the process a lock names still holds `root`, and if not, why not. A pid alone
 * proves nothing: the directory may be a copy (another path, another machine), the machine
 * may have restarted, or the pid may now belong to another program.
 * @param {LockHolder | null} holder
 * @param {string} root
 * @returns {{ live: true } | { live: false, reason: string }}
 */
export function judgeLock(holder, root) {
  if (!holder) return { live: false, reason: "the lock file is unreadable" };
  const { pid } = holder;
  if (holder.dir === undefined) {
    // A lock from before decision 0093: the pid alone. Trusted only while that pid is alive
    // and runs node, so an upgrade never starts beside a shop still running the old version.
    if (pid === process.pid) return { live: false, reason: "it names this process" };
    return isAlive(pid) && runsNode(pid) ? { live: true } : { live: false, reason: `process ${pid} is gone or is not a shop` };
  }
  if (holder.dir !== canonical(root)) return { live: false, reason: `it was written for ${holder.dir} (a copied directory)` };
  if (holder.host !== undefined && holder.host !== os.hostname()) return { live: false, reason: `it was written on ${holder.host}` };
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return { live: false, reason: "the machine has restarted since" };
  const started = startOf(pid);
  if (started === null) return { live: false, reason: `process ${pid} is gone` };
  if (started !== undefined && holder.started && started !== holder.started) {
    return { live: false, reason: `pid ${pid} now belongs to another process` };
  }
  if (pid === process.pid) return { live: false, reason: "it names this process" };
  return { live: true };
}

/**
 * The live process holding `root`, or null when none does.
 * @param {string} root
 * @returns {LockHolder | null}
 */
export function liveHolder(root) {
  let text;
  try {
    text = readFileSync(path.join(root, LOCK_NAME), "utf8");
  } catch {
    return null;
  }
  const holder = parseLock(text);
  return judgeLock(holder, root).live ? holder : null;
}

/**
 * Takes the lock of `root` for this process, taking over a stale one; throws when a live
 * process holds it. PGlite hangs silently when a second process opens the same directory.
 * The lock file is created exclusively, so two processes starting at once cannot both win.
 * @param {string} root
 * @param {{ log?: (message: string) => void }} [options]
 * @returns {() => void} releases the lock (only if it is still this process's)
 */
export function acquireLock(root, { log = (message) => console.warn(message) } = {}) {
  const lockFile = path.join(root, LOCK_NAME);
  const mine = JSON.stringify(currentHolder(root));
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(lockFile, mine, { flag: "wx" });
      return () => {
        try {
          if (readFileSync(lockFile, "utf8") === mine) rmSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
    let text;
    try {
      text = readFileSync(lockFile, "utf8");
    } catch {
      continue; // released meanwhile: try again
    }
    const holder = parseLock(text);
    const verdict = judgeLock(holder, root);
    if (verdict.live) {
      throw new Error(
        `The data directory ${root} is in use by another shop process (pid ${holder?.pid}). ` +
          `Stop it, or start this one with another DATA_DIR or a DATABASE_URL.`,
      );
    }
    // Removed only if nobody has replaced it since it was read; then created afresh above.
    try {
      if (readFileSync(lockFile, "utf8") !== text) continue;
      rmSync(lockFile, { force: true });
    } catch {
      continue;
    }
    if (holder?.pid !== process.pid) log(`Took over the stale lock of ${root}: ${verdict.reason}.`);
  }
  throw new Error(`Could not take the lock ${lockFile}: it keeps changing. Is another shop starting on ${root}?`);
}
