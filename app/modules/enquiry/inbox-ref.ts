/**
 * What names an inbox entry (decision 0041): its source table and id, "enquiry-12"
 * (price_enquiries: a price enquiry or a request-quote cart) or "submission-5"
 * (form_submissions). Shared by the list, the detail page and the bulk form.
 */
export const INBOX_KINDS = ["price", "quote", "form"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** The statuses of an entry (price_enquiries.status, form_submissions.status), for the screens. */
export const INBOX_STATUSES = ["new", "answered", "closed"] as const;

export const INBOX_SOURCES = ["enquiry", "submission"] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];

export type InboxRef = { source: InboxSource; id: number };

const REF = /^(enquiry|submission)-([1-9]\d{0,9})$/;

/** The entry a ref names, or null for anything else (a 404, never a 500). */
export function parseInboxRef(ref: string | undefined): InboxRef | null {
  const match = REF.exec(ref ?? "");
  if (!match) return null;
  const id = Number(match[2]);
  return id <= 2_147_483_647 ? { source: match[1] as InboxSource, id } : null;
}

export const inboxRef = (ref: InboxRef) => `${ref.source}-${ref.id}`;
