import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { mailOutbox, type MailStatus } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/admin/audit.server";
import type { Staff } from "~/modules/admin/staff.server";
import { deliverMail } from "./mail.server";

/**
 * "Send again" of the backoffice outbox (docs/decisions/0042):
 * - a failed or queued mail is the same row delivered again (its attempts go on counting);
 * - a sent mail is sent again as a copy, a new row, so the outbox keeps what was sent when;
 * - a mail some process is sending right now (queued with a lease) is left to it.
 * Audited in the transaction that prepares the delivery; delivered after the commit.
 */
export type ResendResult = { status: MailStatus; mailId: number };

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
  return { status: await deliverMail(mailId), mailId };
}

/** The list's bulk "send again": the ticked mails that failed; how many went out and how many failed again. */
export async function resendFailedMails(staff: Staff, ids: number[]): Promise<{ sent: number; failed: number; queued: number }> {
  const db = await getDb();
  const failed =
    ids.length === 0
      ? []
      : await db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "failed")));
  const counts = { sent: 0, failed: 0, queued: 0 };
  for (const { id } of failed) {
    try {
      counts[(await resendMail(staff, id)).status] += 1;
    } catch (error) {
      // Taken by the retry worker in between: it sends it.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return counts;
}
