import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { mailOutbox } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { wakeMailRelay } from "./mail-relay.server";

/**
 * "Send again" of the backoffice outbox (docs/decisions/0042):
 * - a failed or queued mail is the same row queued again (its attempts go on counting);
 * - a sent mail is sent again as a copy, a new row, so the outbox keeps what was sent when;
 * - a mail some process is sending right now (queued with a lease) is left to it.
 * Audited in the transaction that queues it; after the commit the relay is woken and sends
 * it within a moment (decision 0089: no request waits on SMTP). `relayed`: the relay has
 * it; `queued`: no SMTP_URL, it stays queued.
 */
export type ResendResult = { status: "relayed" | "queued"; mailId: number };

/** Whether this shop sends mail at all: without SMTP_URL every mail waits in the outbox (decision 0089). */
export const mailSendingConfigured = (): boolean => Boolean(env.SMTP_URL);

/**
 * The message telling staff that a mail went out (`sentKey`), or, without SMTP, its
 * `…Waiting` twin saying the mail waits in the outbox: "sent" would not be true then
 * (decision 0101). Each such key has its twin in every language.
 */
export function mailMessageKey(sentKey: string): string {
  return mailSendingConfigured() ? sentKey : `${sentKey}Waiting`;
}

function handOver(): ResendResult["status"] {
  if (!mailSendingConfigured()) return "queued";
  wakeMailRelay();
  return "relayed";
}

const notFound = () => new DomainError("mailNotFound", { message: "No such mail", key: "adminMail.notFound", status: 404 });
const beingSent = () => new DomainError("mailBeingSent", { message: "The mail is being sent", key: "adminMail.beingSent", status: 409 });

export async function resendMail(staff: Staff, id: number, now = new Date()): Promise<ResendResult> {
  const db = await getDb();
  const mailId = await db.transaction(async (tx) => {
    const [mail] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
    if (!mail) throw notFound();
    if (mail.status === "sent") {
      const [copy] = await tx
        .insert(mailOutbox)
        .values({
          kind: mail.kind,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          orderId: mail.orderId,
        })
        .returning({ id: mailOutbox.id });
      await recordAudit(tx, staff, { entity: "mail", entityId: mail.id, action: "resendCopy", after: { copyId: copy.id, to: mail.to } });
      return copy.id;
    }
    if (mail.status === "queued" && mail.nextAttemptAt && mail.nextAttemptAt > now) throw beingSent();
    await tx.update(mailOutbox).set({ status: "queued", nextAttemptAt: null }).where(eq(mailOutbox.id, mail.id));
    await recordAudit(tx, staff, {
      entity: "mail",
      entityId: mail.id,
      action: "resend",
      before: { status: mail.status, attempts: mail.attempts, error: mail.error },
      after: { status: "queued" },
    });
    return mail.id;
  });
  return { status: handOver(), mailId };
}

/** The list's bulk "send again": the ticked mails that failed; how many were handed to the relay or stay queued (no SMTP). */
export async function resendFailedMails(staff: Staff, ids: number[]): Promise<{ relayed: number; queued: number }> {
  const db = await getDb();
  const failed =
    ids.length === 0
      ? []
      : await db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "failed")));
  const counts = { relayed: 0, queued: 0 };
  for (const { id } of failed) {
    try {
      counts[(await resendMail(staff, id)).status] += 1;
    } catch (error) {
      // Taken by the relay in between: it sends it.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return counts;
}
