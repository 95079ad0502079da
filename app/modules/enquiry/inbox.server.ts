import { sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { ENQUIRY_STATUSES, type EnquiryStatus } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { DAY_RANGE, likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { shopDayEnd, shopDayStart } from "~/modules/kernel/shop-days";
import { SITE_ID } from "~/modules/kernel/options";
import { INBOX_KINDS, type InboxKind, type InboxSource } from "./inbox-ref";

/**
 * The backoffice inbox (/admin/enquiries, decision 0041): price enquiries, request-quote
 * carts (both rows of price_enquiries) and form submissions (form_submissions) in one list.
 * The two tables are one UNION ALL in SQL, so ORDER BY, LIMIT and OFFSET page across both
 * sources exactly (two queries merged in JavaScript would have to fetch offset + limit rows
 * of each). Each branch carries its filters; a kind filter leaves the other table out.
 */
export const inboxListQuery = listQuery(
  { sorts: ["createdAt"], sort: "createdAt", dir: "desc" },
  {
    kind: z.enum(INBOX_KINDS).optional(),
    status: z.enum(ENQUIRY_STATUSES).optional(),
    ...DAY_RANGE,
  },
);
export type InboxListQuery = z.output<typeof inboxListQuery>;

export type InboxRow = {
  /** "enquiry-12", "submission-5": the detail page's URL part, naming the source table. */
  ref: string;
  source: InboxSource;
  id: number;
  kind: InboxKind;
  createdAt: string;
  name: string;
  email: string;
  /** The product asked about, the first quote line, or the form's slug. */
  subject: string;
  text: string;
  status: EnquiryStatus;
};

type RawRow = {
  source: InboxSource;
  id: number;
  kind: InboxKind;
  created_at: string | Date;
  name: string | null;
  email: string;
  subject: string | null;
  text: string | null;
  status: EnquiryStatus;
};

function common(query: InboxListQuery, created: SQL): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(sql`status = ${query.status}`);
  if (query.from) where.push(sql`${created} >= ${shopDayStart(query.from).toISOString()}::timestamptz`);
  if (query.to) where.push(sql`${created} < ${shopDayEnd(query.to).toISOString()}::timestamptz`);
  return where;
}

function enquiryBranch(query: InboxListQuery): SQL | null {
  if (query.kind === "form") return null;
  const where = [sql`site_id = ${SITE_ID}`, ...common(query, sql`created_at`)];
  if (query.kind === "price") where.push(sql`lines is null`);
  if (query.kind === "quote") where.push(sql`lines is not null`);
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      sql`(concat_ws(' ', first_name, last_name) ilike ${p} or email ilike ${p} or product_name ilike ${p} or product_sku ilike ${p} or coalesce(lines::text, '') ilike ${p} or content ilike ${p})`,
    );
  }
  return sql`select 'enquiry' as source, id, case when lines is null then 'price' else 'quote' end as kind, created_at,
    trim(concat_ws(' ', first_name, last_name)) as name, email,
    case when lines is null then product_name else coalesce(lines->0->>'name', '') end as subject, content as text, status
    from price_enquiries where ${sql.join(where, sql` and `)}`;
}

// A form's sender: the contact form's first and last name, or a database form's "name".
const submissionName = sql`coalesce(nullif(trim(concat_ws(' ', data->>'firstName', data->>'lastName')), ''), data->>'name', '')`;

function submissionBranch(query: InboxListQuery): SQL | null {
  if (query.kind && query.kind !== "form") return null;
  // A submission waiting for its sender's e-mail confirmation is not the shop's yet (decision 0063).
  const where = [sql`site_id = ${SITE_ID}`, sql`confirm_token_hash is null`, ...common(query, sql`created_at`)];
  if (query.q) {
    const p = likePattern(query.q);
    where.push(sql`(${submissionName} ilike ${p} or email ilike ${p} or form_slug ilike ${p} or data::text ilike ${p})`);
  }
  return sql`select 'submission' as source, id, 'form' as kind, created_at, ${submissionName} as name, email,
    form_slug as subject, coalesce(data->>'subject', data->>'content', data->>'message', '') as text, status
    from form_submissions where ${sql.join(where, sql` and `)}`;
}

function inboxUnion(query: InboxListQuery): SQL | null {
  const branches = [enquiryBranch(query), submissionBranch(query)].filter((b): b is SQL => b !== null);
  return branches.length ? sql.join(branches, sql` union all `) : null;
}

async function rows<T>(query: SQL): Promise<T[]> {
  const db = await getDb();
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function selectRows(query: InboxListQuery, limit: number, offset: number): Promise<InboxRow[]> {
  const union = inboxUnion(query);
  if (!union) return [];
  const dir = query.dir === "asc" ? sql`asc` : sql`desc`;
  // Ties (same instant) in a stable order, so a row never shows on two pages.
  const raw = await rows<RawRow>(
    sql`select * from (${union}) inbox order by created_at ${dir}, source ${dir}, id ${dir} limit ${limit} offset ${offset}`,
  );
  return raw.map((r) => ({
    ref: `${r.source}-${r.id}`,
    source: r.source,
    id: Number(r.id),
    kind: r.kind,
    createdAt: new Date(r.created_at).toISOString(),
    name: r.name ?? "",
    email: r.email,
    subject: r.subject ?? "",
    text: r.text ?? "",
    status: r.status,
  }));
}

/** One page of the filtered inbox and its page info. */
export async function listInbox(query: InboxListQuery) {
  const union = inboxUnion(query);
  const [{ total }] = union ? await rows<{ total: number | string }>(sql`select count(*) as total from (${union}) inbox`) : [{ total: 0 }];
  const page = listPage(Number(total), query);
  return { rows: await selectRows(query, page.limit, page.offset), page };
}

/** Every row of the filtered inbox in the list's order (the CSV), bounded by CSV_MAX_ROWS. */
export function exportInbox(query: InboxListQuery): Promise<InboxRow[]> {
  return selectRows(query, CSV_MAX_ROWS, 0);
}
