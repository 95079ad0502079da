import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { categories, categoryTranslations, productTranslations, tags } from "~/.server/db/schema";
import { LOCALES, LOCALE_LANGUAGE_CODE } from "~/lib/locales";
import { SITE_ID } from "~/modules/kernel/options";
import { parseCsv, unFormula } from "./csv-parse";
import { completeTranslations, readRow, type RowError } from "./product-import-rows";
import {
  LIST_SEPARATOR,
  SHEET_COLUMNS,
  loadSheetRows,
  translatedColumn,
  VARIANT_COLUMNS,
  type ExistingProduct,
  type SheetColumn,
  type SheetRow,
} from "./product-sheet.server";

/**
 * The dry run of a product import (docs/decisions/0047): every line of the
 * file checked against the shop as it is now, and per line its status ("new", "update",
 * "unchanged", "error"), exactly which columns change (old → new, in the sheet's canonical
 * texts), and each error with its line number and a translated reason. The import applies
 * the same plan, recomputed from the same file, never a diff the browser sent.
 */
export const IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 20_000 } as const;

export type RowStatus = "new" | "update" | "unchanged" | "error";
export type Change = { column: SheetColumn; from: string; to: string };
export type PlannedRow = {
  line: number;
  sku: string;
  status: RowStatus;
  changes: Change[];
  errors: RowError[];
  existing: ExistingProduct | null;
  values: Partial<SheetRow>;
  /** Units the file adds to (or takes from) the stock, for a line of an export (`stock_exported`). */
  stockDelta?: number;
};
export type ImportPlan = {
  fileErrors: RowError[];
  rows: PlannedRow[];
  counts: Record<RowStatus, number>;
  categoryIds: Map<string, number>;
  tagIds: Map<string, number>;
};

function emptyPlan(fileErrors: RowError[]): ImportPlan {
  return { fileErrors, rows: [], counts: { new: 0, update: 0, unchanged: 0, error: 0 }, categoryIds: new Map(), tagIds: new Map() };
}

function readHeader(cells: string[]): { header: SheetColumn[]; errors: RowError[] } {
  const header = cells.map((cell) => unFormula(cell).trim().toLowerCase()) as SheetColumn[];
  const errors: RowError[] = [];
  header.forEach((column, i) => {
    if (!(SHEET_COLUMNS as readonly string[]).includes(column)) errors.push({ key: "unknownColumn", values: { value: column } });
    else if (header.indexOf(column) !== i) errors.push({ key: "duplicateColumn", values: { value: column } });
  });
  if (!header.includes("sku")) errors.push({ key: "skuColumnMissing" });
  return { header, errors };
}

async function references(tx: Executor) {
  const [cats, tagRows] = await Promise.all([
    tx
      .select({ id: categories.id, slug: categoryTranslations.slug })
      .from(categories)
      .innerJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.languageCode, LOCALE_LANGUAGE_CODE.hr)),
      )
      .where(eq(categories.siteId, SITE_ID)),
    tx.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.siteId, SITE_ID)),
  ]);
  return { categoryIds: new Map(cats.map((c) => [c.slug, c.id])), tagIds: new Map(tagRows.map((t) => [t.name, t.id])) };
}

/** The file checked line by line; `tx` reads the shop (the import runs it inside its transaction). */
export async function planImport(tx: Executor, text: string): Promise<ImportPlan> {
  const { records } = parseCsv(text, { maxRecords: IMPORT_LIMITS.rows + 2 });
  if (records.length === 0) return emptyPlan([{ key: "emptyFile" }]);
  if (records.length > IMPORT_LIMITS.rows + 1) return emptyPlan([{ key: "tooManyRows", values: { max: IMPORT_LIMITS.rows } }]);
  const { header, errors: headerErrors } = readHeader(records[0].cells);
  if (headerErrors.length) return emptyPlan(headerErrors);

  const read = records.slice(1).map((record) => ({ line: record.line, ...readRow(header, record.cells, unFormula) }));
  const existing = new Map(
    (await loadSheetRows(tx, { skus: [...new Set(read.map((r) => r.values.sku).filter((s): s is string => !!s))] })).map((p) => [
      p.row.sku,
      p,
    ]),
  );
  const refs = await references(tx);
  const firstLine = new Map<string, number>();
  const rows: PlannedRow[] = read.map(({ line, values, errors }) => {
    const sku = values.sku ?? "";
    const current = existing.get(sku) ?? null;
    if (sku && firstLine.has(sku)) errors.push({ column: "sku", key: "duplicateSku", values: { line: firstLine.get(sku)! } });
    else if (sku) firstLine.set(sku, line);
    checkRow(values, current, errors, refs);
    const stockDelta = stockFromExport(values, current, errors);
    return { line, sku, status: "error", changes: [], errors, existing: current, values, stockDelta };
  });
  await checkSlugs(tx, rows);
  const counts = { new: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) {
    row.changes = row.errors.length ? [] : changesOf(row);
    row.status = row.errors.length ? "error" : !row.existing ? "new" : row.changes.length ? "update" : "unchanged";
    counts[row.status] += 1;
  }
  return { fileErrors: [], rows, counts, ...refs };
}

function checkRow(
  values: Partial<SheetRow>,
  current: ExistingProduct | null,
  errors: RowError[],
  refs: { categoryIds: Map<string, number>; tagIds: Map<string, number> },
) {
  const variant = checkVariant(values, current, errors);
  const cents = (column: "retail_price" | "sale_price") => Number((values[column] ?? current?.row[column] ?? "").replace(",", "."));
  if (cents("sale_price") > cents("retail_price")) errors.push({ column: "sale_price", key: "saleAboveRetail" });
  if (variant) return;
  // What shoppers can see needs a price above 0 (as in the editor): a price column wiped in the sheet is refused.
  const visible = (values.visible ?? current?.row.visible ?? "1") === "1";
  const priced = values.sale_price !== undefined || current !== null;
  if (visible && priced && !(cents("sale_price") > 0)) errors.push({ column: "sale_price", key: "soldWithoutPrice" });
  if (current && values.format && values.format !== current.format)
    errors.push({ column: "format", key: "formatChange", values: { from: current.format, to: values.format } });
  if (!current) {
    values.format ||= "simple";
    values.visible ??= "1";
    for (const column of ["retail_price", "sale_price"] as const)
      if (values[column] === undefined) errors.push({ column, key: "priceMissing" });
  }
  completeTranslations(values, current?.row ?? null, errors);
  for (const slug of values.categories ? values.categories.split(LIST_SEPARATOR) : []) {
    if (!refs.categoryIds.has(slug)) errors.push({ column: "categories", key: "unknownCategory", values: { value: slug } });
  }
  for (const tag of values.tags ? values.tags.split(LIST_SEPARATOR) : []) {
    if (!refs.tagIds.has(tag)) errors.push({ column: "tags", key: "unknownTag", values: { value: tag } });
  }
}

/**
 * A line that carries the export's `stock_exported` beside `stock` changes the stock by what
 * was edited in the file, not to the number in it: the export may be hours old and the shop
 * has sold since. Untouched (the two equal): the stock is left out. Two numbers: their
 * difference is added to today's stock (returned; the apply adds it to the locked row).
 * Tracking switched on or off in the file: only while the stock is still what was exported.
 */
function stockFromExport(values: Partial<SheetRow>, current: ExistingProduct | null, errors: RowError[]): number | undefined {
  const exported = values.stock_exported;
  delete values.stock_exported;
  if (exported === undefined || values.stock === undefined || !current) return undefined;
  const wanted = values.stock;
  if (wanted === exported) {
    delete values.stock;
    return undefined;
  }
  const now = current.row.stock;
  if (wanted !== "" && exported !== "" && now !== "") {
    const delta = Number(wanted) - Number(exported);
    values.stock = String(Number(now) + delta);
    return delta;
  }
  if (now !== exported)
    errors.push({ column: "stock", key: "stockMovedSinceExport", values: { current: now || "–", exported: exported || "–" } });
  return undefined;
}

/**
 * Variants come with their product in an export, each naming it in `parent_sku`. An import
 * changes what the editor's variant row changes (prices, stock; VARIANT_COLUMNS); a variant
 * is made, and its texts, categories and tags are set, in the product editor. True for a
 * variant's line (its other checks are not a product's).
 */
function checkVariant(values: Partial<SheetRow>, current: ExistingProduct | null, errors: RowError[]): boolean {
  const parentSku = values.parent_sku;
  delete values.parent_sku;
  if (!current) {
    if (parentSku) errors.push({ column: "parent_sku", key: "variantNew" });
    return !!parentSku;
  }
  if (parentSku !== undefined && parentSku !== current.row.parent_sku)
    errors.push({ column: "parent_sku", key: "parentChange", values: { value: current.row.parent_sku || "–" } });
  if (!current.parentId) return false;
  for (const column of SHEET_COLUMNS) {
    if (column === "sku" || VARIANT_COLUMNS.includes(column)) continue;
    const value = values[column];
    if (value !== undefined && value !== current.row[column]) errors.push({ column, key: "variantField" });
    delete values[column];
  }
  return true;
}

/** A slug may be taken by another product of the shop or by an earlier line of the file. */
async function checkSlugs(tx: Executor, rows: PlannedRow[]) {
  for (const locale of LOCALES) {
    const column = translatedColumn("slug", locale);
    const wanted = rows.filter((row) => row.values[column] && row.values[column] !== row.existing?.row[column]);
    if (wanted.length === 0) continue;
    const taken = await tx
      .select({ productId: productTranslations.productId, slug: productTranslations.slug })
      .from(productTranslations)
      .where(
        and(
          eq(productTranslations.languageCode, LOCALE_LANGUAGE_CODE[locale]),
          inArray(
            productTranslations.slug,
            wanted.map((row) => row.values[column]!),
          ),
        ),
      );
    const owner = new Map(taken.map((t) => [t.slug, t.productId]));
    const inFile = new Map<string, number>();
    for (const row of wanted) {
      const slug = row.values[column]!;
      const holder = owner.get(slug);
      if ((holder !== undefined && holder !== row.existing?.id) || inFile.has(slug))
        row.errors.push({ column, key: "slugTaken", values: { value: slug } });
      else inFile.set(slug, row.line);
    }
  }
}

function changesOf(row: PlannedRow): Change[] {
  const changes: Change[] = [];
  for (const column of SHEET_COLUMNS) {
    const to = row.values[column];
    if (to === undefined || column === "sku") continue;
    const from = row.existing?.row[column] ?? "";
    if (to !== from) changes.push({ column, from, to });
  }
  return changes;
}
