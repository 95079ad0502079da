import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { mailOutbox, type MailStatus } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { nextMailAttempt } from "./mail-backoff";
import type { Locale } from "~/lib/locales";
import { storedTemplate } from "~/modules/templates/mail-template-store.server";
import { renderTemplate } from "~/modules/templates/template-render.server";
import type { TemplateValues } from "~/modules/templates/template-variables";
import type { MailKind } from "./mail-kinds";
import { mailTransport, type MailTransport } from "./mail-transport.server";

/**
 * The shop's e-mail (DESIGN.md: nodemailer with SMTP_URL, else an outbox). Every mail is
 * first a row of mail_outbox, written in the caller's transaction when it has one, so a
 * mail exists exactly when the change it tells about does. With SMTP_URL the row is then
 * handed to the SMTP server, after the commit (a rolled-back enquiry must not have mailed
 * anyone), and marked sent or failed. Without SMTP_URL it stays queued for the
 * backoffice and the tests to read.
 *
 *   const mail = await db.transaction(async (tx) => {
 *     ...the form's own writes...
 *     return sendMail({ kind: "priceEnquiry", to, subject, text }, tx);
 *   });
 *   await mail.deliver(); // after the commit
 */

export type { MailKind } from "./mail-kinds";

/**
 * A mail's template values (docs/decisions/0053): when the backoffice has
 * its own template for the mail's kind in `locale`, the mail's subject, text and HTML are
 * that template filled with `values`; otherwise the subject/text/html composed in code
 * (the built-in text) go out as they are. `trailer` is appended to a templated mail as
 * is (code-made parts a template cannot hold, such as a payment slip's barcode).
 */
export type TemplateUse<K extends MailKind> = {
  locale: Locale;
  values: TemplateValues<K>;
  trailer?: { text: string; html: string } | null;
};

type MailOf<K extends MailKind> = {
  kind: K;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The shopper's address on mails to the shop, so that "reply" answers them. */
  replyTo?: string | null;
  /** The order the mail is about: listed under "mails sent" on the order's backoffice page. */
  orderId?: number | null;
  template?: TemplateUse<K>;
};
export type Mail = { [K in MailKind]: MailOf<K> }[MailKind];

export type OutboxMail = {
  id: number;
  /** Hands the mail to SMTP once (later calls return the same answer); "queued" without SMTP_URL. */
  deliver: () => Promise<MailStatus>;
};

// The longest SMTP refusal kept on the row; the full error goes to the log.
const ERROR_MAX = 500;

/**
 * Records `mail` in the outbox (inside `tx` when given) and returns its handle. Without a
 * transaction the row is committed already, so the mail is delivered before returning;
 * inside one the caller calls `deliver()` after its commit.
 */
export async function sendMail(mail: Mail, tx?: Executor): Promise<OutboxMail> {
  const executor = tx ?? (await getDb());
  const stored = mail.template ? await storedTemplate(executor, mail.kind, mail.template.locale) : null;
  const content =
    stored && mail.template
      ? renderTemplate(mail.kind, stored, mail.template.values, mail.template.trailer)
      : { subject: mail.subject, text: mail.text, html: mail.html ?? null };
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: content.subject,
      text: content.text,
      html: content.html,
      orderId: mail.orderId ?? null,
    })
    .returning({ id: mailOutbox.id });
  let delivery: Promise<MailStatus> | null = null;
  const handle: OutboxMail = {
    id: row.id,
    deliver: () => (delivery ??= deliverMail(row.id)),
  };
  if (!tx) await handle.deliver();
  return handle;
}

/**
 * Sends a queued outbox row through `transport` and records the outcome. A refusal is
 * logged and kept on the row (status failed, tried again later by the retry worker,
 * mail-retry.server.ts), never thrown: the enquiry or sign-up that wrote the mail has
 * succeeded, and the mail can be sent again from the outbox.
 */
export async function deliverMail(id: number, transport: MailTransport | null = mailTransport(env.SMTP_URL)): Promise<MailStatus> {
  if (!transport) return "queued";
  const db = await getDb();
  // The claim: only a queued row nobody is sending (no lease) is taken, by one caller.
  const [mail] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: claimLease(new Date()) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "queued"), isNull(mailOutbox.nextAttemptAt)))
    .returning();
  if (!mail) {
    const [row] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw new Error(`Mail ${id} is not in the outbox`);
    return row.status;
  }
  return sendClaimed(mail, transport);
}

/**
 * How long a claimed mail is left to the process that claimed it: longer than the SMTP
 * timeouts (mail-transport.server.ts); after it, a process that died mid-send is taken
 * over by the retry worker.
 */
const CLAIM_LEASE_MS = 10 * 60_000;
export const claimLease = (now: Date) => new Date(now.getTime() + CLAIM_LEASE_MS);

/** Sends a row its caller has claimed (attempts counted, lease set) and records the outcome. */
export async function sendClaimed(mail: typeof mailOutbox.$inferSelect, transport: MailTransport, now = new Date()): Promise<MailStatus> {
  const db = await getDb();
  try {
    await transport.sendMail({
      from: env.MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
    });
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), error: null, nextAttemptAt: null })
      .where(eq(mailOutbox.id, mail.id));
    return "sent";
  } catch (error) {
    console.error(`Sending mail ${mail.id} (${mail.kind}) failed, attempt ${mail.attempts}`, error);
    const message = error instanceof Error ? error.message : String(error);
    const nextAttemptAt = nextMailAttempt(mail.attempts, now);
    await db
      .update(mailOutbox)
      .set({ status: "failed", error: message.slice(0, ERROR_MAX), nextAttemptAt })
      .where(eq(mailOutbox.id, mail.id));
    return "failed";
  }
}
