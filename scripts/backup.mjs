// `npm run backup [-- --out <file.tar.gz>]`: one archive with the database, the media files
// and a manifest (README "Backups", docs/decisions/0093).
//
// Embedded database (DATA_DIR): a PGlite dump (`dumpDataDir`). While the shop runs, the
// process holding the directory writes it on request (app/.server/db/dump-requests.mjs);
// while it is stopped, this script opens the directory itself under the shop's lock.
// PostgreSQL (DATABASE_URL): `pg_dump --format=custom` when pg_dump is installed.
import { spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { acquireLock, liveHolder } from "../app/.server/db/data-dir-lock.mjs";
import { dumpDatabase, requestDump } from "../app/.server/db/dump-requests.mjs";
import { TarWriter } from "./lib/tar.mjs";
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

const { options } = parseArgs(process.argv.slice(2));
if (options.help) {
  console.log(`Usage: npm run backup [-- --out <file.tar.gz>] [--timeout <seconds>]

Writes one .tar.gz with the shop's database, its media files and a manifest. Reads DATA_DIR,
MEDIA_DIR and DATABASE_URL like the shop. Default file: backups/shop-<date>-<time>.tar.gz.`);
  process.exit(0);
}

function fail(message) {
  console.error(`Backup failed: ${message}`);
  process.exit(1);
}

const dirs = shopDirs();
if (dirs.memory) fail("DATA_DIR=memory:// is an in-memory database: there is nothing on disk to back up.");
const release = shopRelease();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const out = path.resolve(typeof options.out === "string" ? options.out : path.join("backups", `shop-${stamp}.tar.gz`));
const timeoutMs = Number(options.timeout ?? 600) * 1000;

/** @type {{ kind: "pglite" | "postgres", entry: string, data?: Buffer, file?: string, migrations: number | null }} */
let database;
let scratch = null;
if (dirs.databaseUrl) {
  if (!(await hasProgram("pg_dump"))) {
    fail(`pg_dump is not installed. Back up PostgreSQL yourself (same major version as the server or newer):

  pg_dump --format=custom --no-owner --file=shop.dump "$DATABASE_URL"

and the media directory (${dirs.mediaDir}):

  tar -czf shop-media.tar.gz -C "${dirs.mediaDir}" .

or install the PostgreSQL client (Debian/Ubuntu: apt-get install postgresql-client) and run npm run backup again.`);
  }
  scratch = mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
  const file = path.join(scratch, "postgres.dump");
  console.log(`Dumping PostgreSQL ${redact(dirs.databaseUrl)} with pg_dump …`);
  const dumped = spawnSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, dirs.databaseUrl], { stdio: "inherit" });
  if (dumped.status !== 0) fail(`pg_dump exited with ${dumped.status ?? dumped.signal}.`);
  database = { kind: "postgres", entry: "database/postgres.dump", file, migrations: await postgresMigrations(dirs.databaseUrl) };
} else {
  if (!existsSync(path.join(dirs.dataDir, "pgdata", "PG_VERSION"))) {
    fail(`there is no embedded database in ${dirs.dataDir} (no pgdata/PG_VERSION). Is DATA_DIR right? With PostgreSQL, set DATABASE_URL.`);
  }
  const holder = liveHolder(dirs.dataDir);
  let dumped;
  if (holder) {
    // The shop holds the directory (PGlite cannot be opened twice): it writes the dump itself.
    console.log(`The shop (pid ${holder.pid}) is running on ${dirs.dataDir}: asking it for a dump …`);
    dumped = await requestDump(dirs.dataDir, holder.pid, { timeoutMs }).catch((error) => fail(error.message));
  } else {
    console.log(`The shop is not running on ${dirs.dataDir}: dumping the database directly …`);
    let releaseLock;
    try {
      releaseLock = acquireLock(dirs.dataDir);
    } catch (error) {
      fail(error.message);
    }
    try {
      const client = await openPglite({ dataDir: path.join(dirs.dataDir, "pgdata") });
      try {
        dumped = await dumpDatabase(client);
      } finally {
        await client.close();
      }
    } finally {
      releaseLock();
    }
  }
  database = { kind: "pglite", entry: "database/pgdata.tar.gz", data: dumped.dump, migrations: dumped.migrations };
}

// The media after the database: a file a row of the dump names was written before that row.
const media = existsSync(dirs.mediaDir) ? listFiles(dirs.mediaDir) : [];
const secrets = KEPT_SECRETS.filter((name) => existsSync(path.join(dirs.dataDir, name)));
const manifest = {
  format: ARCHIVE_FORMAT,
  formatVersion: ARCHIVE_VERSION,
  createdAt: new Date().toISOString(),
  shop: { version: release.version, migrations: release.migrations },
  database: { kind: database.kind, file: database.entry, appliedMigrations: database.migrations },
  media: { files: media.length, bytes: media.reduce((sum, file) => sum + file.stat.size, 0) },
  secrets,
};

mkdirSync(path.dirname(out), { recursive: true });
const partial = `${out}.partial`;
try {
  const gzip = createGzip();
  // The archive holds password hashes and secrets: readable by its owner only.
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const tar = new TarWriter(gzip);
  await tar.addBuffer("manifest.json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  if (database.data) await tar.addBuffer(database.entry, database.data);
  else await tar.addFile(database.entry, database.file, statSync(database.file));
  for (const name of secrets) await tar.addBuffer(`data/${name}`, readFileSync(path.join(dirs.dataDir, name)));
  for (const file of media) await tar.addFile(`media/${file.relative}`, file.path, file.stat);
  await tar.finish();
  await written;
  renameSync(partial, out);
} catch (error) {
  rmSync(partial, { force: true });
  fail(error.message);
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `Backup written: ${out} (${megabytes(statSync(out).size)})\n` +
    `  database: ${database.kind}, ${database.migrations ?? "?"} migrations applied (shop ${release.version})\n` +
    `  media: ${manifest.media.files} files, ${megabytes(manifest.media.bytes)} from ${dirs.mediaDir}` +
    (secrets.length ? `\n  kept secrets: ${secrets.join(", ")}` : "") +
    `\nRestore it with: npm run restore -- ${path.relative(process.cwd(), out).startsWith("..") ? out : path.relative(process.cwd(), out)}`,
);

/** Every regular file under `dir`, with its path inside it (forward slashes). */
function listFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (entry.isFile()) {
      files.push({ path: full, relative: path.relative(dir, full).split(path.sep).join("/"), stat: statSync(full) });
    } else if (!entry.isDirectory()) {
      console.warn(`Skipped ${full}: not a regular file.`);
    }
  }
  return files.sort((a, b) => a.relative.localeCompare(b.relative));
}

async function postgresMigrations(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    return rows[0].n;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}
