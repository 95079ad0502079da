import type { Database } from "../client.server";
import { seedSite } from "./site.server";
import { seedPages } from "./pages.server";
import { seedDemo } from "./demo.server";
import { seedUsers } from "./users.server";

/**
 * Seeds the built-in site (spec §1) and, unless turned off, the demo catalogue and content.
 * Idempotent: every step skips what exists, so it is safe to run on a seeded database.
 */
export async function seed(db: Database, { demo }: { demo: boolean }) {
  await db.transaction(async (tx) => {
    await seedSite(tx);
    await seedPages(tx); // the pages the built-in navigations link to
    await seedUsers(tx);
    if (demo) await seedDemo(tx);
  });
}
