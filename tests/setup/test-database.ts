/**
 * Builds the seeded template every integration test file copies (run by
 * tests/setup/integration-global.ts in a process of its own, so the test runner never
 * holds a database or the shop's environment):
 *
 *   tsx tests/setup/test-database.ts pglite <dir>     migrates and seeds an in-memory PGlite,
 *                                                     writes <dir>/pgdata.tar (its dump)
 *   tsx tests/setup/test-database.ts postgres <url>   migrates and seeds the (empty) database at <url>
 *
 * Both write the seed's media files (product images, the demo e-product) to MEDIA_DIR,
 * which the caller sets; each test file gets a copy of that folder too.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

const [kind, target] = process.argv.slice(2);
if (!target || (kind !== "pglite" && kind !== "postgres")) {
  throw new Error("usage: test-database.ts pglite <dir> | postgres <url>");
}

if (kind === "postgres") {
  process.env.DATABASE_URL = target;
  const { getDb, closeDb } = await import("../../app/.server/db/client.server");
  await getDb();
  await closeDb();
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const schema = await import("../../app/.server/db/schema");
  const { migrateAndSeed } = await import("../../app/.server/db/setup.server");
  const client = await PGlite.create({ extensions: { unaccent, pg_trgm } });
  await migrateAndSeed(drizzle(client, { schema }) as never, "pglite");
  // Uncompressed: loading it is what every test file pays, and gzip would add to that.
  const dump = await client.dumpDataDir("none");
  writeFileSync(path.join(target, "pgdata.tar"), Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
