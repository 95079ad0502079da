import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "../env.server";
import { acquireLock } from "./data-dir-lock.mjs";
import { answerDumpRequests } from "./dump-requests.mjs";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

type Handle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** Runs `work` while no other process sharing the database runs its own (migrations and seed). */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
};

/**
 * The key of the PostgreSQL advisory lock the shop's processes migrate and seed under: any
 * fixed 64-bit number no other application on the server uses ("alukrov" in ASCII).
 */
export const MIGRATION_LOCK_KEY = 0x616c756b726f76n;

// One instance per process, shared by server.ts and the Remix build (DESIGN.md pitfalls).
const g = globalThis as unknown as { __shopDb?: Promise<Handle> };

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "drizzle");

/** Opens (once), migrates and seeds the database; every service awaits this. */
export function getDb(): Promise<Database> {
  g.__shopDb ??= open();
  return g.__shopDb.then((h) => h.db);
}

export async function closeDb(): Promise<void> {
  const handle = g.__shopDb;
  g.__shopDb = undefined;
  if (handle) await (await handle).close();
}

export async function dbKind(): Promise<Handle["kind"]> {
  g.__shopDb ??= open();
  return (await g.__shopDb).kind;
}

async function open(): Promise<Handle> {
  const handle = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.DATA_DIR);
  const { migrateAndSeed } = await import("./setup.server");
  try {
    const exclusive = handle.exclusive ?? ((work) => work());
    await exclusive(() => migrateAndSeed(handle.db, handle.kind));
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPostgres(url: string): Promise<Handle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // An unreachable server (a failover, a network cut) fails a request within this bound,
    // as does waiting this long for a free connection of the pool: the shop answers 503
    // instead of hanging (decision 0090).
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    // A connection whose server vanished without a word is found by TCP keepalive, not by
    // the next query waiting on it forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection dropped by the server (restart, failover, pg_terminate_backend: 57P01)
  // emits 'error' on its client. The pool listens only while a client is idle; one that is
  // checked out (inside a transaction, or the migration lock's holder) would have no
  // listener and Node would end the process. Every client gets its own listener: the query
  // that was running fails on its own, and the pool drops the dead client when it is released.
  const lost = (error: Error) => console.error("PostgreSQL connection lost:", error.message);
  pool.on("connect", (client) => client.on("error", lost));
  // The pool passes an idle client's error on as its own: logged above already, but the
  // event needs a listener or it would end the process.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema }) as unknown as Database;
  // Several instances on one database (README "Deployment: several instances") start at
  // once: without the lock both would run the same migrations and seed steps side by side
  // and one would fail on the other's tables or rows. The lock is held by one connection of
  // the pool for the whole run and ends with that connection, even if the process dies.
  // (The holder comes from the pool, so the 'connect' listener above covers it: a database
  // restart during the work fails the work, and so the start, but does not crash it.)
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const holder = await pool.connect();
    try {
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
      return await work();
    } finally {
      // Closing the connection (not returning it to the pool) ends its session and so the
      // lock, whatever state the work left it in.
      holder.release(true);
    }
  };
  return { db, kind: "postgres", close: () => pool.end(), exclusive };
}

async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const extensions = { unaccent, pg_trgm };

  if (dataDir.startsWith("memory://")) {
    // A snapshot is already migrated and seeded; migrateAndSeed then finds nothing to do.
    const loadDataDir = env.PGLITE_SNAPSHOT ? new Blob([readFileSync(env.PGLITE_SNAPSHOT)]) : undefined;
    const client = await PGlite.create({ extensions, loadDataDir });
    return { db: drizzle(client, { schema }) as unknown as Database, kind: "pglite", close: () => client.close() };
  }

  const root = path.resolve(dataDir);
  mkdirSync(root, { recursive: true }); // PGlite does not create the parent itself.
  // `npm run backup` asks the process holding the directory for a dump (docs/decisions/0093);
  // listening before the lock is taken, so whoever sees the lock may ask at once.
  const dumps = answerDumpRequests(root);
  let releaseLock = () => {};
  try {
    releaseLock = acquireLock(root);
    const client = await PGlite.create({ dataDir: path.join(root, "pgdata"), extensions });
    dumps.serve(client);
    const db = drizzle(client, { schema }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      close: async () => {
        dumps.stop();
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    dumps.stop();
    releaseLock();
    throw error;
  }
}

/**
 * PGlite hangs silently when a second process opens the same directory, so the first one
 * holds a lock file naming it in a way that survives copies and reused pids
 * (data-dir-lock.mjs, docs/decisions/0093).
 */
export { acquireLock };
