// `npm run restore -- <backup.tar.gz> [--force]`: puts an archive of `npm run backup` back
// (README "Backups", docs/decisions/0093). The embedded database goes into DATA_DIR/pgdata,
// the media files into MEDIA_DIR (default DATA_DIR/media); a PostgreSQL dump goes through
// pg_restore into DATABASE_URL. Refuses a directory or database that holds data, unless
// --force; refuses always while a shop runs on the directory.
import { spawnSync } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { acquireLock, liveHolder } from "../app/.server/db/data-dir-lock.mjs";
import { readTar } from "./lib/tar.mjs";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  KEPT_SECRETS,
  hasProgram,
  openPglite,
  parseArgs,
  redact,
  shopDirs,
  shopRelease,
} from "./lib/shop-data.mjs";

const { options, positional } = parseArgs(process.argv.slice(2));
const archive = positional[0];
if (options.help || !archive) {
  console.log(`Usage: npm run restore -- <backup.tar.gz> [--force]

Restores an archive written by npm run backup into DATA_DIR and MEDIA_DIR (or, for a
PostgreSQL backup, into the database at DATABASE_URL). Stop the shop first. An existing
database or media directory is only replaced with --force.`);
  process.exit(options.help ? 0 : 1);
}

function fail(message) {
  console.error(`Restore failed: ${message}`);
  process.exit(1);
}

if (!existsSync(archive)) fail(`${archive} does not exist.`);
const force = options.force === true;
const dirs = shopDirs();
const release = shopRelease();

const entries = readTar(createReadStream(archive).pipe(createGunzip()));
const first = await entries.next().catch((error) => fail(`${archive} is not a shop backup: ${error.message}`));
if (first.done || first.value.name !== "manifest.json") fail(`${archive} is not a shop backup (no manifest.json first).`);
const manifest = JSON.parse(await text(first.value.body()));
if (manifest.format !== ARCHIVE_FORMAT || manifest.formatVersion > ARCHIVE_VERSION) {
  fail(`${archive} is not a backup this version of the shop can read (format ${manifest.format} ${manifest.formatVersion}).`);
}
const kind = manifest.database.kind;
if (manifest.database.appliedMigrations > release.migrations) {
  fail(
    `the backup comes from a newer shop (${manifest.shop.version}, ${manifest.database.appliedMigrations} migrations) ` +
      `than this one (${release.version}, ${release.migrations}). Install that version, or a later one, and restore with it.`,
  );
}
console.log(`Backup of ${manifest.createdAt}: shop ${manifest.shop.version}, ${kind} database, ${manifest.media.files} media files.`);

// Everything is checked before anything is written.
if (kind === "pglite") {
  if (dirs.memory) fail("DATA_DIR=memory:// is an in-memory database: set DATA_DIR to the directory to restore into.");
  if (dirs.databaseUrl) fail("this is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it.");
} else if (kind === "postgres") {
  if (!dirs.databaseUrl) fail("this is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.");
  if (!(await hasProgram("pg_restore"))) {
    fail(`pg_restore is not installed. Restore by hand (same major version as the server or newer):

  mkdir restore && tar -xzf ${archive} -C restore
  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" restore/database/postgres.dump
  mkdir -p "${dirs.mediaDir}" && cp -a restore/media/. "${dirs.mediaDir}/"

or install the PostgreSQL client (Debian/Ubuntu: apt-get install postgresql-client) and run npm run restore again.`);
  }
} else fail(`unknown database kind ${kind}.`);

const holder = existsSync(dirs.dataDir) ? liveHolder(dirs.dataDir) : null;
if (holder) fail(`a shop is running on ${dirs.dataDir} (pid ${holder.pid}). Stop it first.`);
const restoredSecrets = manifest.secrets.filter((name) => KEPT_SECRETS.includes(name));
if (!force) {
  const taken = [
    kind === "pglite" && hasFiles(path.join(dirs.dataDir, "pgdata")) && `${dirs.dataDir} holds a database`,
    hasFiles(dirs.mediaDir) && `the media directory ${dirs.mediaDir} holds files`,
    ...restoredSecrets.filter((name) => existsSync(path.join(dirs.dataDir, name))).map((name) => `${path.join(dirs.dataDir, name)} exists`),
    kind === "postgres" && (await postgresHasTables(dirs.databaseUrl)) && `the database ${redact(dirs.databaseUrl)} has tables`,
  ].filter(Boolean);
  if (taken.length) fail(`${taken.join("; ")}. Restore into an empty place, or add --force to replace what is there.`);
}

mkdirSync(dirs.dataDir, { recursive: true });
const releaseLock = kind === "pglite" ? acquireLock(dirs.dataDir) : () => {};
const scratch = mkdtempSync(path.join(os.tmpdir(), "shop-restore-"));
let restoredDatabase = false;
let mediaFiles = 0;
let failure = null;
try {
  if (force) {
    if (kind === "pglite") rmSync(path.join(dirs.dataDir, "pgdata"), { recursive: true, force: true });
    rmSync(dirs.mediaDir, { recursive: true, force: true });
    for (const name of restoredSecrets) rmSync(path.join(dirs.dataDir, name), { force: true });
  }
  mkdirSync(dirs.mediaDir, { recursive: true });
  for await (const entry of entries) {
    if (entry.type === "directory") continue;
    if (entry.type !== "file") {
      console.warn(`Skipped ${entry.name}: not a regular file.`);
      continue;
    }
    if (entry.name === "database/pgdata.tar.gz" && kind === "pglite") {
      const dump = await buffer(entry.body());
      console.log(`Loading the database into ${path.join(dirs.dataDir, "pgdata")} …`);
      const client = await openPglite({
        dataDir: path.join(dirs.dataDir, "pgdata"),
        loadDataDir: new Blob([dump], { type: "application/x-gzip" }),
      });
      await client.close();
      restoredDatabase = true;
    } else if (entry.name === "database/postgres.dump" && kind === "postgres") {
      await pipeline(Readable.from(entry.body()), createWriteStream(path.join(scratch, "postgres.dump"), { mode: 0o600 }));
      restoredDatabase = true;
    } else if (entry.name.startsWith("media/")) {
      const target = inside(dirs.mediaDir, entry.name.slice("media/".length));
      mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(Readable.from(entry.body()), createWriteStream(target, { mode: entry.mode & 0o666 || 0o644 }));
      mediaFiles++;
    } else if (entry.name.startsWith("data/") && restoredSecrets.includes(entry.name.slice("data/".length))) {
      writeFileSync(path.join(dirs.dataDir, entry.name.slice("data/".length)), await buffer(entry.body()), { mode: 0o600 });
    } else {
      console.warn(`Skipped ${entry.name}: not part of a shop backup.`);
    }
  }
  if (!restoredDatabase) throw new Error(`${archive} holds no ${manifest.database.file}.`);
  if (kind === "postgres") restorePostgres(path.join(scratch, "postgres.dump"));
} catch (error) {
  failure = error;
} finally {
  releaseLock();
  rmSync(scratch, { recursive: true, force: true });
}
if (failure) fail(`${failure.message}\nWhat was restored so far is incomplete: fix the cause and restore again with --force.`);

console.log(
  `Restored ${kind === "pglite" ? `the database into ${dirs.dataDir}` : `the database into ${redact(dirs.databaseUrl)}`} ` +
    `and ${mediaFiles} media files into ${dirs.mediaDir}.` +
    (restoredSecrets.length ? ` Kept secrets restored: ${restoredSecrets.join(", ")}.` : "") +
    `\nStart the shop on it with the same DATA_DIR${kind === "postgres" ? ", DATABASE_URL" : ""} and MEDIA_DIR (npm start); ` +
    `it applies any newer migrations itself.`,
);

function restorePostgres(file) {
  const args = ["--no-owner", "--exit-on-error", `--dbname=${dirs.databaseUrl}`, ...(force ? ["--clean", "--if-exists"] : []), file];
  console.log(`Restoring PostgreSQL ${redact(dirs.databaseUrl)} with pg_restore …`);
  const restored = spawnSync("pg_restore", args, { stdio: "inherit" });
  if (restored.status !== 0) throw new Error(`pg_restore exited with ${restored.status ?? restored.signal}.`);
}

/** Whether a directory holds any file (empty folders do not count). */
function hasFiles(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some((entry) => !entry.isDirectory());
}

/** `relative` under `root`, refusing anything that would leave it. */
function inside(root, relative) {
  const target = path.resolve(root, relative);
  if (!target.startsWith(path.resolve(root) + path.sep))
    throw new Error(`the archive names a path outside the media directory: ${relative}`);
  return target;
}

async function buffer(chunks) {
  const parts = [];
  for await (const part of chunks) parts.push(part);
  return Buffer.concat(parts);
}

async function text(chunks) {
  return (await buffer(chunks)).toString("utf8");
}

async function postgresHasTables(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0].n > 0;
  } catch (error) {
    fail(`cannot reach ${redact(url)}: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
