import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { BACKOFFICE_SCOPES } from "~/lib/backoffice-scopes";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * The backoffice users (/admin/users, decision 0043): everyone with isBackofficeUser,
 * with their scope and status: active; invited (no password yet: the invitation's link
 * was not used); deactivated (blocked_at). The last sign-in is the newest session they
 * still have (sessions end at sign-out and expiry, so it is "if known").
 */
export const STAFF_STATUSES = ["active", "invited", "deactivated"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffListQuery = listQuery(
  { sorts: ["email", "createdAt", "lastSignIn"], sort: "email", dir: "asc" },
  {
    status: z.enum(STAFF_STATUSES).optional(),
    scope: z.enum(BACKOFFICE_SCOPES).optional(),
  },
);
export type StaffListQuery = z.output<typeof staffListQuery>;

export type StaffRow = {
  id: number;
  email: string;
  name: string;
  scope: string[];
  status: StaffStatus;
  lastSignIn: string | null;
  createdAt: string;
};

const status = sql<StaffStatus>`case when ${users.blockedAt} is not null then 'deactivated' when ${users.passwordHash} is null then 'invited' else 'active' end`;
// Spelled out: in a select list drizzle leaves columns unqualified, and "id" would be the session's.
const lastSignIn = sql<Date | string | null>`(select max(s.created_at) from sessions s where s.user_id = "users"."id")`;

function conditions(query: StaffListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, true)];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)));
  }
  if (query.status === "deactivated") where.push(isNotNull(users.blockedAt));
  if (query.status === "invited") where.push(and(isNull(users.blockedAt), isNull(users.passwordHash)));
  if (query.status === "active") where.push(and(isNull(users.blockedAt), isNotNull(users.passwordHash)));
  if (query.scope) where.push(sql`${users.scope} @> ${JSON.stringify([query.scope])}::jsonb`);
  return and(...where);
}

const SORT_COLUMNS = { email: users.email, createdAt: users.createdAt, lastSignIn } as const;

async function selectRows(query: StaffListQuery, limit: number, offset: number): Promise<StaffRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      scope: users.scope,
      status,
      lastSignIn,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(conditions(query))
    .orderBy(sql`${direction(SORT_COLUMNS[query.sort])} nulls last`, direction(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    name: `${firstName} ${lastName}`.trim(),
    lastSignIn: row.lastSignIn ? new Date(row.lastSignIn).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listStaff(query: StaffListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(users).where(conditions(query));
  const page = listPage(total, query);
  return { rows: await selectRows(query, page.limit, page.offset), page };
}

export function exportStaff(query: StaffListQuery): Promise<StaffRow[]> {
  return selectRows(query, CSV_MAX_ROWS, 0);
}

/** One backoffice user for their page; null when the id is no backoffice user of the site. */
export async function staffDetail(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      scope: users.scope,
      status,
      version: users.version,
      lastSignIn,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, true)));
  if (!row) return null;
  return { ...row, lastSignIn: row.lastSignIn ? new Date(row.lastSignIn).toISOString() : null, createdAt: row.createdAt.toISOString() };
}
