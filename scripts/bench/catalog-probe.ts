// Run by scripts/bench/pages.mjs through tsx, before the bench server starts: opens the
// bench database with the shop's own client (so it is migrated and seeded exactly like the
// server does it), picks the category with the most products and one of its products,
// signs the demo customer and the demo admin in (a session row and its signed cookie, as the
// logins do; the server shares SESSION_SECRET) for the signed-in and backoffice rows, makes
// an integration API key for the API rows, and prints it all as one JSON line. PGlite
// allows one process per directory, hence a child.
import { eq, sql } from "drizzle-orm";
import { closeDb, getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";

async function userId(email: string): Promise<number | null> {
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id ?? null;
}

/**
 * "__session=…" of a new session of a demo user, or null without one. The admin's is a
 * backoffice sign-in (decision 0086: it asked for every factor owed).
 */
async function sessionOf(email: string, backoffice = false): Promise<string | null> {
  const id = await userId(email);
  if (!id) return null;
  // Imported here: the session module reads the environment the bench hands this process.
  const { sessionStorage } = await import("~/.server/session.server");
  const session = await sessionStorage.getSession();
  session.set("userId", id);
  if (backoffice) session.set("backofficeSignIn", true);
  return (await sessionStorage.commitSession(session)).split(";")[0]!;
}

/** An integration key whose budget the bench cannot spend (the API rows). */
async function apiKey(): Promise<string> {
  const { createApiKey } = await import("~/modules/api/api-keys.server");
  return (await createApiKey({ name: "bench", kind: "integration", rateLimit: 100_000_000 })).token;
}

type Row = { slug: string; products: number; product_slug: string | null; product_id: number | null };

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function main() {
  const db = await getDb();
  const result = await db.execute(sql`
    with counts as (
      select pc.category_id, count(*)::int as products,
             (array_agg(pt.slug order by pc.position, p.id))[1] as product_slug,
             (array_agg(p.id order by pc.position, p.id))[1] as product_id
      from product_categories pc
      join products p on p.id = pc.product_id and not p.archived and p.is_visible_individually
      left join product_translations pt on pt.product_id = p.id and pt.language_code = 'hrv'
      group by pc.category_id
    )
    select ct.slug, c.products, c.product_slug, c.product_id
    from counts c
    join category_translations ct on ct.category_id = c.category_id and ct.language_code = 'hrv'
    order by c.products desc, ct.slug
    limit 1`);
  const top = rowsOf<Row>(result)[0];
  // The order with the most lines: the backoffice order row shows the heaviest screen. The
  // demo data has none, so the demo customer places one (the test provider's fixture).
  const customerId = await userId(DEMO_CUSTOMER.email);
  if (customerId) {
    const { createTestOrder } = await import("~/modules/payment/test-provider/test-orders.server");
    await createTestOrder(db, { userId: customerId, email: DEMO_CUSTOMER.email, gateway: "bankTransfer", locale: "hr" });
  }
  const [order] = rowsOf<{ slug: string }>(
    await db.execute(
      sql`select o.slug from orders o left join order_items l on l.order_id = o.id group by o.id order by count(l.id) desc, o.id limit 1`,
    ),
  );
  const probe = {
    ...(top ? { category: top.slug, products: top.products, product: top.product_slug, productId: top.product_id } : {}),
    order: order?.slug ?? null,
    session: await sessionOf(DEMO_CUSTOMER.email),
    adminSession: await sessionOf(DEMO_ADMIN.email, true),
    apiKey: await apiKey(),
  };
  console.log(`BENCH_PROBE ${JSON.stringify(probe)}`);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
