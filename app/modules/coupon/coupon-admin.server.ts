import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { coupons, orders } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { shopDay, shopDayEnd, shopDayStart } from "~/modules/kernel/shop-days";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { CouponInput } from "./coupon.schema";
import { productsOf, resolveProducts } from "./coupon-products.server";

/**
 * The coupon editor's service (decision 0049; the edit pattern of decision 0038): each
 * change locks the row, checks the version the form showed, writes version + 1 and its
 * audit row in one transaction, then tells the caches (coupons are read fresh: nothing).
 * A coupon an order used keeps its code and cannot be deleted (switch it off instead).
 */
type CouponRow = typeof coupons.$inferSelect;

export const couponNotFound = () =>
  new DomainError("couponNotFound", { message: "Coupon not found", key: "adminCoupons.errors.notFound", status: 404 });
const usedError = (key: string) => new DomainError("couponUsed", { message: "Coupon used by orders", key, status: 409 });

/** What the form and the trail show of a coupon (dates as the shop's days). */
function auditView(row: CouponRow) {
  return {
    code: row.code,
    type: row.type,
    value: row.value,
    minCartCents: row.minCartCents,
    productIds: row.productIds,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    validFrom: row.validFrom ? shopDay(row.validFrom) : null,
    validTo: row.validTo ? shopDay(row.validTo) : null,
    active: row.active,
    note: row.note,
  };
}

async function columnsOf(tx: Executor, input: CouponInput) {
  return {
    code: input.code,
    type: input.type,
    value: input.type === "percent" ? input.percent! : input.amount!,
    minCartCents: input.minCart ?? 0,
    productIds: await resolveProducts(tx, input.products),
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    // Valid from the first day's start to the last day's end, shop time (Europe/Zagreb).
    validFrom: input.validFrom ? shopDayStart(input.validFrom) : null,
    validTo: input.validTo ? new Date(shopDayEnd(input.validTo).getTime() - 1) : null,
    active: input.active,
    note: input.note,
  };
}

async function refuseTakenCode(tx: Executor, code: string, except: number | null) {
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.siteId, SITE_ID), eq(coupons.code, code), except ? ne(coupons.id, except) : undefined));
  if (taken)
    throw new DomainError("couponCodeTaken", {
      message: "Coupon code taken",
      key: "adminCoupons.errors.codeTaken",
      field: "code",
      status: 409,
    });
}

async function ordersWith(tx: Executor, code: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.couponCode, code)));
  return n;
}

async function lockCoupon(tx: Executor, id: number): Promise<CouponRow> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.siteId, SITE_ID)))
    .for("update");
  if (!row) throw couponNotFound();
  return row;
}

export async function createCoupon(staff: Staff, input: CouponInput): Promise<number> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    await refuseTakenCode(tx, input.code, null);
    const [row] = await tx
      .insert(coupons)
      .values({ siteId: SITE_ID, ...(await columnsOf(tx, input)) })
      .returning();
    await recordAudit(tx, staff, { entity: "coupon", entityId: row.id, action: "create", after: auditView(row) });
    return row.id;
  });
  await dataChanged("coupon");
  return id;
}

export async function updateCoupon(staff: Staff, id: number, input: CouponInput & { version?: number }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockCoupon(tx, id);
    checkVersion(before.version, input.version ?? -1);
    if (input.code !== before.code) {
      // Orders name the coupon by its code: a used one keeps it, or its usage would be lost.
      if (before.usedCount > 0 || (await ordersWith(tx, before.code)) > 0) throw usedError("adminCoupons.errors.codeLocked");
      await refuseTakenCode(tx, input.code, id);
    }
    const [after] = await tx
      .update(coupons)
      .set({ ...(await columnsOf(tx, input)), version: before.version + 1 })
      .where(eq(coupons.id, id))
      .returning();
    await recordAudit(tx, staff, {
      entity: "coupon",
      entityId: id,
      action: "update",
      ...changedFields(auditView(before), auditView(after)),
    });
  });
  await dataChanged("coupon");
}

export async function deleteCoupon(staff: Staff, id: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockCoupon(tx, id);
    checkVersion(before.version, version);
    if (before.usedCount > 0 || (await ordersWith(tx, before.code)) > 0) throw usedError("adminCoupons.errors.usedNoDelete");
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, staff, { entity: "coupon", entityId: id, action: "delete", before: auditView(before) });
  });
  await dataChanged("coupon");
}

/** The list's bulk switch: each ticked coupon not already so, with its version and trail row; how many changed. */
export async function setCouponsActive(staff: Staff, ids: number[], active: boolean): Promise<{ changed: number; skipped: number }> {
  if (ids.length === 0) return { changed: 0, skipped: 0 };
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.siteId, SITE_ID), inArray(coupons.id, ids)))
      .for("update");
    const moving = rows.filter((row) => row.active !== active);
    for (const row of moving) {
      await tx
        .update(coupons)
        .set({ active, version: row.version + 1 })
        .where(eq(coupons.id, row.id));
      await recordAudit(tx, staff, {
        entity: "coupon",
        entityId: row.id,
        action: active ? "activate" : "deactivate",
        before: { active: row.active },
        after: { active },
      });
    }
    return moving.length;
  });
  if (changed > 0) await dataChanged("coupon");
  return { changed, skipped: ids.length - changed };
}

/** One coupon for its page: the form's values, its products, and the orders that used it (newest first). */
export async function couponDetail(id: number) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.siteId, SITE_ID)));
  if (!row) return null;
  const [chosen, used] = await Promise.all([
    productsOf(db, row.productIds),
    db
      .select({
        slug: orders.slug,
        createdAt: orders.createdAt,
        email: orders.email,
        couponCents: orders.couponCents,
        currencyLabel: orders.currencyLabel,
        status: orders.status,
      })
      .from(orders)
      .where(and(eq(orders.siteId, SITE_ID), eq(orders.couponCode, row.code)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(200),
  ]);
  return {
    id: row.id,
    version: row.version,
    code: row.code,
    usedCount: row.usedCount,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    products: chosen,
    orders: used.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    form: couponFormValue(row, chosen),
  };
}

/** The editor's fields as text, as the form posts them back. */
function couponFormValue(row: CouponRow, chosen: { sku: string }[]) {
  const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
  return {
    code: row.code,
    type: row.type,
    percent: row.type === "percent" ? String(row.value) : "",
    amount: row.type === "fixed" ? euros(row.value) : "",
    minCart: row.minCartCents > 0 ? euros(row.minCartCents) : "",
    products: chosen.map((p) => p.sku).join("\n"),
    usageLimit: row.usageLimit === null ? "" : String(row.usageLimit),
    perCustomerLimit: row.perCustomerLimit === null ? "" : String(row.perCustomerLimit),
    validFrom: row.validFrom ? shopDay(row.validFrom) : "",
    validTo: row.validTo ? shopDay(row.validTo) : "",
    active: row.active ? "on" : "",
    note: row.note,
  };
}
export type CouponFormValue = ReturnType<typeof couponFormValue>;
