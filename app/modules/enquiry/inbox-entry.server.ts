import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import {
  consentLogs,
  consents,
  enquiryReplies,
  formSubmissions,
  mailOutbox,
  orders,
  priceEnquiries,
  type EnquiryLine,
  type EnquiryStatus,
} from "~/.server/db/schema";
import { localized } from "~/lib/links";
import { href } from "~/lib/routes-table";
import { auditTrail } from "~/modules/kernel/audit.server";
import { loadTranslations, pickTranslation } from "~/modules/catalog/product-queries.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { InboxKind, InboxRef } from "./inbox-ref";

/**
 * One inbox entry as its detail page shows it (decision 0041): everything the sender sent
 * (the fields, the product with a link, the quote's lines, a form's data), the consent log of
 * the submission, the shop's notification mail, the replies sent and the audit trail.
 */
export type InboxEntry = {
  ref: InboxRef;
  kind: InboxKind;
  status: EnquiryStatus;
  /** price_enquiries.version; null for a form submission (it has no version column). */
  version: number | null;
  createdAt: string;
  name: string;
  email: string;
  locale: string;
  userType: string;
  /** The sent fields in order: a price enquiry's contact fields, or a form's data. */
  fields: { name: string; value: string }[];
  product: { id: number | null; name: string; sku: string; path: string | null } | null;
  lines: EnquiryLine[] | null;
  formSlug: string | null;
  /** Files sent through a form's file fields (private media), downloaded by staff through the entry. */
  files: { field: string; driveId: string; name: string; size: number }[];
  order: { id: number; slug: string; status: string; paymentStatus: string; totalCents: number } | null;
  consentLog: { id: number; at: string; sourceType: string; userType: string; consents: string[] } | null;
  shopMail: { id: number; to: string; subject: string; text: string; status: string; createdAt: string } | null;
  replies: { id: number; authorEmail: string; subject: string; text: string; mailStatus: string | null; createdAt: string }[];
};

export async function loadInboxEntry(ref: InboxRef) {
  const base = ref.source === "enquiry" ? await enquiryEntry(ref) : await submissionEntry(ref);
  if (!base) return null;
  const [consentLog, shopMail, replies, audit] = await Promise.all([
    consentLogOf(base.consentLogId),
    mailOf(base.mailId),
    repliesOf(ref),
    auditTrail(ref.source, ref.id),
  ]);
  const { consentLogId: _c, mailId: _m, ...entry } = base;
  return { entry: { ...entry, consentLog, shopMail, replies } satisfies InboxEntry, audit };
}

type Base = Omit<InboxEntry, "consentLog" | "shopMail" | "replies"> & { consentLogId: number | null; mailId: number | null };

async function enquiryEntry(ref: InboxRef): Promise<Base | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(priceEnquiries)
    .where(and(eq(priceEnquiries.siteId, SITE_ID), eq(priceEnquiries.id, ref.id)));
  if (!row) return null;
  const [order] = row.orderId
    ? await db
        .select({
          id: orders.id,
          slug: orders.slug,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          totalCents: orders.orderTotalCents,
        })
        .from(orders)
        .where(eq(orders.id, row.orderId))
    : [];
  const quote = row.lines !== null;
  return {
    ref,
    kind: quote ? "quote" : "price",
    status: row.status,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    locale: row.locale,
    userType: row.userType,
    fields: [
      { name: "firstName", value: row.firstName },
      { name: "lastName", value: row.lastName },
      { name: "from", value: row.email },
      { name: "contactNumber", value: row.contactNumber },
      { name: "content", value: row.content },
    ],
    product: quote ? null : { id: row.productId, name: row.productName, sku: row.productSku, path: await productPath(row.productId) },
    lines: row.lines,
    formSlug: null,
    files: [],
    order: order ?? null,
    consentLogId: row.consentLogId,
    mailId: row.mailId,
  };
}

async function submissionEntry(ref: InboxRef): Promise<Base | null> {
  const db = await getDb();
  // Waiting for its sender's e-mail confirmation: not in the inbox yet (decision 0063).
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.siteId, SITE_ID), eq(formSubmissions.id, ref.id), isNull(formSubmissions.confirmTokenHash)));
  if (!row) return null;
  const data = row.data;
  const name =
    [data.firstName, data.lastName].filter((v) => typeof v === "string" && v).join(" ") || (typeof data.name === "string" ? data.name : "");
  return {
    ref,
    kind: "form",
    status: row.status,
    version: null,
    createdAt: row.createdAt.toISOString(),
    name,
    email: row.email,
    locale: row.locale,
    userType: row.userType,
    fields: Object.entries(data).map(([key, value]) => ({ name: key, value: String(value) })),
    product: null,
    lines: null,
    formSlug: row.formSlug,
    files: row.files.map((f) => ({ field: f.field, driveId: f.driveId, name: f.name, size: f.size })),
    order: null,
    consentLogId: row.consentLogId,
    mailId: row.mailId,
  };
}

/** The product's page in the shop (Croatian), null when the product is gone. */
async function productPath(productId: number | null): Promise<string | null> {
  if (productId === null) return null;
  const slug = pickTranslation(await loadTranslations([productId], "hr"), productId, "hr")?.slug;
  return slug ? href("product", "hr", { slug }) : null;
}

async function consentLogOf(id: number | null): Promise<InboxEntry["consentLog"]> {
  if (id === null) return null;
  const db = await getDb();
  const [log] = await db.select().from(consentLogs).where(eq(consentLogs.id, id));
  if (!log) return null;
  const named = log.consents.length
    ? await db.select({ id: consents.id, name: consents.displayName }).from(consents).where(inArray(consents.id, log.consents))
    : [];
  return {
    id: log.id,
    at: log.statusTimestamp.toISOString(),
    sourceType: log.sourceType,
    userType: log.userType,
    consents: log.consents.map((cid) => {
      const found = named.find((c) => c.id === cid);
      return found ? localized(found.name, "hr") : `#${cid}`;
    }),
  };
}

async function mailOf(id: number | null): Promise<InboxEntry["shopMail"]> {
  if (id === null) return null;
  const db = await getDb();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return mail
    ? { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, status: mail.status, createdAt: mail.createdAt.toISOString() }
    : null;
}

async function repliesOf(ref: InboxRef): Promise<InboxEntry["replies"]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: enquiryReplies.id,
      authorEmail: enquiryReplies.authorEmail,
      subject: enquiryReplies.subject,
      text: enquiryReplies.text,
      mailStatus: mailOutbox.status,
      createdAt: enquiryReplies.createdAt,
    })
    .from(enquiryReplies)
    .leftJoin(mailOutbox, eq(mailOutbox.id, enquiryReplies.mailId))
    .where(and(eq(enquiryReplies.source, ref.source), eq(enquiryReplies.sourceId, ref.id)))
    .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
