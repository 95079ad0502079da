import { and, asc, count, desc, eq, gt, gte, ilike, isNotNull, lt, not, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { coupons } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { SITE_ID } from "~/modules/kernel/options";
import { COUPON_STATES, COUPON_TYPES, couponState, type CouponState } from "./coupon-state";

/**
 * The backoffice coupon list (decision 0049), on the list pattern of the orders
 * (app/modules/kernel/list.server.ts): search by code (or the owner's note), filters by
 * state (active, not yet valid, expired, used up, switched off) and kind; sorted by code,
 * creation, use or end of validity; one page, or every row for the CSV.
 */
export const couponListQuery = listQuery(
  { sorts: ["createdAt", "code", "usedCount", "validTo"], sort: "createdAt", dir: "desc" },
  { state: z.enum(COUPON_STATES).optional(), type: z.enum(COUPON_TYPES).optional() },
);
export type CouponListQuery = z.output<typeof couponListQuery>;

export type CouponListRow = {
  id: number;
  code: string;
  type: (typeof COUPON_TYPES)[number];
  value: number;
  minCartCents: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
  products: number;
  validFrom: string | null;
  validTo: string | null;
  state: CouponState;
  note: string;
  createdAt: string;
};

const usedUp = and(isNotNull(coupons.usageLimit), gte(coupons.usedCount, sql`${coupons.usageLimit}`))!;

function stateCondition(state: CouponState, now: Date): SQL {
  const on = eq(coupons.active, true);
  const expired = and(isNotNull(coupons.validTo), lt(coupons.validTo, now))!;
  const scheduled = and(isNotNull(coupons.validFrom), gt(coupons.validFrom, now))!;
  switch (state) {
    case "inactive":
      return eq(coupons.active, false);
    case "usedUp":
      return and(on, usedUp)!;
    case "expired":
      return and(on, not(usedUp), expired)!;
    case "scheduled":
      return and(on, not(usedUp), not(expired), scheduled)!;
    case "active":
      return and(on, not(usedUp), not(expired), not(scheduled))!;
  }
}

function conditions(query: CouponListQuery, now: Date): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(coupons.siteId, SITE_ID)];
  if (query.q) where.push(or(ilike(coupons.code, likePattern(query.q)), ilike(coupons.note, likePattern(query.q))));
  if (query.state) where.push(stateCondition(query.state, now));
  if (query.type) where.push(eq(coupons.type, query.type));
  return and(...where);
}

const SORT_COLUMNS = { createdAt: coupons.createdAt, code: coupons.code, usedCount: coupons.usedCount, validTo: coupons.validTo } as const;

async function selectRows(query: CouponListQuery, limit: number, offset: number): Promise<CouponListRow[]> {
  const db = await getDb();
  const now = new Date();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select()
    .from(coupons)
    .where(conditions(query, now))
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(coupons.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    minCartCents: row.minCartCents,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    products: row.productIds.length,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    state: couponState(row, now),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listCoupons(query: CouponListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(coupons).where(conditions(query, new Date()));
  const page = listPage(total, query);
  return { rows: await selectRows(query, page.limit, page.offset), page };
}

export function exportCoupons(query: CouponListQuery): Promise<CouponListRow[]> {
  return selectRows(query, CSV_MAX_ROWS, 0);
}
