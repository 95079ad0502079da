import { eq } from "drizzle-orm";
import { users } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import type { Visitor } from "./client";
import type { Shop } from "./shop";

/** Signs the visitor in to the backoffice as a browser does: the /adminLogin form. */
export async function loginAsAdmin(visitor: Visitor) {
  const response = await visitor.post(
    "/adminLogin",
    { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, redirectTo: "/admin" },
    { tokenFrom: "/adminLogin" },
  );
  if (response.status !== 302) throw new Error(`Admin login failed with ${response.status}`);
  return visitor;
}

/**
 * Signs the visitor in as the seeded customer. The customer login form does not exist
 * yet, so the session is made the way it will make it: a session row and its signed
 * cookie. (Imported late: the session module reads the environment bootShop sets.)
 */
export async function signInAsCustomer(shop: Shop, visitor: Visitor) {
  const { sessionStorage } = await import("~/.server/session.server");
  const db = await shop.db();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  const [pair] = (await sessionStorage.commitSession(session)).split(";");
  const index = pair.indexOf("=");
  visitor.cookies.set(pair.slice(0, index), pair.slice(index + 1));
  return visitor;
}
