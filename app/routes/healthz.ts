import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";

/** Liveness and database check for load balancers and the test harness. */
export async function loader() {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
