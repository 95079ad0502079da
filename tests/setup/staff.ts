import { users } from "~/.server/db/schema";
import { hashPassword } from "~/.server/auth/password.server";
import type { BackofficeScope } from "~/lib/backoffice-scopes";
import { SITE_ID } from "~/modules/kernel/options";
import type { Visitor } from "./client";
import type { Shop } from "./shop";

export type StaffLogin = { id: number; email: string; password: string; scope: BackofficeScope };

/** A backoffice user with one scope (sales, editor or admin), for tests of who may do what. */
export async function createStaff(
  shop: Shop,
  scope: BackofficeScope,
  email = `${scope}-${Date.now()}-${Math.round(Math.random() * 1e6)}@alu-krov.hr`,
): Promise<StaffLogin> {
  const password = "Backoffice-2026!";
  const db = await shop.db();
  const [row] = await db
    .insert(users)
    .values({
      siteId: SITE_ID,
      email,
      passwordHash: await hashPassword(password),
      firstName: scope,
      isBackofficeUser: true,
      scope: [scope],
    })
    .returning({ id: users.id });
  return { id: row.id, email, password, scope };
}

/** Signs a backoffice user in through the real /adminLogin form. */
export async function signInAsStaff(visitor: Visitor, staff: Pick<StaffLogin, "email" | "password">): Promise<Visitor> {
  const response = await visitor.post(
    "/adminLogin",
    { email: staff.email, password: staff.password, redirectTo: "/admin" },
    { tokenFrom: "/adminLogin" },
  );
  if (response.status !== 302) throw new Error(`Backoffice sign-in of ${staff.email} failed with ${response.status}`);
  return visitor;
}
