// A running shop writes a dump of its embedded database when `npm run backup` asks
// (docs/decisions/0093). PGlite cannot be opened by a second process while the shop holds
// the directory, so the backup asks the process that holds it: it leaves a request file in
// <DATA_DIR>/backup-requests and sends SIGUSR2; the shop answers every pending request with
// a `dumpDataDir` tarball beside it. Only the shop's own user (or root) may signal it and
// write into its data directory, so no network door is opened for this. Plain JavaScript:
// the shop (client.server.ts) and scripts/backup.mjs share it.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const REQUESTS_DIR = "backup-requests";
const SIGNAL = "SIGUSR2";
const ID = /^[0-9a-f-]{36}$/;

/**
 * @typedef {{
 *   exec: (sql: string) => Promise<unknown>,
 *   query: (sql: string) => Promise<{ rows: unknown[] }>,
 *   dumpDataDir: (compression?: "gzip" | "none" | "auto") => Promise<Blob>,
 *   _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>,
 * }} DumpableClient  The part of a PGlite instance a dump needs.
 */

/**
 * How many of the shop's migrations the database has applied (drizzle's own table), or
 * null before the first migration.
 * @param {DumpableClient} client
 * @returns {Promise<number | null>}
 */
export async function appliedMigrations(client) {
  try {
    const { rows } = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    return /** @type {{ n: number }} */ (rows[0]).n;
  } catch {
    return null;
  }
}

/**
 * The database as one gzipped tarball (PGlite's `dumpDataDir`), taken between two
 * transactions: holding PGlite's transaction mutex keeps any open transaction (drizzle's
 * `db.transaction`) from being cut in half. The checkpoint first writes the buffered pages
 * to the files, so the restored copy starts without replaying much write-ahead log.
 * @param {DumpableClient} client
 * @returns {Promise<{ dump: Buffer, migrations: number | null }>}
 */
export async function dumpDatabase(client) {
  const migrations = await appliedMigrations(client);
  await client.exec("CHECKPOINT");
  const blob = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  return { dump: Buffer.from(await blob.arrayBuffer()), migrations };
}

/**
 * Installs the shop's side. Call it before taking the directory's lock: a backup that finds
 * the lock held signals at once, and a signal nobody listens to would end the process.
 * Requests that arrive before `serve` gives the opened client wait for it.
 * @param {string} root  the data directory
 * @returns {{ serve: (client: DumpableClient) => void, stop: () => void }}
 */
export function answerDumpRequests(root) {
  const dir = path.join(root, REQUESTS_DIR);
  /** @type {DumpableClient | null} */
  let client = null;
  let queue = Promise.resolve();
  const answer = () => {
    if (!client) return;
    const open = client;
    queue = queue.then(() => answerPending(dir, open)).catch((error) => console.error("Backup dump failed:", error));
  };
  if (process.platform !== "win32") process.on(SIGNAL, answer);
  return {
    serve: (opened) => {
      client = opened;
      answer();
    },
    stop: () => {
      client = null;
      process.off(SIGNAL, answer);
    },
  };
}

/**
 * @param {string} dir
 * @param {DumpableClient} client
 */
async function answerPending(dir, client) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const id = name.replace(/\.request$/, "");
    if (id === name || !ID.test(id)) continue;
    try {
      rmSync(path.join(dir, name));
    } catch {
      continue; // withdrawn by the backup (it gave up waiting)
    }
    try {
      const { dump, migrations } = await dumpDatabase(client);
      writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ migrations }), { mode: 0o600 });
      // Written beside and renamed: the backup never reads half a dump.
      writeFileSync(path.join(dir, `${id}.partial`), dump, { mode: 0o600 });
      renameSync(path.join(dir, `${id}.partial`), path.join(dir, `${id}.tar.gz`));
      console.info(`Backup: wrote a database dump for request ${id} (${dump.length} bytes).`);
    } catch (error) {
      writeFileSync(path.join(dir, `${id}.error`), String(/** @type {Error} */ (error).message ?? error));
    }
  }
}

/**
 * The backup's side: asks the shop process `pid` holding `root` for a dump and waits for it.
 * @param {string} root
 * @param {number} pid
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<{ dump: Buffer, migrations: number | null }>}
 */
export async function requestDump(root, pid, { timeoutMs = 10 * 60_000 } = {}) {
  if (process.platform === "win32") {
    throw new Error("On Windows a running shop cannot be asked for a dump: stop the shop, then run the backup again.");
  }
  const dir = path.join(root, REQUESTS_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const file = (suffix) => path.join(dir, `${id}${suffix}`);
  writeFileSync(file(".request"), "", { mode: 0o600 });
  const cleanUp = () => [".request", ".json", ".partial", ".tar.gz", ".error"].forEach((suffix) => rmSync(file(suffix), { force: true }));
  try {
    process.kill(pid, SIGNAL);
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (existsSync(file(".error"))) throw new Error(`The shop could not write the dump: ${readFileSync(file(".error"), "utf8")}`);
      if (existsSync(file(".tar.gz"))) {
        const { migrations } = JSON.parse(readFileSync(file(".json"), "utf8"));
        return { dump: readFileSync(file(".tar.gz")), migrations };
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The shop (pid ${pid}) did not answer the backup request within ${Math.round(timeoutMs / 1000)} s.`);
  } finally {
    cleanUp();
  }
}
