import type { Executor } from "~/.server/db/client.server";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { sendMail, type OutboxMail } from "~/modules/mail/mail.server";
import { issueAccountToken } from "./account-tokens.server";

/**
 * The account mails (CMS options "e-mail template options for registration and password
 * reset", spec §3): each carries a fresh single-use link. Written inside the caller's
 * transaction; the caller delivers after its commit.
 */
type MailTarget = { tx: Executor; userId: number; email: string; locale: Locale; origin: string };

/**
 * The path of a separate front end's verification page under FRONTEND_URL (decision 0127):
 * `${FRONTEND_URL}/verify?token=…`; that page confirms with GET /api/v1/user/web/verify/:token.
 */
export const FRONTEND_VERIFY_PATH = "/verify";

const absolute = (origin: string, path: string) => `${origin.replace(/\/+$/, "")}${path}`;

/** Spec §2: "The login page triggers e-mail verification when a verificationToken query parameter is present." */
export async function mailVerificationLink({
  tx,
  userId,
  email,
  locale,
  origin,
  frontendUrl,
}: MailTarget & { frontendUrl?: string | null }): Promise<OutboxMail> {
  const token = await issueAccountToken(tx, userId, "verifyEmail");
  const t = await getFixedT(locale);
  // The front end's own page when the API was used and FRONTEND_URL is set; never a URL of the request.
  const link = frontendUrl
    ? absolute(frontendUrl, `${FRONTEND_VERIFY_PATH}?token=${token}`)
    : absolute(origin, `${href("login", locale)}?verificationToken=${token}`);
  return sendMail(
    {
      kind: "accountVerification",
      to: email,
      subject: t("account.mail.verifySubject"),
      text: t("account.mail.verifyText", { link }),
      template: { locale, values: { link, email } },
    },
    tx,
  );
}

/** The registration's welcome (decision 0053), when the account works at once (no verification asked for). */
export async function mailWelcome({ tx, email, name, locale, origin }: Omit<MailTarget, "userId"> & { name: string }): Promise<OutboxMail> {
  const t = await getFixedT(locale);
  const link = absolute(origin, href("login", locale));
  const values = { name, email, link };
  return sendMail(
    {
      kind: "welcome",
      to: email,
      subject: t("account.mail.welcomeSubject"),
      text: t("account.mail.welcomeText", values),
      template: { locale, values },
    },
    tx,
  );
}

/** The forgot-password mail: its link opens the reset form. */
export async function mailPasswordResetLink({ tx, userId, email, locale, origin }: MailTarget): Promise<OutboxMail> {
  const token = await issueAccountToken(tx, userId, "resetPassword");
  const t = await getFixedT(locale);
  const link = absolute(origin, `${href("forgotPassword", locale)}?token=${token}`);
  return sendMail(
    {
      kind: "passwordReset",
      to: email,
      subject: t("account.mail.resetSubject"),
      text: t("account.mail.resetText", { link }),
      template: { locale, values: { link, email } },
    },
    tx,
  );
}

/**
 * Sent to the OLD address when a profile changes the e-mail: if someone else did it with a
 * stolen session, the owner learns of it at the address they still read.
 */
export async function mailEmailChangedNotice({
  tx,
  email,
  newEmail,
  locale,
}: Omit<MailTarget, "userId" | "origin"> & { newEmail: string }) {
  const t = await getFixedT(locale);
  return sendMail(
    {
      kind: "emailChanged",
      to: email,
      subject: t("account.mail.emailChangedSubject"),
      text: t("account.mail.emailChangedText", { email: newEmail }),
      template: { locale, values: { newEmail } },
    },
    tx,
  );
}
