import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import {
  PRODUCT_FORMATS,
  categories,
  categoryTranslations,
  media,
  productMedia,
  productTranslations,
  products,
  tags,
} from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { id } from "~/lib/schema-fields";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { SITE_ID, lowStockThreshold } from "~/modules/kernel/options";
import { getSiteContext } from "~/modules/site/site.server";
import { lowStock } from "./low-stock.server";

/**
 * The backoffice product list (decision 0047) on the list pattern of /admin/orders:
 * search by name in any language or by SKU (a variant's SKU finds its product), filters by
 * category (its subcategories included), format, tag, stock and visibility; sorted by
 * name, SKU, price, stock or creation. Variants are not rows of their own.
 */
export const STOCK_FILTERS = ["inStock", "low", "soldOut", "untracked", "madeToOrder"] as const;
export const VISIBILITY_FILTERS = ["visible", "hidden", "archived"] as const;

export const productListQuery = listQuery(
  { sorts: ["name", "sku", "price", "stock", "createdAt"], sort: "createdAt", dir: "desc" },
  {
    category: id().optional(),
    format: z.enum(PRODUCT_FORMATS).optional(),
    tag: id().optional(),
    stock: z.enum(STOCK_FILTERS).optional(),
    visibility: z.enum(VISIBILITY_FILTERS).optional(),
  },
);
export type ProductListQuery = z.output<typeof productListQuery>;

export type ProductListRow = {
  id: number;
  sku: string;
  format: (typeof PRODUCT_FORMATS)[number];
  name: string;
  priceCents: number;
  retailPriceCents: number;
  stock: number | null;
  madeToOrder: boolean;
  categories: string[];
  visible: boolean;
  archived: boolean;
  image: { driveId: string; title: string; version: number } | null;
};

const nameHr = sql<string>`coalesce((select ${productTranslations.name} from ${productTranslations} where ${productTranslations.productId} = ${products.id} and ${productTranslations.languageCode} = 'hrv'), '')`;

/** The category and every category under it (ids), for "in this category". */
function categoryTree(categoryId: number): SQL {
  return sql`exists (select 1 from product_categories pc where pc.product_id = ${products.id} and pc.category_id in (
    with recursive tree(id) as (select ${categoryId}::int union select c.id from categories c join tree on c.parent_id = tree.id) select id from tree))`;
}

function stockCondition(filter: ProductListQuery["stock"], threshold: number): SQL | undefined {
  switch (filter) {
    case "low":
      return lowStock(threshold);
    case "inStock":
      return sql`${products.madeToOrder} = false and ${products.stock} > 0`;
    case "soldOut":
      return sql`${products.madeToOrder} = false and ${products.stock} <= 0`;
    case "untracked":
      return sql`${products.madeToOrder} = false and ${products.stock} is null`;
    case "madeToOrder":
      return eq(products.madeToOrder, true);
    default:
      return undefined;
  }
}

function visibilityCondition(filter: ProductListQuery["visibility"]): SQL | undefined {
  if (filter === "archived") return eq(products.archived, true);
  if (filter === "visible") return and(eq(products.archived, false), eq(products.isVisibleIndividually, true));
  if (filter === "hidden") return and(eq(products.archived, false), eq(products.isVisibleIndividually, false));
  return undefined;
}

function conditions(query: ProductListQuery, threshold: number): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(products.siteId, SITE_ID), isNull(products.parentId)];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(sql`(${products.sku} ilike ${pattern}
      or exists (select 1 from product_translations pt where pt.product_id = ${products.id} and pt.name ilike ${pattern})
      or exists (select 1 from products v where v.parent_id = ${products.id} and v.sku ilike ${pattern}))`);
  }
  if (query.category) where.push(categoryTree(query.category));
  if (query.format) where.push(eq(products.format, query.format));
  if (query.tag)
    where.push(sql`exists (select 1 from product_tags ptg where ptg.product_id = ${products.id} and ptg.tag_id = ${query.tag})`);
  where.push(stockCondition(query.stock, threshold), visibilityCondition(query.visibility));
  return and(...where);
}

const SORT_COLUMNS = {
  name: nameHr,
  sku: products.sku,
  price: products.priceCents,
  stock: products.stock,
  createdAt: products.createdAt,
} as const;

async function threshold(): Promise<number> {
  // The dashboard reads the same option from the same site context.
  return lowStockThreshold((await getSiteContext("hr")).options);
}

/** The ids of the filtered list in its order (at most `limit`), for one page or the CSV. */
export async function filteredProductIds(query: ProductListQuery, limit: number, offset = 0): Promise<number[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const nulls = query.sort === "stock" ? sql`nulls last` : sql``;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(conditions(query, await threshold()))
    .orderBy(sql`${direction(SORT_COLUMNS[query.sort])} ${nulls}`, direction(products.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

async function rowsOf(ids: number[]): Promise<ProductListRow[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const [found, cats, images] = await Promise.all([
    db
      .select({
        id: products.id,
        sku: products.sku,
        format: products.format,
        name: nameHr,
        priceCents: products.priceCents,
        retailPriceCents: products.retailPriceCents,
        stock: products.stock,
        madeToOrder: products.madeToOrder,
        visible: products.isVisibleIndividually,
        archived: products.archived,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    db
      .select({ productId: sql<number>`pc.product_id`, name: categoryTranslations.name })
      .from(sql`product_categories pc`)
      .innerJoin(
        categoryTranslations,
        and(sql`${categoryTranslations.categoryId} = pc.category_id`, eq(categoryTranslations.languageCode, "hrv")),
      )
      .where(sql`pc.product_id in ${ids}`)
      .orderBy(categoryTranslations.name),
    db
      .select({ productId: productMedia.productId, driveId: media.driveId, title: media.title, version: media.version })
      .from(productMedia)
      .innerJoin(media, eq(media.id, productMedia.mediaId))
      .where(and(inArray(productMedia.productId, ids), eq(productMedia.isDefault, true))),
  ]);
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((productId) => {
    const row = byId.get(productId);
    if (!row) return [];
    const image = images.find((i) => i.productId === productId);
    return [
      {
        ...row,
        categories: cats.filter((c) => c.productId === productId).map((c) => c.name),
        image: image ? { driveId: image.driveId, title: image.title, version: image.version } : null,
      },
    ];
  });
}

/** One page of the filtered list and its page info. */
export async function listProducts(query: ProductListQuery) {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(products)
    .where(conditions(query, await threshold()));
  const page = listPage(total, query);
  return { rows: await rowsOf(await filteredProductIds(query, page.limit, page.offset)), page };
}

/** What the filters offer: categories (hr names, as a tree path) and tags. */
export async function productListFilters() {
  const db = await getDb();
  const [cats, tagRows] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categoryTranslations.name, slug: categoryTranslations.slug })
      .from(categories)
      .innerJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.languageCode, "hrv")),
      )
      .where(eq(categories.siteId, SITE_ID))
      .orderBy(categories.position, categories.id),
    db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.siteId, SITE_ID)).orderBy(tags.name),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const path = (c: (typeof cats)[number]): string => {
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    return parent ? `${path(parent)} › ${c.name}` : c.name;
  };
  return {
    categories: cats.map((c) => ({ id: c.id, slug: c.slug, label: path(c) })).sort((a, b) => a.label.localeCompare(b.label, "hr")),
    tags: tagRows,
  };
}

/** Every row of the filtered list (the CSV export), bounded by CSV_MAX_ROWS. */
export async function exportProductIds(query: ProductListQuery): Promise<number[]> {
  return filteredProductIds(query, CSV_MAX_ROWS, 0);
}
