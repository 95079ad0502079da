import { and, asc, desc, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { paymentMethods } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { isValidIban, normalizeIban } from "./iban";

/**
 * The account a bank transfer is paid to, as the owner keeps it on the bank-transfer
 * payment method (/admin/payments, decision 0049; payment_methods.settings): holder,
 * IBAN, bank, HUB-3 model and reference prefix. Empty values (or a stored IBAN that fails
 * its check digits) leave the seller's details (CMS option SellerDetails) in charge.
 */
export type BankAccount = { accountHolder: string; iban: string; bankName: string; model: string; referencePrefix: string };

const text = (settings: Record<string, unknown>, key: string) =>
  typeof settings[key] === "string" ? (settings[key] as string).trim() : "";

export function bankAccountOf(settings: Record<string, unknown>): BankAccount {
  const iban = normalizeIban(text(settings, "iban"));
  return {
    accountHolder: text(settings, "accountHolder"),
    iban: isValidIban(iban) ? iban : "",
    bankName: text(settings, "bankName"),
    model: /^HR\d{2}$/.test(text(settings, "model")) ? text(settings, "model") : "",
    referencePrefix: /^\d{1,10}$/.test(text(settings, "referencePrefix")) ? text(settings, "referencePrefix") : "",
  };
}

/** `executor`: the caller's transaction when there is one (PGlite has one connection). Read fresh: a change applies to the next slip. */
export async function bankAccount(executor?: Executor): Promise<BankAccount> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select({ settings: paymentMethods.settings })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.siteId, SITE_ID), eq(paymentMethods.gateway, "bankTransfer")))
    .orderBy(desc(paymentMethods.active), asc(paymentMethods.position), asc(paymentMethods.id))
    .limit(1);
  return bankAccountOf(row?.settings ?? {});
}
