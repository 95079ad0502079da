import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { DomainError } from "~/.server/domain-error";
import { getDb, type Executor } from "~/.server/db/client.server";
import { attributes, attributeSetAttributes, attributeSets, products } from "~/.server/db/schema";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { AttributeSetInput } from "./set-tag-admin.schema";

/**
 * Attribute sets (spec §3 attributeSet.attributes; decision 0048): a name and the
 * attributes a kind of product carries, in order. Deleting a set leaves its products'
 * values alone; their attribute_set_id becomes null (the foreign key's ON DELETE SET NULL).
 */
const refuse = (code: string, field?: string, status = 400): never => {
  throw new DomainError(code, { message: code, key: `adminCatalog.sets.errors.${code}`, field, status });
};

export async function listAttributeSets() {
  const db = await getDb();
  const members = db.$with("members").as(
    db
      .select({ id: attributeSetAttributes.setId, n: count().as("members_n") })
      .from(attributeSetAttributes)
      .groupBy(attributeSetAttributes.setId),
  );
  const users = db.$with("users").as(
    db
      .select({ id: products.attributeSetId, n: count().as("users_n") })
      .from(products)
      .groupBy(products.attributeSetId),
  );
  return db
    .with(members, users)
    .select({
      id: attributeSets.id,
      name: attributeSets.name,
      attributes: sql<number>`coalesce(${members.n}, 0)::int`,
      products: sql<number>`coalesce(${users.n}, 0)::int`,
    })
    .from(attributeSets)
    .leftJoin(members, eq(members.id, attributeSets.id))
    .leftJoin(users, eq(users.id, attributeSets.id))
    .where(eq(attributeSets.siteId, SITE_ID))
    .orderBy(asc(attributeSets.name));
}

export async function attributeSetForEdit(id: number | null) {
  const db = await getDb();
  const [set] =
    id === null
      ? [null]
      : await db
          .select()
          .from(attributeSets)
          .where(and(eq(attributeSets.id, id), eq(attributeSets.siteId, SITE_ID)));
  if (id !== null && !set) return null;
  const [all, chosen, [used]] = await Promise.all([
    db.select().from(attributes).where(eq(attributes.siteId, SITE_ID)).orderBy(asc(attributes.position), asc(attributes.id)),
    id === null
      ? Promise.resolve([])
      : db.select().from(attributeSetAttributes).where(eq(attributeSetAttributes.setId, id)).orderBy(asc(attributeSetAttributes.position)),
    id === null ? Promise.resolve([{ n: 0 }]) : db.select({ n: count() }).from(products).where(eq(products.attributeSetId, id)),
  ]);
  const rank = (attributeId: number) => {
    const index = chosen.findIndex((c) => c.attributeId === attributeId);
    return index === -1 ? chosen.length + all.findIndex((a) => a.id === attributeId) : index;
  };
  const rows = [...all]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((a, index) => ({
      attributeId: a.id,
      code: a.code,
      label: a.label,
      enabled: chosen.some((c) => c.attributeId === a.id),
      position: (index + 1) * 10,
    }));
  return { set, rows, products: used.n };
}

async function lockSet(tx: Executor, id: number, version: number) {
  const [row] = await tx
    .select()
    .from(attributeSets)
    .where(and(eq(attributeSets.id, id), eq(attributeSets.siteId, SITE_ID)))
    .for("update");
  if (!row) refuse("notFound", undefined, 404);
  checkVersion(row.version, version);
  return row;
}

export async function saveAttributeSet(staff: Staff, id: number | null, input: AttributeSetInput): Promise<number> {
  const chosen = [
    ...new Map(
      input.attributes
        .filter((a) => a.enabled === "on")
        .sort((a, b) => a.position - b.position)
        .map((a) => [a.attributeId, a]),
    ).values(),
  ];
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const before = id === null ? null : await lockSet(tx, id, input.version);
    const [taken] = await tx
      .select({ id: attributeSets.id })
      .from(attributeSets)
      .where(and(eq(attributeSets.siteId, SITE_ID), eq(attributeSets.name, input.name), id ? ne(attributeSets.id, id) : undefined));
    if (taken) refuse("nameTaken", "name");
    if (chosen.length) {
      const known = await tx
        .select({ id: attributes.id })
        .from(attributes)
        .where(
          and(
            eq(attributes.siteId, SITE_ID),
            inArray(
              attributes.id,
              chosen.map((a) => a.attributeId),
            ),
          ),
        );
      if (known.length !== chosen.length) refuse("attributeMissing", "attributes");
    }
    let setId: number;
    let was: number[] = [];
    if (before) {
      was = (
        await tx
          .select()
          .from(attributeSetAttributes)
          .where(eq(attributeSetAttributes.setId, before.id))
          .orderBy(asc(attributeSetAttributes.position))
      ).map((r) => r.attributeId);
      await tx
        .update(attributeSets)
        .set({ name: input.name, version: before.version + 1 })
        .where(eq(attributeSets.id, before.id));
      await tx.delete(attributeSetAttributes).where(eq(attributeSetAttributes.setId, before.id));
      setId = before.id;
    } else {
      [{ id: setId }] = await tx.insert(attributeSets).values({ siteId: SITE_ID, name: input.name }).returning({ id: attributeSets.id });
    }
    if (chosen.length)
      await tx.insert(attributeSetAttributes).values(chosen.map((a, position) => ({ setId, attributeId: a.attributeId, position })));
    await recordAudit(tx, staff, {
      entity: "attributeSet",
      entityId: setId,
      action: before ? "update" : "create",
      before: before ? { name: before.name, attributes: was } : null,
      after: { name: input.name, attributes: chosen.map((a) => a.attributeId) },
    });
    return setId;
  });
  await dataChanged("attribute");
  return saved;
}

export async function deleteAttributeSet(staff: Staff, id: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockSet(tx, id, version);
    await tx.delete(attributeSets).where(eq(attributeSets.id, id));
    await recordAudit(tx, staff, { entity: "attributeSet", entityId: id, action: "delete", before: { name: row.name } });
  });
  await dataChanged("attribute");
}
