import { count } from "drizzle-orm";
import type { Database } from "./client.server";
import { MIGRATIONS_FOLDER } from "./client.server";
import { sites } from "./schema";
import { seed } from "./seed/index.server";
import { env } from "../env.server";

/** Applies pending migrations, then seeds the built-in site when the database is empty. */
export async function migrateAndSeed(db: Database, kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  const [{ value }] = await db.select({ value: count() }).from(sites);
  if (value === 0) await seed(db, { demo: env.SEED_DEMO === "true" });
}
