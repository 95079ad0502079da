import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { options } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { isDomainError, type DomainError } from "~/.server/domain-error";
import type { FormKind } from "~/modules/consent/consent.schema";
import { validateConsents } from "~/modules/consent/consent.server";
import { wakeMailRelay, type OutboxMail } from "~/modules/mail/mail.server";

/**
 * What every public form that writes to the shop shares (the contact and database forms,
 * the price enquiry, the request-quote cart): consents checked first, then the
 * submission, its consent log and the shop's mail stored in one transaction and the mail
 * delivered after the commit. Expected refusals come back as their DomainError, which the
 * route answers with `refuseWith` (at the consents when `error.field` is "consents",
 * else as the form-wide message).
 */
export type Refused = { ok: false; error: DomainError };
export type Stored = { ok: true; id: number; mailId: number | null };

/**
 * The accepted consent ids, or the refusal (a missing required consent carries the field
 * "consents", anything else none). `more` runs after the consents pass, e.g.
 * the captcha, so a form with a typo does not spend a captcha call.
 */
export async function acceptConsents(
  kind: FormKind,
  acceptedIds: readonly number[],
  more?: () => Promise<void>,
): Promise<{ ok: true; accepted: number[] } | Refused> {
  try {
    const accepted = await validateConsents(kind, acceptedIds);
    await more?.();
    return { ok: true, accepted };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ok: false, error };
  }
}

/**
 * Runs `store` in one transaction (it writes the row, the consent log and the outbox
 * mail) and delivers the mail after the commit. A DomainError such as
 * error.failedConsentLog rolls everything back: nothing is stored, the visitor may send again.
 */
export async function storeSubmission(
  store: (tx: Executor) => Promise<{ id: number; mail: OutboxMail | null }>,
): Promise<Stored | Refused> {
  const db = await getDb();
  try {
    const { id, mail } = await db.transaction(store);
    if (mail) wakeMailRelay();
    return { ok: true, id, mailId: mail?.id ?? null };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ok: false, error };
  }
}

/** The option SendEmailTo (spec §3 CMS options); read fresh, an admin may just have changed it. */
export async function shopRecipient(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), eq(options.key, "SendEmailTo")));
  return typeof row?.value === "string" && row.value.includes("@") ? row.value : null;
}
