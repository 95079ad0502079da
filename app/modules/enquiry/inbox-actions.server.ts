import { DEFAULT_LOCALE } from "~/lib/locales";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { enquiryReplies, formSubmissions, priceEnquiries, type EnquiryStatus } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { shopRecipient } from "~/modules/forms/submission.server";
import { sendMail, wakeMailRelay } from "~/modules/mail/mail.server";
import { SITE_ID } from "~/modules/kernel/options";
import { parseInboxRef, type InboxRef } from "./inbox-ref";

/**
 * The inbox's changes (decisions 0041 and 0076), each with its audit row in its transaction:
 * - a status change: a price enquiry (or quote) carries `version` (checkVersion, 409 when
 *   someone else saved meanwhile). form_submissions has no version column and its status is
 *   the only thing the backoffice changes on it, so its form posts the status it showed and
 *   the update is conditional on it (`where status = shown`): a change made meanwhile makes
 *   the update miss, which is the same refusal (docs/decisions/0041);
 * - the bulk action of the list (close or mark answered the ticked rows);
 * - a reply by mail to the sender, kept in enquiry_replies with its mail; the entry becomes answered.
 */
const notFound = () => new DomainError("enquiryNotFound", { message: "Enquiry not found", key: "adminEnquiries.notFound", status: 404 });
const stale = () =>
  new DomainError("staleEdit", { message: "The record was changed by someone else", key: "admin.staleEdit", status: 409 });

export async function changeStatus(
  staff: Staff,
  ref: InboxRef,
  status: EnquiryStatus,
  seen: { version?: number; shown?: EnquiryStatus },
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (ref.source === "enquiry") {
      const [row] = await tx
        .select()
        .from(priceEnquiries)
        .where(and(eq(priceEnquiries.siteId, SITE_ID), eq(priceEnquiries.id, ref.id)))
        .for("update");
      if (!row) throw notFound();
      if (seen.version === undefined) throw stale();
      checkVersion(row.version, seen.version);
      await tx
        .update(priceEnquiries)
        .set({ status, version: row.version + 1 })
        .where(eq(priceEnquiries.id, row.id));
      await recordAudit(tx, staff, {
        entity: "enquiry",
        entityId: row.id,
        action: "status",
        before: { status: row.status },
        after: { status },
      });
      return;
    }
    const [row] = await tx
      .select({ status: formSubmissions.status })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.siteId, SITE_ID), eq(formSubmissions.id, ref.id)));
    if (!row) throw notFound();
    if (!seen.shown) throw stale();
    const changed = await tx
      .update(formSubmissions)
      .set({ status })
      .where(and(eq(formSubmissions.id, ref.id), eq(formSubmissions.status, seen.shown)))
      .returning({ id: formSubmissions.id });
    if (changed.length === 0) throw stale();
    await recordAudit(tx, staff, {
      entity: "submission",
      entityId: ref.id,
      action: "status",
      before: { status: seen.shown },
      after: { status },
    });
  });
}

/** The list's bulk action: the ticked rows not yet in `status` get it, one audit row each. Returns how many changed. */
export async function bulkStatus(staff: Staff, refs: readonly string[], status: "answered" | "closed"): Promise<number> {
  const parsed = refs.map(parseInboxRef).filter((r): r is InboxRef => r !== null);
  const ids = (source: InboxRef["source"]) => [...new Set(parsed.filter((r) => r.source === source).map((r) => r.id))];
  const enquiryIds = ids("enquiry");
  const submissionIds = ids("submission");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const enquiries = enquiryIds.length
      ? await tx
          .update(priceEnquiries)
          .set({ status, version: sql`${priceEnquiries.version} + 1` })
          .where(and(eq(priceEnquiries.siteId, SITE_ID), inArray(priceEnquiries.id, enquiryIds), ne(priceEnquiries.status, status)))
          .returning({ id: priceEnquiries.id })
      : [];
    const submissions = submissionIds.length
      ? await tx
          .update(formSubmissions)
          .set({ status })
          .where(and(eq(formSubmissions.siteId, SITE_ID), inArray(formSubmissions.id, submissionIds), ne(formSubmissions.status, status)))
          .returning({ id: formSubmissions.id })
      : [];
    for (const { id } of enquiries)
      await recordAudit(tx, staff, { entity: "enquiry", entityId: id, action: "bulkStatus", after: { status } });
    for (const { id } of submissions)
      await recordAudit(tx, staff, { entity: "submission", entityId: id, action: "bulkStatus", after: { status } });
    return enquiries.length + submissions.length;
  });
}

/**
 * A reply by mail to the sender: the text the shop wrote, as written (no template and no
 * translation: the staff member writes in the sender's language), reply-to the shop's
 * SendEmailTo so the answer to it lands in the shop's inbox. Kept in enquiry_replies with
 * its mail; the entry becomes answered.
 */
export async function sendReply(staff: Staff, ref: InboxRef, reply: { subject: string; text: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { email, before } = await lockForReply(tx, ref);
    if (!email)
      throw new DomainError("noSenderEmail", { message: "The sender left no e-mail address", key: "adminEnquiries.reply.noEmail" });
    // A template may wrap the written text (a signature, the shop's header); in the shop's language.
    const template = { locale: DEFAULT_LOCALE, values: { subject: reply.subject, message: reply.text } };
    const out = await sendMail(
      { kind: "enquiryReply", to: email, replyTo: await shopRecipient(tx), subject: reply.subject, text: reply.text, template },
      tx,
    );
    const [row] = await tx
      .insert(enquiryReplies)
      .values({
        source: ref.source,
        sourceId: ref.id,
        authorId: staff.id,
        authorEmail: staff.email,
        subject: reply.subject,
        text: reply.text,
        mailId: out.id,
      })
      .returning({ id: enquiryReplies.id });
    await recordAudit(tx, staff, {
      entity: ref.source,
      entityId: ref.id,
      action: "reply",
      before: { status: before },
      after: { status: "answered", replyId: row.id, mailId: out.id, subject: reply.subject },
    });
  });
  wakeMailRelay();
}

async function lockForReply(tx: Executor, ref: InboxRef): Promise<{ email: string; before: EnquiryStatus }> {
  if (ref.source === "enquiry") {
    const [row] = await tx
      .select()
      .from(priceEnquiries)
      .where(and(eq(priceEnquiries.siteId, SITE_ID), eq(priceEnquiries.id, ref.id)))
      .for("update");
    if (!row) throw notFound();
    // The version moves on: a status form open elsewhere must not set the entry back.
    await tx
      .update(priceEnquiries)
      .set({ status: "answered", version: row.version + 1 })
      .where(eq(priceEnquiries.id, row.id));
    return { email: row.email, before: row.status };
  }
  const [row] = await tx
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.siteId, SITE_ID), eq(formSubmissions.id, ref.id)))
    .for("update");
  if (!row) throw notFound();
  await tx.update(formSubmissions).set({ status: "answered" }).where(eq(formSubmissions.id, row.id));
  return { email: row.email, before: row.status };
}
