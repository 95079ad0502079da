import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { customerGroupPrices, customerGroups, products, productTranslations, users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import type { GroupInput } from "./customer-group.schema";

/**
 * Customer groups in the backoffice (decision 0107), on the edit pattern: the group row is
 * locked, its version checked and raised, and the change audited (`customerGroup`) in one
 * transaction; a price change raises the group's version too. A group customers are in is
 * not deleted (the database refuses it as well). Nothing cached needs clearing: shared
 * pages and caches hold catalogue prices only, a group's prices are put over them per
 * request (group-pricing.server.ts).
 */
type GroupRow = typeof customerGroups.$inferSelect;

export const groupNotFound = () =>
  new DomainError("customerGroupNotFound", {
    message: "Customer group not found",
    key: "adminCustomerGroups.errors.notFound",
    status: 404,
  });

/** Every group with how many customers are in it and how many own prices it has, by Croatian name. */
export async function listGroups() {
  const db = await getDb();
  const [groups, members, prices] = await Promise.all([
    db.select().from(customerGroups).where(eq(customerGroups.siteId, SITE_ID)).orderBy(asc(customerGroups.id)),
    db
      .select({ groupId: users.customerGroupId, n: count() })
      .from(users)
      .where(isNotNull(users.customerGroupId))
      .groupBy(users.customerGroupId),
    db.select({ groupId: customerGroupPrices.groupId, n: count() }).from(customerGroupPrices).groupBy(customerGroupPrices.groupId),
  ]);
  return groups
    .map((g) => ({
      id: g.id,
      name: g.name,
      discountBp: g.discountBp,
      customers: members.find((m) => m.groupId === g.id)?.n ?? 0,
      prices: prices.find((p) => p.groupId === g.id)?.n ?? 0,
    }))
    .sort((a, b) => (a.name.hr ?? "").localeCompare(b.name.hr ?? "", "hr"));
}

/** The groups a customer can be put in (the customer screens' selects). */
export async function groupOptions(): Promise<{ id: number; name: Record<string, string> }[]> {
  return (await listGroups()).map(({ id, name }) => ({ id, name }));
}

export async function groupDetail(id: number) {
  const db = await getDb();
  const [group] = await db
    .select()
    .from(customerGroups)
    .where(and(eq(customerGroups.id, id), eq(customerGroups.siteId, SITE_ID)));
  if (!group) return null;
  const [prices, [{ customers }]] = await Promise.all([
    db
      .select({
        productId: customerGroupPrices.productId,
        priceCents: customerGroupPrices.priceCents,
        sku: products.sku,
        catalogueCents: products.priceCents,
        name: productTranslations.name,
      })
      .from(customerGroupPrices)
      .innerJoin(products, eq(products.id, customerGroupPrices.productId))
      .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
      .where(eq(customerGroupPrices.groupId, id))
      .orderBy(asc(products.sku)),
    db.select({ customers: count() }).from(users).where(eq(users.customerGroupId, id)),
  ]);
  return { group, prices, customers };
}

/** Only the languages that have a text: an empty one falls back to Croatian (`localized`). */
const filled = (texts: Record<string, string>) => Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== ""));

const view = (g: GroupRow) => ({ name: g.name, discountBp: g.discountBp });

async function lockGroup(tx: Executor, id: number, version: number): Promise<GroupRow> {
  const [row] = await tx
    .select()
    .from(customerGroups)
    .where(and(eq(customerGroups.id, id), eq(customerGroups.siteId, SITE_ID)))
    .for("update");
  if (!row) throw groupNotFound();
  checkVersion(row.version, version);
  return row;
}

/** Runs a change of group `id` after locking it at `version`, then raises the version. */
async function changeGroup(id: number, version: number, run: (tx: Executor, before: GroupRow) => Promise<void>) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockGroup(tx, id, version);
    await run(tx, before);
    await tx
      .update(customerGroups)
      .set({ version: before.version + 1 })
      .where(eq(customerGroups.id, id));
  });
}

export async function createGroup(staff: Staff, input: GroupInput): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerGroups)
      .values({ siteId: SITE_ID, name: filled(input.name), discountBp: input.discount })
      .returning();
    await recordAudit(tx, staff, { entity: "customerGroup", entityId: row.id, action: "create", after: view(row) });
    return row.id;
  });
}

export function updateGroup(staff: Staff, id: number, input: GroupInput) {
  return changeGroup(id, input.version ?? -1, async (tx, before) => {
    const [after] = await tx
      .update(customerGroups)
      .set({ name: filled(input.name), discountBp: input.discount })
      .where(eq(customerGroups.id, id))
      .returning();
    await recordAudit(tx, staff, { entity: "customerGroup", entityId: id, action: "update", ...changedFields(view(before), view(after)) });
  });
}

export async function deleteGroup(staff: Staff, id: number, version: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockGroup(tx, id, version);
    const [{ customers }] = await tx.select({ customers: count() }).from(users).where(eq(users.customerGroupId, id));
    if (customers > 0)
      throw new DomainError("customerGroupInUse", {
        message: "Customer group has customers",
        key: "adminCustomerGroups.errors.inUse",
        values: { count: customers },
        status: 409,
      });
    await tx.delete(customerGroups).where(eq(customerGroups.id, id));
    await recordAudit(tx, staff, { entity: "customerGroup", entityId: id, action: "delete", before: view(before) });
  });
}

/** Sets the group's own price of the product or variant with this SKU (replacing one it had). */
export function setGroupPrice(staff: Staff, id: number, version: number, sku: string, priceCents: number) {
  return changeGroup(id, version, async (tx) => {
    const [product] = await tx
      .select({ id: products.id, catalogueCents: products.priceCents })
      .from(products)
      .where(and(eq(products.sku, sku), eq(products.siteId, SITE_ID)));
    if (!product)
      throw new DomainError("productSkuNotFound", {
        message: "No product with this SKU",
        key: "adminCustomerGroups.errors.skuNotFound",
        values: { sku },
        field: "sku",
      });
    const [was] = await tx
      .select({ priceCents: customerGroupPrices.priceCents })
      .from(customerGroupPrices)
      .where(and(eq(customerGroupPrices.groupId, id), eq(customerGroupPrices.productId, product.id)));
    await tx
      .insert(customerGroupPrices)
      .values({ groupId: id, productId: product.id, priceCents })
      .onConflictDoUpdate({ target: [customerGroupPrices.groupId, customerGroupPrices.productId], set: { priceCents } });
    await recordAudit(tx, staff, {
      entity: "customerGroup",
      entityId: id,
      action: "setPrice",
      before: was ? { sku, priceCents: was.priceCents } : null,
      after: { sku, priceCents },
    });
  });
}

export function removeGroupPrice(staff: Staff, id: number, version: number, productId: number) {
  return changeGroup(id, version, async (tx) => {
    const [gone] = await tx
      .delete(customerGroupPrices)
      .where(and(eq(customerGroupPrices.groupId, id), eq(customerGroupPrices.productId, productId)))
      .returning({ priceCents: customerGroupPrices.priceCents });
    if (!gone) return;
    const [product] = await tx.select({ sku: products.sku }).from(products).where(eq(products.id, productId));
    await recordAudit(tx, staff, {
      entity: "customerGroup",
      entityId: id,
      action: "removePrice",
      before: { sku: product?.sku ?? String(productId), priceCents: gone.priceCents },
    });
  });
}
