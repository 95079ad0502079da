import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { formSubmissions, forms, type FormConfirmation } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/locales";
import type { EmailGoal } from "~/modules/account/email-goal";
import { sendMail, type OutboxMail, wakeMailRelay } from "~/modules/mail/mail.server";
import { SITE_ID } from "~/modules/kernel/options";
import { formTitle, localizedText, mailTheShop, type MailedForm } from "./form-mail.server";
import { confirmationCutoff } from "./unconfirmed-submissions.server";

/**
 * E-mail confirmation of a database form (double opt-in, docs/decisions/0063; spec §7
 * form/confirmEmail/{token}). A form with a `confirmation` stores a submission with the
 * sha256 of a random token and mails the sender a link instead of mailing the shop. The
 * link (or the API call) confirms it once, within FORM_CONFIRMATION_TTL_DAYS: the row is
 * marked confirmed, the token cleared, the shop mailed, and the sender's goal returned
 * (spec §3 "goalType (message, url, file), goal, confirmedEmail"). Housekeeping deletes
 * what was never confirmed (unconfirmed-submissions.server.ts).
 */
export { FORM_CONFIRMATION_TTL_DAYS } from "./unconfirmed-submissions.server";

/** The path of the confirmation link (GET, see routes/storefront/actions.form-confirm.ts). */
export const FORM_CONFIRM_PATH = "/actions/form-confirm";

// base64url of 32 random bytes; anything else cannot be a token and is not looked up.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token for a submission: the token goes in the mail, only its hash is stored. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** The sender's mail with the confirmation link, in the submission's language (kind formEmailConfirmation). */
export async function mailConfirmationLink(
  tx: Executor,
  input: { form: MailedForm; email: string; locale: Locale; token: string },
): Promise<OutboxMail> {
  const t = await getFixedT(input.locale);
  const link = `${env.PUBLIC_URL.replace(/\/+$/, "")}${FORM_CONFIRM_PATH}?token=${input.token}`;
  const values = { link, form: await formTitle(input.form, input.locale), email: input.email };
  return sendMail(
    {
      kind: "formEmailConfirmation",
      to: input.email,
      subject: t("forms.confirmMail.subject", values),
      text: t("forms.confirmMail.text", values),
      template: { locale: input.locale, values },
    },
    tx,
  );
}

/** The goal in the sender's language: the form's, or a plain thanks when the form no longer asks for one (or is gone). */
async function goalOf(confirmation: FormConfirmation | null | undefined, locale: Locale): Promise<Pick<EmailGoal, "goalType" | "goal">> {
  if (confirmation?.goalType === "url" || confirmation?.goalType === "file")
    return { goalType: confirmation.goalType, goal: confirmation.goal };
  const message = confirmation?.goalType === "message" ? localizedText(confirmation.message, locale) : "";
  return { goalType: "message", goal: message || (await getFixedT(locale))("forms.confirmation.confirmed") };
}

/**
 * Confirms the submission of the token: unconfirmed and younger than the time limit, else
 * null (unknown, used or expired). One transaction: the row claimed by one UPDATE (two
 * clicks at once confirm once), the shop's mail written and its id stored; the mail is
 * delivered after the commit. Also returns the submission's language (the HTML link lands
 * on its confirm page).
 */
export async function confirmFormSubmission(token: unknown, now = new Date()): Promise<{ goal: EmailGoal; locale: Locale } | null> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const db = await getDb();
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(formSubmissions)
      .set({ emailConfirmedAt: now, confirmTokenHash: null })
      .where(
        and(
          eq(formSubmissions.siteId, SITE_ID),
          eq(formSubmissions.confirmTokenHash, hashToken(token)),
          isNull(formSubmissions.emailConfirmedAt),
          gt(formSubmissions.createdAt, confirmationCutoff(now)),
        ),
      )
      .returning();
    if (!row) return null;
    const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
    const [form] = row.formId ? await tx.select().from(forms).where(eq(forms.id, row.formId)) : [];
    // A form deleted meanwhile: the shop still gets the data, each value under its field's name
    // (a non-null id: it is not the contact form).
    const mailed: MailedForm = form ?? {
      id: 0,
      slug: row.formSlug,
      title: null,
      fields: Object.keys(row.data).map((name) => ({ name, type: "text", label: {}, required: false })),
    };
    const mail = await mailTheShop(tx, mailed, row.data, row.email, locale);
    if (mail) await tx.update(formSubmissions).set({ mailId: mail.id }).where(eq(formSubmissions.id, row.id));
    const goal = await goalOf(form?.confirmation, locale);
    return { goal: { ...goal, confirmedEmail: row.email }, locale, mail };
  });
  if (!confirmed) return null;
  if (confirmed.mail) wakeMailRelay();
  return { goal: confirmed.goal, locale: confirmed.locale };
}

/** Spec §7 form/confirmEmail/{token}: the goal of the confirmed submission, or null. */
export async function confirmFormEmail(token: unknown): Promise<EmailGoal | null> {
  return (await confirmFormSubmission(token))?.goal ?? null;
}
