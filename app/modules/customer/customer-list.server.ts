import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { alias } from "drizzle-orm/pg-core";
import { customerGroups, orders, users } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { DAY_RANGE, inDayRange, likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { optionalText } from "~/lib/schema-fields";
import { SITE_ID } from "~/modules/kernel/options";
import { isSale, revenueCents } from "~/modules/order/revenue.server";
import { CUSTOMER_KINDS, YES_NO } from "./customer-filters";

/**
 * The backoffice customer list (decision 0040), the order list's pattern: customers are
 * the users who are not backoffice users, registered or guests. Search by name, e-mail,
 * company or phone (the address book's), filters by kind, verified e-mail, blocked, customer
 * group (a group's id, or "none"; decision 0107) and the day range they were created in (shop time); sorted by created, name, e-mail, orders or
 * total spent; one page, or every matching row for the CSV.
 * Orders and total spent are the customer's sales and their revenue, by the dashboard's
 * definition (order/revenue.server.ts, decision 0100): drafts and cancelled orders are not
 * sales, and what counts is the money received less the money refunded.
 */
export const customerListQuery = listQuery(
  { sorts: ["createdAt", "name", "email", "orders", "spent"], sort: "createdAt", dir: "desc" },
  {
    kind: z.enum(CUSTOMER_KINDS).optional(),
    verified: z.enum(YES_NO).optional(),
    blocked: z.enum(YES_NO).optional(),
    group: optionalText({ max: 10 }).refine((value) => value === undefined || /^(none|[1-9]\d{0,8})$/.test(value), "admin.list.badQuery"),
    ...DAY_RANGE,
  },
);
export type CustomerListQuery = z.output<typeof customerListQuery>;

export type CustomerListRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  createdAt: string;
  verified: boolean;
  guest: boolean;
  blocked: boolean;
  /** The customer group's name per language, or null (decision 0107). */
  group: Record<string, string> | null;
  ordersCount: number;
  spentCents: number;
};

// Correlated subqueries over an alias of orders: drizzle leaves the outer table's columns
// unqualified in a one-table select, and "user_id" = "id" would then compare a row with itself.
// Orders and spent are the customer's sales and their revenue (order/revenue.server.ts).
const o = alias(orders, "o");
const fromO = sql.raw(`"orders" "o"`);
const theirSales = sql`${o.userId} = ${sql.raw(`"users"."id"`)} and ${isSale(o)}`;
const ordersCount = sql<number>`(select count(*) from ${fromO} where ${theirSales})`.mapWith(Number);
const spentCents = sql<number>`(select coalesce(sum(${revenueCents(o)}), 0) from ${fromO} where ${theirSales})`.mapWith(Number);
// The address book's first company and phone: what the list shows beside the name.
const firstOf = (column: "company_name" | "contact_phone") =>
  sql<string>`coalesce((select ${sql.raw(`a.${column}`)} from addresses a where a.user_id = "users"."id" and ${sql.raw(`a.${column}`)} <> '' order by a.id limit 1), '')`;
const fullName = sql<string>`trim(concat(${users.firstName}, ' ', ${users.lastName}))`;

function searchCondition(term: string): SQL {
  const pattern = likePattern(term);
  const inAddressBook = [
    sql`a.company_name ilike ${pattern}`,
    sql`a.contact_phone ilike ${pattern}`,
    sql`concat(a.first_name, ' ', a.last_name) ilike ${pattern}`,
  ];
  // A phone typed with other spaces or dashes than it was saved with still finds it.
  const digits = term.replace(/\D/g, "");
  if (digits.length >= 3 && /^[\d\s()+\-/.]+$/.test(term))
    inAddressBook.push(sql`regexp_replace(a.contact_phone, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  return or(
    ilike(users.email, pattern),
    ilike(fullName, pattern),
    sql`exists (select 1 from addresses a where a.user_id = "users"."id" and (${sql.join(inAddressBook, sql` or `)}))`,
  )!;
}

function conditions(query: CustomerListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, false)];
  if (query.q) where.push(searchCondition(query.q));
  if (query.kind) where.push(eq(users.isGuest, query.kind === "guest"));
  if (query.verified) where.push(query.verified === "yes" ? isNotNull(users.emailVerifiedAt) : isNull(users.emailVerifiedAt));
  if (query.blocked) where.push(query.blocked === "yes" ? isNotNull(users.blockedAt) : isNull(users.blockedAt));
  if (query.group) where.push(query.group === "none" ? isNull(users.customerGroupId) : eq(users.customerGroupId, Number(query.group)));
  where.push(...inDayRange(users.createdAt, query));
  return and(...where);
}

const SORT_COLUMNS = {
  createdAt: [users.createdAt],
  name: [users.lastName, users.firstName],
  email: [users.email],
  orders: [ordersCount],
  spent: [spentCents],
} as const;

async function selectRows(query: CustomerListQuery, limit: number, offset: number): Promise<CustomerListRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: firstOf("company_name"),
      phone: firstOf("contact_phone"),
      createdAt: users.createdAt,
      verifiedAt: users.emailVerifiedAt,
      guest: users.isGuest,
      blockedAt: users.blockedAt,
      group: customerGroups.name,
      ordersCount,
      spentCents,
    })
    .from(users)
    .leftJoin(customerGroups, eq(customerGroups.id, users.customerGroupId))
    .where(conditions(query))
    .orderBy(...SORT_COLUMNS[query.sort].map((column) => direction(column)), direction(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ verifiedAt, blockedAt, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    verified: verifiedAt !== null,
    blocked: blockedAt !== null,
  }));
}

/** One page of the filtered list and its page info. */
export async function listCustomers(query: CustomerListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(users).where(conditions(query));
  const page = listPage(total, query);
  return { rows: await selectRows(query, page.limit, page.offset), page };
}

/** Every row of the filtered list in the list's order (the CSV export), bounded by CSV_MAX_ROWS. */
export function exportCustomers(query: CustomerListQuery): Promise<CustomerListRow[]> {
  return selectRows(query, CSV_MAX_ROWS, 0);
}
