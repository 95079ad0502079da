import { hashPassword } from "../../auth/password.server";
import type { Executor } from "../client.server";
import { users } from "../schema";
import { SITE_ID } from "./data/options";

/** Demo accounts, documented in the README: a backoffice user and a customer. */
export const DEMO_ADMIN = { email: "admin@alu-krov.hr", password: "AluKrov2026!" };
export const DEMO_CUSTOMER = { email: "kupac@example.com", password: "Kupac2026!" };
/** Demo backoffice users of the two narrower scopes (decision 0038: sales runs orders, customers and enquiries; editor the content). */
export const DEMO_SALES = { email: "prodaja@alu-krov.hr", password: "Prodaja2026!" };
export const DEMO_EDITOR = { email: "urednik@alu-krov.hr", password: "Urednik2026!" };

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

export async function seedStaff(tx: Executor) {
  await tx
    .insert(users)
    .values([
      {
        siteId: SITE_ID,
        email: DEMO_SALES.email,
        passwordHash: await hashPassword(DEMO_SALES.password),
        firstName: "Petra",
        lastName: "Prodaja",
        isBackofficeUser: true,
        scope: ["sales"],
        emailVerifiedAt: new Date(),
      },
      {
        siteId: SITE_ID,
        email: DEMO_EDITOR.email,
        passwordHash: await hashPassword(DEMO_EDITOR.password),
        firstName: "Marko",
        lastName: "Urednik",
        isBackofficeUser: true,
        scope: ["editor"],
        emailVerifiedAt: new Date(),
      },
    ])
    .onConflictDoNothing();
}
