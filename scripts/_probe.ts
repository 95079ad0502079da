process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "integration-test-secret-0123456789";
process.env.DATA_DIR = "memory://";
process.env.MEDIA_DIR = "/tmp/probe/media";
import { writeFileSync } from "node:fs";
const t0 = performance.now();
const { PGlite } = await import("@electric-sql/pglite");
const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
const { drizzle } = await import("drizzle-orm/pglite");
const schema = await import("/work/main/app/.server/db/schema");
const { migrateAndSeed } = await import("/work/main/app/.server/db/setup.server");
const client = await PGlite.create({ extensions: { unaccent, pg_trgm } });
const t1 = performance.now();
await migrateAndSeed(drizzle(client, { schema }) as never, "pglite");
const t2 = performance.now();
const dump = await client.dumpDataDir("none");
writeFileSync("/tmp/probe/tpl.tar", Buffer.from(await dump.arrayBuffer()));
const t3 = performance.now();
console.log({ create: t1 - t0, seed: t2 - t1, dump: t3 - t2, size: dump.size });
await client.close();
const t4 = performance.now();
const c2 = await PGlite.create({
  extensions: { unaccent, pg_trgm },
  loadDataDir: new Blob([(await import("node:fs")).readFileSync("/tmp/probe/tpl.tar")]),
});
const t5 = performance.now();
console.log({ load: t5 - t4, n: (await c2.query("select count(*) from seed_runs")).rows });
