import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { type z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { auditLog, orders } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { optionalText } from "~/lib/schema-fields";
import { DAY_RANGE, inDayRange, likePattern, listPage, listQuery } from "./list.server";
import { SITE_ID } from "./options";

/**
 * The whole audit trail in one list (/admin/audit): every change any backoffice user made,
 * newest first, searchable by person, kind of record and day, each row leading to the
 * record's own screen. Detail screens show their own record's trail (audit-trail.tsx); this
 * is where the owner asks "who changed what this week". The list pattern of list.server.ts.
 */
export const auditListQuery = listQuery(
  { sorts: ["createdAt"], sort: "createdAt", dir: "desc" },
  {
    // The kinds and people offered by the screen are those the trail holds (auditFacets).
    entity: optionalText({ max: 40 }).refine((value) => value === undefined || /^[a-zA-Z]+$/.test(value)),
    actor: optionalText({ max: 254 }),
    ...DAY_RANGE,
  },
);
export type AuditListQuery = z.output<typeof auditListQuery>;

export type AuditListRow = {
  id: number;
  createdAt: string;
  actorEmail: string;
  entity: string;
  entityId: number | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The record's screen in the backoffice, when it has one. */
  href: string | null;
};

/** The screen of each kind of record kept by id (orders are reached by their number). */
const SCREEN_BY_ID: Partial<Record<string, string>> = {
  customer: "/admin/customers",
  user: "/admin/users",
  mail: "/admin/mail",
  product: "/admin/products",
  category: "/admin/categories",
  attribute: "/admin/attributes",
  attributeSet: "/admin/attribute-sets",
  coupon: "/admin/coupons",
  deliveryMethod: "/admin/shipping",
  paymentMethod: "/admin/payments",
  media: "/admin/media",
  comment: "/admin/comments",
  event: "/admin/events",
  form: "/admin/forms",
  redirect: "/admin/redirects",
  term: "/admin/terms",
  page: "/admin/pages",
  post: "/admin/posts",
};

function screenOf(entity: string, entityId: number | null, orderSlug: string | null): string | null {
  if (entity === "order") return orderSlug ? `/admin/orders/${orderSlug}` : null;
  const base = SCREEN_BY_ID[entity];
  return base && entityId !== null ? `${base}/${entityId}` : null;
}

function conditions(query: AuditListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(auditLog.siteId, SITE_ID)];
  if (query.q) {
    // A number finds the record of that id (or the order of that number); words find the person or the change.
    const pattern = likePattern(query.q);
    const id = /^\d{1,9}$/.test(query.q.trim()) ? Number(query.q.trim()) : null;
    where.push(
      or(
        ilike(auditLog.actorEmail, pattern),
        ilike(auditLog.action, pattern),
        ilike(orders.slug, pattern),
        id === null ? undefined : eq(auditLog.entityId, id),
      ),
    );
  }
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.actor) where.push(eq(auditLog.actorEmail, query.actor));
  where.push(...inDayRange(auditLog.createdAt, query));
  return and(...where);
}

// The order's number for its link, read beside the row (orders are the only records kept by number).
const orderJoin = and(eq(auditLog.entity, "order"), eq(orders.id, auditLog.entityId));

async function selectRows(query: AuditListQuery, limit: number, offset: number): Promise<AuditListRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorEmail: auditLog.actorEmail,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      orderSlug: orders.slug,
    })
    .from(auditLog)
    .leftJoin(orders, orderJoin)
    .where(conditions(query))
    .orderBy(direction(auditLog.createdAt), direction(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ orderSlug, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    href: screenOf(row.entity, row.entityId, orderSlug),
  }));
}

/** One page of the filtered trail and its page info. */
export async function listAudit(query: AuditListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(auditLog).leftJoin(orders, orderJoin).where(conditions(query));
  const page = listPage(total, query);
  return { rows: await selectRows(query, page.limit, page.offset), page };
}

/** Every row of the filtered trail in the list's order (the CSV), bounded by CSV_MAX_ROWS. */
export function exportAudit(query: AuditListQuery): Promise<AuditListRow[]> {
  return selectRows(query, CSV_MAX_ROWS, 0);
}

/** The kinds of record and the people the trail holds: the screen's filter choices. */
export async function auditFacets(): Promise<{ entities: string[]; actors: string[] }> {
  const db = await getDb();
  const [entities, actors] = await Promise.all([
    db.selectDistinct({ value: auditLog.entity }).from(auditLog).where(eq(auditLog.siteId, SITE_ID)).orderBy(auditLog.entity),
    db
      .selectDistinct({ value: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.siteId, SITE_ID))
      .orderBy(auditLog.actorEmail)
      .limit(500),
  ]);
  return { entities: entities.map((e) => e.value), actors: actors.map((a) => a.value) };
}
