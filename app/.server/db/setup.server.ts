import type { Database } from "./client.server";
import { MIGRATIONS_FOLDER } from "./client.server";
import { seed } from "./seed/index.server";
import { env } from "../env.server";

/** Applies pending migrations, then the seed steps this database has not run yet. */
export async function migrateAndSeed(db: Database, kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  await seed(db, { demo: env.SEED_DEMO === "true" });
}
