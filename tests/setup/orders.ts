import { eq } from "drizzle-orm";
import { users } from "~/.server/db/schema";
import { createTestOrder, type TestOrderInput } from "~/modules/payment/test-provider/test-orders.server";
import type { Shop } from "./shop";

/**
 * A placed order for a customer, written straight into the database (checkout places real
 * ones; these tests are about what happens after). Returns the order's id and number.
 */
export async function placeOrder(shop: Shop, email: string, input: Partial<TestOrderInput> = {}) {
  const db = await shop.db();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  return createTestOrder(db, { userId: user.id, email, gateway: "card", ...input });
}
