import { getDb, type Executor } from "~/.server/db/client.server";
import { mailOutbox } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { storedTemplate } from "~/modules/templates/mail-template-store.server";
import { renderTemplate } from "~/modules/templates/template-render.server";
import type { TemplateValues } from "~/modules/templates/template-variables";
import type { MailKind } from "~/modules/templates/mail-kinds";
import { wakeMailRelay } from "./mail-relay.server";

/**
 * The shop's e-mail (DESIGN.md: nodemailer with SMTP_URL, else an outbox; the transactional
 * outbox of docs/decisions/0089). Every mail is a row of mail_outbox, written in the
 * caller's transaction when it has one, so a mail exists exactly when the change it tells
 * about does. No request talks to SMTP: after the commit the caller wakes this process's
 * relay (mail-relay.server.ts), which sends the row within a moment and marks it sent or
 * failed; the relay also polls, so a row is sent even when the process that wrote it died
 * right after its commit. Without SMTP_URL there is no relay and the row stays queued for
 * the backoffice and the tests to read.
 *
 *   await db.transaction(async (tx) => {
 *     ...the form's own writes...
 *     await sendMail({ kind: "priceEnquiry", to, subject, text }, tx);
 *   });
 *   wakeMailRelay(); // after the commit; returns at once
 */

export type { MailKind } from "~/modules/templates/mail-kinds";

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

/** A mail's outbox row. */
export type OutboxMail = { id: number };

export { wakeMailRelay };

/**
 * Records `mail` in the outbox (inside `tx` when given) and returns its row. Without a
 * transaction the row is committed already and the relay is woken here; inside one the
 * caller calls `wakeMailRelay()` after its commit.
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
  if (!tx) wakeMailRelay();
  return { id: row.id };
}
