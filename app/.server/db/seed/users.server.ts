import { hashPassword } from "../../auth/password.server";
import type { Executor } from "../client.server";
import { users } from "../schema";
import { SITE_ID } from "./data/options";

/** Demo accounts, documented in the README: a backoffice user and a customer. */
export const DEMO_ADMIN = { email: "admin@alu-krov.hr", password: "AluKrov2026!" };
export const DEMO_CUSTOMER = { email: "kupac@example.com", password: "Kupac2026!" };

export async function seedUsers(tx: Executor) {
  await tx
    .insert(users)
    .values([
      {
        siteId: SITE_ID,
        email: DEMO_ADMIN.email,
        passwordHash: await hashPassword(DEMO_ADMIN.password),
        firstName: "Ana",
        lastName: "Administrator",
        isBackofficeUser: true,
        scope: ["admin"],
        emailVerifiedAt: new Date(),
      },
      {
        siteId: SITE_ID,
        email: DEMO_CUSTOMER.email,
        passwordHash: await hashPassword(DEMO_CUSTOMER.password),
        firstName: "Ivan",
        lastName: "Horvat",
        emailVerifiedAt: new Date(),
      },
    ])
    .onConflictDoNothing();
}
