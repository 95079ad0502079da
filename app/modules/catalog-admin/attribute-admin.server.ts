import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { DomainError } from "~/.server/domain-error";
import { getDb, type Executor } from "~/.server/db/client.server";
import { attributes, attributeValues, productAttributeValues } from "~/.server/db/schema";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { publicImages } from "~/modules/media/media-upload.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { AttributeFormInput, ValueInput } from "./attribute-admin.schema";

/**
 * Attributes and their values in the backoffice (docs/decisions/0048).
 * A value change locks the attribute and moves its version on, so every form of the page
 * works on the state it showed. The type of an attribute products use cannot change (their
 * stored values would no longer mean anything); a value products use cannot be deleted.
 */
const refuse = (code: string, field?: string, values?: Record<string, string | number>, status = 400): never => {
  throw new DomainError(code, { message: code, key: `adminCatalog.attributes.errors.${code}`, field, values, status });
};

const labelOf = (label: { hr: string; en: string; de: string }) =>
  Object.fromEntries(Object.entries(label).filter(([, text]) => text !== ""));

export async function attributeForEdit(id: number) {
  const db = await getDb();
  const [attribute] = await db
    .select()
    .from(attributes)
    .where(and(eq(attributes.id, id), eq(attributes.siteId, SITE_ID)));
  if (!attribute) return null;
  const [values, usage] = await Promise.all([
    db
      .select()
      .from(attributeValues)
      .where(eq(attributeValues.attributeId, id))
      .orderBy(asc(attributeValues.position), asc(attributeValues.id)),
    db
      .select({ valueId: productAttributeValues.valueId, n: sql<number>`count(distinct ${productAttributeValues.productId})::int` })
      .from(productAttributeValues)
      .where(eq(productAttributeValues.attributeId, id))
      .groupBy(productAttributeValues.valueId),
  ]);
  const products = await productsUsing(db, id);
  return { attribute, products, values: values.map((v) => ({ ...v, products: usage.find((u) => u.valueId === v.id)?.n ?? 0 })) };
}

async function productsUsing(tx: Executor, attributeId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${productAttributeValues.productId})::int` })
    .from(productAttributeValues)
    .where(eq(productAttributeValues.attributeId, attributeId));
  return row?.n ?? 0;
}

async function lockAttribute(tx: Executor, id: number, version: number) {
  const [row] = await tx
    .select()
    .from(attributes)
    .where(and(eq(attributes.id, id), eq(attributes.siteId, SITE_ID)))
    .for("update");
  if (!row) refuse("notFound", undefined, undefined, 404);
  checkVersion(row.version, version);
  return row;
}

/** Creates (id null) or updates an attribute; returns its id. */
export async function saveAttribute(staff: Staff, id: number | null, input: AttributeFormInput): Promise<number> {
  const db = await getDb();
  const fields = {
    code: input.code,
    type: input.type,
    label: labelOf(input.label),
    unit: input.unit || null,
    isFilterable: input.isFilterable === "on",
    position: input.position,
  };
  const saved = await db.transaction(async (tx) => {
    const before = id === null ? null : await lockAttribute(tx, id, input.version);
    const [taken] = await tx
      .select({ id: attributes.id })
      .from(attributes)
      .where(and(eq(attributes.siteId, SITE_ID), eq(attributes.code, input.code), id ? ne(attributes.id, id) : undefined));
    if (taken) refuse("codeTaken", "code");
    if (before && before.type !== input.type) {
      const used = await productsUsing(tx, before.id);
      if (used > 0) refuse("typeInUse", "type", { count: used });
    }
    let rowId: number;
    if (before) {
      await tx
        .update(attributes)
        .set({ ...fields, version: before.version + 1 })
        .where(eq(attributes.id, before.id));
      rowId = before.id;
    } else {
      [{ id: rowId }] = await tx
        .insert(attributes)
        .values({ siteId: SITE_ID, ...fields })
        .returning({ id: attributes.id });
    }
    const was = before
      ? {
          code: before.code,
          type: before.type,
          label: before.label,
          unit: before.unit,
          isFilterable: before.isFilterable,
          position: before.position,
        }
      : null;
    await recordAudit(tx, staff, {
      entity: "attribute",
      entityId: rowId,
      action: before ? "update" : "create",
      before: was,
      after: fields,
    });
    return rowId;
  });
  await dataChanged("attribute");
  return saved;
}

/** Adds a value, or edits one (`valueId`): machine value unique within the attribute, colour or image swatch. */
export async function saveValue(
  staff: Staff,
  attributeId: number,
  input: ValueInput,
  uploadedMediaId: number | null = null,
): Promise<void> {
  const mediaId = uploadedMediaId ?? input.mediaId ?? null;
  if (mediaId !== null && uploadedMediaId === null && !(await publicImages([mediaId])).has(mediaId)) refuse("imageMissing", "mediaId");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const attribute = await lockAttribute(tx, attributeId, input.version);
    const valueId = input.intent === "editValue" ? input.valueId : null;
    const [taken] = await tx
      .select({ id: attributeValues.id })
      .from(attributeValues)
      .where(
        and(
          eq(attributeValues.attributeId, attributeId),
          eq(attributeValues.value, input.value),
          valueId ? ne(attributeValues.id, valueId) : undefined,
        ),
      );
    if (taken) refuse("valueTaken", "value");
    const fields = { value: input.value, label: labelOf(input.label), swatch: input.swatch ? input.swatch.toLowerCase() : null, mediaId };
    let before: Record<string, unknown> | null = null;
    let rowId: number;
    if (valueId) {
      const [old] = await tx
        .select()
        .from(attributeValues)
        .where(and(eq(attributeValues.id, valueId), eq(attributeValues.attributeId, attributeId)));
      if (!old) refuse("valueMissing", undefined, undefined, 404);
      before = { value: old.value, label: old.label, swatch: old.swatch, mediaId: old.mediaId };
      await tx.update(attributeValues).set(fields).where(eq(attributeValues.id, valueId));
      rowId = valueId;
    } else {
      const [{ max }] = await tx
        .select({ max: sql<number | null>`max(${attributeValues.position})` })
        .from(attributeValues)
        .where(eq(attributeValues.attributeId, attributeId));
      [{ id: rowId }] = await tx
        .insert(attributeValues)
        .values({ attributeId, ...fields, position: (max ?? -1) + 1 })
        .returning({ id: attributeValues.id });
    }
    await tx
      .update(attributes)
      .set({ version: attribute.version + 1 })
      .where(eq(attributes.id, attributeId));
    await recordAudit(tx, staff, {
      entity: "attribute",
      entityId: attributeId,
      action: valueId ? "editValue" : "addValue",
      before,
      after: { id: rowId, ...fields },
    });
  });
  await dataChanged("attribute");
}

/** Up, down or delete of one value. Delete is refused while products use it (the message says how many). */
export async function changeValue(
  staff: Staff,
  attributeId: number,
  intent: "valueUp" | "valueDown" | "deleteValue",
  valueId: number,
  version: number,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const attribute = await lockAttribute(tx, attributeId, version);
    const values = await tx
      .select()
      .from(attributeValues)
      .where(eq(attributeValues.attributeId, attributeId))
      .orderBy(asc(attributeValues.position), asc(attributeValues.id))
      .for("update");
    const index = values.findIndex((v) => v.id === valueId);
    if (index === -1) refuse("valueMissing", undefined, undefined, 404);
    const value = values[index];
    if (intent === "deleteValue") {
      const [{ n }] = await tx.select({ n: count() }).from(productAttributeValues).where(eq(productAttributeValues.valueId, valueId));
      if (n > 0) refuse("valueInUse", undefined, { count: n }, 409);
      await tx.delete(attributeValues).where(eq(attributeValues.id, valueId));
    } else {
      const other = index + (intent === "valueUp" ? -1 : 1);
      if (other < 0 || other >= values.length) refuse(intent === "valueUp" ? "alreadyFirst" : "alreadyLast");
      const order = values.map((v) => v.id);
      [order[index], order[other]] = [order[other], order[index]];
      for (const [position, id] of order.entries()) await tx.update(attributeValues).set({ position }).where(eq(attributeValues.id, id));
    }
    await tx
      .update(attributes)
      .set({ version: attribute.version + 1 })
      .where(eq(attributes.id, attributeId));
    await recordAudit(tx, staff, {
      entity: "attribute",
      entityId: attributeId,
      action: intent,
      before: { value: value.value, position: index },
      after: null,
    });
  });
  await dataChanged("attribute");
}
