import { and, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { options } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * The registration options of the site (spec §6 "Registration may require e-mail
 * verification"; §4 Auth "log in automatically if that option is on"), read fresh on
 * every registration: an admin may just have changed them.
 */
export type RegistrationOptions = { requiresEmailVerification: boolean; autoLogin: boolean };

export async function registrationOptions(db: Executor): Promise<RegistrationOptions> {
  const read = async (key: string) =>
    (
      await db
        .select({ value: options.value })
        .from(options)
        .where(and(eq(options.siteId, SITE_ID), eq(options.key, key)))
    )[0]?.value;
  const [verification, autoLogin] = await Promise.all([read("RegistrationRequiresEmailVerification"), read("AutoLoginAfterRegistration")]);
  return { requiresEmailVerification: verification === true, autoLogin: autoLogin === true };
}
