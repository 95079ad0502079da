import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { categoryTranslations, productCategories, productTags, productTranslations, products, tags } from "~/.server/db/schema";
import { LOCALES, LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import { csvMoney, type CsvColumn } from "~/modules/kernel/csv.server";

/**
 * The products' spreadsheet (docs/decisions/0047): ONE column set that the
 * list's CSV export writes and the import reads, so an export edited in a spreadsheet and
 * uploaded again round-trips. Headers are machine names (not translated: a file exported
 * in one language imports in any). Every value has one canonical text form, the one the
 * export writes: the import turns what it reads into that form and compares texts, so the
 * dry run's "what changes" is exact and an untouched row is "no change".
 */
export const TRANSLATED_FIELDS = ["name", "slug", "short_description", "description"] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];
const translatedColumns = LOCALES.flatMap((locale) => TRANSLATED_FIELDS.map((field) => `${field}_${locale}` as const));

export const SHEET_COLUMNS = [
  "sku",
  // A variant's row names its product (empty for a product): variants are exported after
  // their product and imported for their prices and stock (VARIANT_COLUMNS).
  "parent_sku",
  "format",
  "visible",
  ...translatedColumns,
  "retail_price",
  "sale_price",
  "membership_price",
  "vat_rate",
  "stock",
  // The stock as it was when the file was exported (read only): the import changes stock by
  // the difference the file makes to it, so units sold since the export stay sold.
  "stock_exported",
  // Grams per piece, or per running metre for a product sold per metre (decision 0106); empty = not given.
  "shipping_weight_g",
  "categories",
  "tags",
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
export type SheetRow = Record<SheetColumn, string>;
/** What an import may change on a variant's row: what the editor's variant row edits, but its SKU, and its own shipping weight. */
export const VARIANT_COLUMNS: readonly SheetColumn[] = [
  "retail_price",
  "sale_price",
  "membership_price",
  "stock",
  "stock_exported",
  "shipping_weight_g",
];
/** Lists inside a cell (categories, tags). */
export const LIST_SEPARATOR = "|";

export const canonicalList = (values: Iterable<string>) =>
  [...new Set([...values].map((v) => v.trim()).filter(Boolean))].sort().join(LIST_SEPARATOR);
export const canonicalRate = (bp: number) =>
  bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2).replace(/0+$/, "").replace(".", ",");
export const translatedColumn = (field: TranslatedField, locale: Locale) => `${field}_${locale}` as SheetColumn;

export type ExistingProduct = { id: number; parentId: number | null; format: string; version: number; row: SheetRow };

/** Products as sheet rows (with id, format and version), by id or by SKU; variants included when asked for by SKU. */
export async function loadSheetRows(executor: Executor | null, by: { ids: number[] } | { skus: string[] }): Promise<ExistingProduct[]> {
  const db = executor ?? (await getDb());
  const where = "ids" in by ? inArray(products.id, by.ids) : inArray(products.sku, by.skus);
  if (("ids" in by ? by.ids : by.skus).length === 0) return [];
  const found = await db.select().from(products).where(where);
  const ids = found.map((p) => p.id);
  if (ids.length === 0) return [];
  const parentIds = [...new Set(found.flatMap((p) => (p.parentId === null ? [] : [p.parentId])))];
  const [translations, cats, tagRows, parents] = await Promise.all([
    db.select().from(productTranslations).where(inArray(productTranslations.productId, ids)),
    db
      .select({ productId: productCategories.productId, slug: categoryTranslations.slug })
      .from(productCategories)
      .innerJoin(
        categoryTranslations,
        and(
          eq(categoryTranslations.categoryId, productCategories.categoryId),
          eq(categoryTranslations.languageCode, LOCALE_LANGUAGE_CODE.hr),
        ),
      )
      .where(inArray(productCategories.productId, ids)),
    db
      .select({ productId: productTags.productId, name: tags.name })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(inArray(productTags.productId, ids)),
    parentIds.length ? db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, parentIds)) : [],
  ]);
  const parentSku = new Map(parents.map((p) => [p.id, p.sku]));
  return found.map((p) => {
    const row = {
      sku: p.sku,
      parent_sku: p.parentId === null ? "" : (parentSku.get(p.parentId) ?? ""),
      format: p.format,
      visible: p.isVisibleIndividually ? "1" : "0",
      retail_price: csvMoney(p.retailPriceCents),
      sale_price: csvMoney(p.priceCents),
      membership_price: p.membershipPriceCents === null ? "" : csvMoney(p.membershipPriceCents),
      vat_rate: canonicalRate(p.taxRateBp),
      stock: p.stock === null ? "" : String(p.stock),
      stock_exported: p.stock === null ? "" : String(p.stock),
      shipping_weight_g: p.shippingWeightG === null ? "" : String(p.shippingWeightG),
      categories: canonicalList(cats.filter((c) => c.productId === p.id).map((c) => c.slug)),
      tags: canonicalList(tagRows.filter((t) => t.productId === p.id).map((t) => t.name)),
    } as SheetRow;
    for (const locale of LOCALES) {
      const t = translations.find((tr) => tr.productId === p.id && tr.languageCode === LOCALE_LANGUAGE_CODE[locale]);
      row[translatedColumn("name", locale)] = t?.name ?? "";
      row[translatedColumn("slug", locale)] = t?.slug ?? "";
      row[translatedColumn("short_description", locale)] = t?.shortDescription ?? "";
      row[translatedColumn("description", locale)] = t?.description ?? "";
    }
    return { id: p.id, parentId: p.parentId, format: p.format, version: p.version, row };
  });
}

/** The CSV columns of the export: every sheet column under its own name. */
export const SHEET_CSV_COLUMNS: CsvColumn<SheetRow>[] = SHEET_COLUMNS.map((column) => ({ header: column, value: (row) => row[column] }));

/** Sheet rows of these products in this order (the filtered list's order), each followed by its variants. */
export async function sheetRowsInOrder(ids: number[]): Promise<SheetRow[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const variants = await db
    .select({ id: products.id, parentId: products.parentId })
    .from(products)
    .where(inArray(products.parentId, ids))
    .orderBy(asc(products.id));
  const byId = new Map((await loadSheetRows(db, { ids: [...ids, ...variants.map((v) => v.id)] })).map((p) => [p.id, p.row]));
  const variantsOf = new Map<number, number[]>();
  for (const v of variants) {
    if (!variantsOf.has(v.parentId!)) variantsOf.set(v.parentId!, []);
    variantsOf.get(v.parentId!)!.push(v.id);
  }
  return ids.flatMap((id) => [id, ...(variantsOf.get(id) ?? [])].flatMap((each) => byId.get(each) ?? []));
}
