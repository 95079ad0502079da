import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { MAIL_STATUSES, mailOutbox, type MailStatus } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { DAY_RANGE, inDayRange, likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { MAIL_KINDS } from "~/modules/templates/mail-kinds";

/**
 * The backoffice outbox (/admin/mail, decision 0042): every mail the shop wrote, with
 * its delivery state; search by recipient and subject; filters by status, kind and the
 * day range it was written in (shop time). The list pattern of app/modules/kernel/list.server.ts.
 */
export const mailListQuery = listQuery(
  { sorts: ["createdAt", "to", "attempts"], sort: "createdAt", dir: "desc" },
  {
    status: z.enum(MAIL_STATUSES).optional(),
    kind: z.enum(MAIL_KINDS).optional(),
    ...DAY_RANGE,
  },
);
export type MailListQuery = z.output<typeof mailListQuery>;

export type MailListRow = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

function conditions(query: MailListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(or(ilike(mailOutbox.to, pattern), ilike(mailOutbox.subject, pattern)));
  }
  if (query.status) where.push(eq(mailOutbox.status, query.status));
  if (query.kind) where.push(eq(mailOutbox.kind, query.kind));
  where.push(...inDayRange(mailOutbox.createdAt, query));
  return and(...where);
}

const SORT_COLUMNS = { createdAt: mailOutbox.createdAt, to: mailOutbox.to, attempts: mailOutbox.attempts } as const;

async function selectRows(query: MailListQuery, limit: number, offset: number): Promise<MailListRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(conditions(query))
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(mailOutbox.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null }));
}

/** One page of the filtered outbox and its page info. */
export async function listMails(query: MailListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox).where(conditions(query));
  const page = listPage(total, query);
  return { rows: await selectRows(query, page.limit, page.offset), page };
}

/** Every row of the filtered outbox in the list's order (the CSV), bounded by CSV_MAX_ROWS. */
export function exportMails(query: MailListQuery): Promise<MailListRow[]> {
  return selectRows(query, CSV_MAX_ROWS, 0);
}

/** One mail with its text and HTML (the detail screen); null when there is none. */
export async function mailDetail(id: number) {
  const db = await getDb();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!mail) return null;
  return {
    ...mail,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    nextAttemptAt: mail.nextAttemptAt?.toISOString() ?? null,
  };
}
