// Run by scripts/bench/pages.mjs through tsx, before the bench server starts: opens the
// bench database with the shop's own client (so it is migrated and seeded exactly like the
// server does it), picks the category with the most products and one of its products,
// signs the demo customer in (a session row and its signed cookie, as the login does; the
// server shares SESSION_SECRET) for the signed-in rows, and prints it all as one JSON
// line. PGlite allows one process per directory, hence a child.
import { eq, sql } from "drizzle-orm";
import { closeDb, getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";

/** "__session=…" of a new session of the demo customer, or null without one. */
async function customerSession(): Promise<string | null> {
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  if (!user) return null;
  // Imported here: the session module reads the environment the bench hands this process.
  const { sessionStorage } = await import("~/.server/session.server");
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  return (await sessionStorage.commitSession(session)).split(";")[0]!;
}

type Row = { slug: string; products: number; product_slug: string | null };

async function main() {
  const db = await getDb();
  const result = await db.execute(sql`
    with counts as (
      select pc.category_id, count(*)::int as products,
             (array_agg(pt.slug order by pc.position, p.id))[1] as product_slug
      from product_categories pc
      join products p on p.id = pc.product_id and not p.archived and p.is_visible_individually
      left join product_translations pt on pt.product_id = p.id and pt.language_code = 'hrv'
      group by pc.category_id
    )
    select ct.slug, c.products, c.product_slug
    from counts c
    join category_translations ct on ct.category_id = c.category_id and ct.language_code = 'hrv'
    order by c.products desc, ct.slug
    limit 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
  const top = rows[0];
  const session = await customerSession();
  console.log(
    `BENCH_PROBE ${JSON.stringify({ ...(top ? { category: top.slug, products: top.products, product: top.product_slug } : {}), session })}`,
  );
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
