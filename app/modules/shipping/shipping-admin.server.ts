import { and, asc, count, eq, max, ne } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { deliveryBranches, deliveryMethods, orders } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { SITE_ID } from "~/modules/kernel/options";
import { rateTables } from "./delivery-rates.server";
import type { MethodInput } from "./shipping.schema";

/**
 * Delivery methods and their branches in the backoffice (decision 0049), on the edit
 * pattern: the method row is locked, its version checked and raised, and the change
 * audited (`deliveryMethod`) in one transaction; a branch change raises its method's
 * version too, so two people editing one method's branches do not overwrite each other.
 * A method orders were placed with is never deleted (switch it off).
 */
type MethodRow = typeof deliveryMethods.$inferSelect;
type BranchInput = { name: string; address: string; kind: "pickup" | "locker"; active: boolean };

export const methodNotFound = () =>
  new DomainError("deliveryMethodNotFound", { message: "Delivery method not found", key: "adminShipping.errors.notFound", status: 404 });

export async function listMethods() {
  const db = await getDb();
  const [methods, branches] = await Promise.all([
    db
      .select()
      .from(deliveryMethods)
      .where(eq(deliveryMethods.siteId, SITE_ID))
      .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.id)),
    db
      .select({ methodId: deliveryBranches.deliveryMethodId, n: count() })
      .from(deliveryBranches)
      .groupBy(deliveryBranches.deliveryMethodId),
  ]);
  return methods.map((m) => ({
    id: m.id,
    code: m.code,
    name: m.name,
    priceCents: m.priceCents,
    taxRateBp: m.taxRateBp,
    active: m.active,
    version: m.version,
    branches: branches.find((b) => b.methodId === m.id)?.n ?? 0,
  }));
}

export async function methodDetail(id: number) {
  const db = await getDb();
  const [method] = await db
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.id, id), eq(deliveryMethods.siteId, SITE_ID)));
  if (!method) return null;
  const branches = await db
    .select()
    .from(deliveryBranches)
    .where(eq(deliveryBranches.deliveryMethodId, id))
    .orderBy(asc(deliveryBranches.position), asc(deliveryBranches.id));
  const [{ used }] = await db.select({ used: count() }).from(orders).where(eq(orders.deliveryMethodId, id));
  const table = (await rateTables(db, [id])).get(id)!;
  const zones = table.zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    countries: zone.countries,
    rates: table.rates.filter((r) => r.zoneId === zone.id).map((r) => ({ id: r.id, maxWeightG: r.maxWeightG, priceCents: r.priceCents })),
  }));
  return { method, branches, used, zones };
}

const view = (m: MethodRow) => ({
  code: m.code,
  name: m.name,
  description: m.description,
  priceCents: m.priceCents,
  taxRateBp: m.taxRateBp,
  active: m.active,
  position: m.position,
});

/** Only the languages that have a text: an empty one falls back to Croatian on the shop (`localized`). */
export function filled(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== ""));
}

const columns = (input: MethodInput) => ({
  code: input.code,
  name: filled(input.name),
  description: filled(input.description),
  priceCents: input.price ?? 0,
  taxRateBp: input.taxRate * 100,
  active: input.active,
});

async function refuseTakenCode(tx: Executor, code: string, except: number | null) {
  const [taken] = await tx
    .select({ id: deliveryMethods.id })
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.siteId, SITE_ID), eq(deliveryMethods.code, code), except ? ne(deliveryMethods.id, except) : undefined));
  if (taken)
    throw new DomainError("deliveryCodeTaken", {
      message: "Code taken",
      key: "adminShipping.errors.codeTaken",
      field: "code",
      status: 409,
    });
}

async function lockMethod(tx: Executor, id: number, version: number): Promise<MethodRow> {
  const [row] = await tx
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.id, id), eq(deliveryMethods.siteId, SITE_ID)))
    .for("update");
  if (!row) throw methodNotFound();
  checkVersion(row.version, version);
  return row;
}

/** Runs a change of method `id` after locking it at `version`; raises the version; clears what shows delivery. */
export async function changeMethod(id: number, version: number, run: (tx: Executor, before: MethodRow) => Promise<void>) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockMethod(tx, id, version);
    await run(tx, before);
    await tx
      .update(deliveryMethods)
      .set({ version: before.version + 1 })
      .where(eq(deliveryMethods.id, id));
  });
  await dataChanged("shipping");
}

export async function createMethod(staff: Staff, input: MethodInput): Promise<number> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    await refuseTakenCode(tx, input.code, null);
    const [{ last }] = await tx
      .select({ last: max(deliveryMethods.position) })
      .from(deliveryMethods)
      .where(eq(deliveryMethods.siteId, SITE_ID));
    const [row] = await tx
      .insert(deliveryMethods)
      .values({ siteId: SITE_ID, ...columns(input), position: (last ?? 0) + 1 })
      .returning();
    await recordAudit(tx, staff, { entity: "deliveryMethod", entityId: row.id, action: "create", after: view(row) });
    return row.id;
  });
  await dataChanged("shipping");
  return id;
}

export function updateMethod(staff: Staff, id: number, input: MethodInput) {
  return changeMethod(id, input.version ?? -1, async (tx, before) => {
    if (input.code !== before.code) await refuseTakenCode(tx, input.code, id);
    const [after] = await tx.update(deliveryMethods).set(columns(input)).where(eq(deliveryMethods.id, id)).returning();
    await recordAudit(tx, staff, { entity: "deliveryMethod", entityId: id, action: "update", ...changedFields(view(before), view(after)) });
  });
}

export async function deleteMethod(staff: Staff, id: number, version: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockMethod(tx, id, version);
    const [{ used }] = await tx.select({ used: count() }).from(orders).where(eq(orders.deliveryMethodId, id));
    if (used > 0)
      throw new DomainError("deliveryMethodUsed", {
        message: "Delivery method used by orders",
        key: "adminShipping.errors.usedNoDelete",
        status: 409,
      });
    await tx.delete(deliveryMethods).where(eq(deliveryMethods.id, id));
    await recordAudit(tx, staff, { entity: "deliveryMethod", entityId: id, action: "delete", before: view(before) });
  });
  await dataChanged("shipping");
}

/** Swaps the method with its neighbour above or below (positions renumbered 1..n, so ties never stick). */
export function moveMethod(staff: Staff, id: number, version: number, direction: "up" | "down") {
  return changeMethod(id, version, async (tx) => {
    const all = await tx
      .select({ id: deliveryMethods.id })
      .from(deliveryMethods)
      .where(eq(deliveryMethods.siteId, SITE_ID))
      .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.id));
    await reorder(
      all.map((m) => m.id),
      id,
      direction,
      (rowId, position) => tx.update(deliveryMethods).set({ position }).where(eq(deliveryMethods.id, rowId)),
    );
    await recordAudit(tx, staff, { entity: "deliveryMethod", entityId: id, action: direction === "up" ? "moveUp" : "moveDown" });
  });
}

export async function reorder(
  ids: number[],
  id: number,
  direction: "up" | "down",
  write: (id: number, position: number) => Promise<unknown>,
) {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to], ids[from]];
  for (const [index, rowId] of ids.entries()) await write(rowId, index + 1);
}

export function addBranch(staff: Staff, methodId: number, version: number, input: BranchInput) {
  return changeMethod(methodId, version, async (tx) => {
    const [{ last }] = await tx
      .select({ last: max(deliveryBranches.position) })
      .from(deliveryBranches)
      .where(eq(deliveryBranches.deliveryMethodId, methodId));
    const [row] = await tx
      .insert(deliveryBranches)
      .values({ deliveryMethodId: methodId, ...input, position: (last ?? 0) + 1 })
      .returning();
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "addBranch",
      after: { branchId: row.id, ...input },
    });
  });
}

async function branchOf(tx: Executor, methodId: number, branchId: number) {
  const [row] = await tx
    .select()
    .from(deliveryBranches)
    .where(and(eq(deliveryBranches.id, branchId), eq(deliveryBranches.deliveryMethodId, methodId)));
  if (!row)
    throw new DomainError("branchNotFound", { message: "Branch not found", key: "adminShipping.errors.branchNotFound", status: 404 });
  return row;
}

export function saveBranch(staff: Staff, methodId: number, version: number, branchId: number, input: BranchInput) {
  return changeMethod(methodId, version, async (tx) => {
    const before = await branchOf(tx, methodId, branchId);
    await tx.update(deliveryBranches).set(input).where(eq(deliveryBranches.id, branchId));
    const { name, address, kind, active } = before;
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "saveBranch",
      ...changedFields({ branchId, name, address, kind, active }, { branchId, ...input }),
    });
  });
}

export function removeBranch(staff: Staff, methodId: number, version: number, branchId: number) {
  return changeMethod(methodId, version, async (tx) => {
    const before = await branchOf(tx, methodId, branchId);
    await tx.delete(deliveryBranches).where(eq(deliveryBranches.id, branchId));
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "removeBranch",
      before: { branchId, name: before.name, address: before.address, kind: before.kind },
    });
  });
}

export function moveBranch(staff: Staff, methodId: number, version: number, branchId: number, direction: "up" | "down") {
  return changeMethod(methodId, version, async (tx) => {
    await branchOf(tx, methodId, branchId);
    const all = await tx
      .select({ id: deliveryBranches.id })
      .from(deliveryBranches)
      .where(eq(deliveryBranches.deliveryMethodId, methodId))
      .orderBy(asc(deliveryBranches.position), asc(deliveryBranches.id));
    await reorder(
      all.map((b) => b.id),
      branchId,
      direction,
      (rowId, position) => tx.update(deliveryBranches).set({ position }).where(eq(deliveryBranches.id, rowId)),
    );
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: direction === "up" ? "branchUp" : "branchDown",
      after: { branchId },
    });
  });
}
