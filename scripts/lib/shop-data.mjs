// Where the shop keeps its data, read from the same environment variables and with the same
// defaults as app/.server/env.server.ts and app/.server/media/media-root.server.ts, for the
// backup and restore scripts (which run without the build).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

/** The archive's format, so that a later restore knows what it reads. */
export const ARCHIVE_FORMAT = "krovni-shop-backup";
export const ARCHIVE_VERSION = 1;

/** Secrets `npm start` keeps in the data directory (scripts/start.mjs): the session secret
 * also seals the backoffice's TOTP secrets, so a restore without it would lose them. */
export const KEPT_SECRETS = [".session-secret", ".card-secret"];

/** @param {Record<string, string | undefined>} [source] */
export function shopDirs(source = process.env) {
  const value = (name) => (source[name] ? source[name] : undefined);
  const dataDir = path.resolve(value("DATA_DIR") ?? "./data");
  const mediaDir = value("MEDIA_DIR") ? path.resolve(value("MEDIA_DIR")) : path.join(dataDir, "media");
  return { dataDir, mediaDir, databaseUrl: value("DATABASE_URL"), memory: (value("DATA_DIR") ?? "").startsWith("memory://") };
}

/** The shop's version and the number of migrations this checkout ships. */
export function shopRelease() {
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const journal = JSON.parse(readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8"));
  return { version, migrations: journal.entries.length };
}

/** @param {string} dir */
export function isEmptyDir(dir) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** PGlite with the extensions the shop's migrations create (app/.server/db/client.server.ts). */
export async function openPglite(options) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create({ ...options, extensions: { unaccent, pg_trgm } });
}

/** Whether a program is on the PATH (pg_dump, pg_restore). */
export async function hasProgram(name) {
  const { spawnSync } = await import("node:child_process");
  return spawnSync(name, ["--version"], { stdio: "ignore" }).status === 0;
}

/** A database URL with its password hidden, for messages. */
export function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(DATABASE_URL)";
  }
}

/** `--name value`, `--name=value` and bare `--flag` options, plus the positional arguments. */
export function parseArgs(argv) {
  /** @type {Record<string, string | true>} */
  const options = {};
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) positional.push(arg);
    else if (arg.includes("=")) options[arg.slice(2, arg.indexOf("="))] = arg.slice(arg.indexOf("=") + 1);
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith("--") && ["out", "timeout"].includes(arg.slice(2)))
      options[arg.slice(2)] = argv[++i];
    else options[arg.slice(2)] = true;
  }
  return { options, positional };
}
