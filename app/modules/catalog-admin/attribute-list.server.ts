import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { attributes, attributeValues, productAttributeValues } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { SITE_ID } from "~/modules/kernel/options";
import { FILTER_TYPES } from "./filter-types";

/** The attribute list (/admin/attributes): search by code or label, filter by type, sorted by position, code or type. */
export const attributeListQuery = listQuery(
  { sorts: ["position", "code", "type"], sort: "position", dir: "asc" },
  { type: z.enum(FILTER_TYPES).optional() },
);
export type AttributeListQuery = z.output<typeof attributeListQuery>;

function conditions(query: AttributeListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(attributes.siteId, SITE_ID)];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(or(ilike(attributes.code, pattern), ilike(sql`${attributes.label}::text`, pattern)));
  }
  if (query.type) where.push(eq(attributes.type, query.type));
  return and(...where);
}

const SORTS = { position: attributes.position, code: attributes.code, type: attributes.type } as const;

async function select(query: AttributeListQuery, offset: number, limit: number) {
  const db = await getDb();
  const order = query.dir === "asc" ? asc(SORTS[query.sort]) : desc(SORTS[query.sort]);
  const valueCount = db.$with("value_count").as(
    db
      .select({ id: attributeValues.attributeId, n: count().as("values_n") })
      .from(attributeValues)
      .groupBy(attributeValues.attributeId),
  );
  const productCount = db.$with("product_count").as(
    db
      .select({
        id: productAttributeValues.attributeId,
        n: sql<number>`count(distinct ${productAttributeValues.productId})::int`.as("products_n"),
      })
      .from(productAttributeValues)
      .groupBy(productAttributeValues.attributeId),
  );
  return db
    .with(valueCount, productCount)
    .select({
      id: attributes.id,
      code: attributes.code,
      type: attributes.type,
      label: attributes.label,
      unit: attributes.unit,
      isFilterable: attributes.isFilterable,
      position: attributes.position,
      values: sql<number>`coalesce(${valueCount.n}, 0)::int`,
      products: sql<number>`coalesce(${productCount.n}, 0)::int`,
    })
    .from(attributes)
    .leftJoin(valueCount, eq(valueCount.id, attributes.id))
    .leftJoin(productCount, eq(productCount.id, attributes.id))
    .where(conditions(query))
    .orderBy(order, asc(attributes.id))
    .offset(offset)
    .limit(limit);
}
export type AttributeListRow = Awaited<ReturnType<typeof select>>[number];

export async function listAttributes(query: AttributeListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(attributes).where(conditions(query));
  const page = listPage(total, query);
  return { rows: await select(query, page.offset, page.limit), page };
}

/** Every attribute of the filtered list, for the CSV. */
export function exportAttributes(query: AttributeListQuery) {
  return select(query, 0, CSV_MAX_ROWS);
}
