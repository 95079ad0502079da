import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, max, notInArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { productCategories, productTags, productTranslations, products } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { LOCALES, LOCALE_LANGUAGE_CODE } from "~/lib/locales";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { SITE_ID } from "~/modules/kernel/options";
import { redirectChangedSlug } from "~/modules/redirects/slug-redirects.server";
import { decodeCsv } from "./csv-parse";
import type { StockValue } from "./stock-edit";
import { stockColumn } from "./stock-edit.server";
import { IMPORT_LIMITS, planImport, type ImportPlan, type PlannedRow } from "./product-import.server";
import { LIST_SEPARATOR, translatedColumn, type SheetRow } from "./product-sheet.server";

type Actor = Pick<Staff, "id" | "email">;

/**
 * Applying a checked import (docs/decisions/0047): the uploaded file is kept on the server
 * under its SHA-256 (the dry run's page posts only that token back), read again, planned
 * again inside ONE transaction and applied all or nothing: a file with any error line
 * changes nothing. New products are created with the file's format (simple when none is
 * given) and never get variants or bundle parts; existing ones only get their fields.
 */
function importDir(): string {
  const dataDir = process.env.DATA_DIR || "./data";
  return dataDir.startsWith("memory://") ? path.join(os.tmpdir(), `alu-krov-imports-${process.pid}`) : path.resolve(dataDir, "imports");
}

/** Keeps an uploaded file for the apply step; its token is the content's SHA-256. */
export async function keepImportFile(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength > IMPORT_LIMITS.bytes)
    throw new DomainError("importTooLarge", {
      message: "Import file too large",
      key: "adminProductList.import.errors.tooLarge",
      status: 413,
    });
  const token = createHash("sha256").update(bytes).digest("hex");
  await mkdir(importDir(), { recursive: true });
  await writeFile(path.join(importDir(), `${token}.csv`), bytes);
  return token;
}

export async function readImportFile(token: string): Promise<string> {
  if (!/^[0-9a-f]{64}$/.test(token)) throw expired();
  try {
    return decodeCsv(await readFile(path.join(importDir(), `${token}.csv`))).text;
  } catch {
    throw expired();
  }
}

/** Drops a kept file once it has been imported (another upload of the same bytes keeps it again). */
export async function forgetImportFile(token: string): Promise<void> {
  if (!/^[0-9a-f]{64}$/.test(token)) return;
  await rm(path.join(importDir(), `${token}.csv`), { force: true });
  await rm(path.join(importDir(), `${token}.stock.json`), { force: true });
}

/** Stock per product id as the dry run showed it. */
export type SeenStock = Map<number, StockValue>;
const stockOf = (cell: string): StockValue => (cell === "" ? null : Number(cell));

/**
 * Keeps, next to the file, the stock of each product the dry run showed for a line with a
 * stock column: what the apply checks a stock change against (decision 0092), like the
 * editor's loaded stock. A later dry run of the same file keeps what it showed instead.
 */
export async function keepSeenStock(token: string, plan: ImportPlan): Promise<void> {
  const seen = plan.rows.flatMap((r) =>
    r.existing && r.values.stock !== undefined && r.stockDelta === undefined ? [[r.existing.id, stockOf(r.existing.row.stock)]] : [],
  );
  await writeFile(path.join(importDir(), `${token}.stock.json`), JSON.stringify(seen));
}

export async function readSeenStock(token: string): Promise<SeenStock> {
  if (!/^[0-9a-f]{64}$/.test(token)) throw expired();
  try {
    return new Map(JSON.parse(await readFile(path.join(importDir(), `${token}.stock.json`), "utf-8")) as [number, StockValue][]);
  } catch {
    throw expired();
  }
}

const expired = () =>
  new DomainError("importExpired", { message: "Import file not found", key: "adminProductList.import.expired", status: 400 });

export type ImportResult = { created: number; updated: number; unchanged: number };

export async function applyImport(staff: Actor, text: string, seen: SeenStock): Promise<ImportResult> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const plan = await planImport(tx, text);
    if (plan.fileErrors.length || plan.counts.error > 0)
      throw new DomainError("importHasErrors", {
        message: "Import has errors",
        key: "adminProductList.import.hasErrors",
        status: 400,
        values: { errors: plan.counts.error || plan.fileErrors.length },
      });
    const created = await createProducts(tx, staff, plan);
    let updated = 0;
    for (const row of plan.rows.filter((r) => r.status === "update")) if (await updateProduct(tx, staff, plan, row, seen)) updated += 1;
    const summary = { created, updated, unchanged: plan.counts.unchanged + plan.counts.update - updated };
    await recordAudit(tx, staff, {
      entity: "productImport",
      entityId: null,
      action: "import",
      after: { ...summary, rows: plan.rows.length },
    });
    return summary;
  });
  if (result.created + result.updated > 0) await dataChanged("product", "category");
  return result;
}

const list = (value: string | undefined) => (value ? value.split(LIST_SEPARATOR) : []);
const cents = (value: string) => Math.round(Number(value.replace(",", ".")) * 100);

function productValues(v: Partial<SheetRow>) {
  const values: Partial<typeof products.$inferInsert> = {};
  if (v.visible !== undefined) values.isVisibleIndividually = v.visible === "1";
  if (v.retail_price !== undefined) values.retailPriceCents = cents(v.retail_price);
  if (v.sale_price !== undefined) values.priceCents = cents(v.sale_price);
  if (v.membership_price !== undefined) values.membershipPriceCents = v.membership_price === "" ? null : cents(v.membership_price);
  if (v.vat_rate !== undefined) values.taxRateBp = cents(v.vat_rate);
  if (v.stock !== undefined) values.stock = v.stock === "" ? null : Number(v.stock);
  if (v.shipping_weight_g !== undefined) values.shippingWeightG = v.shipping_weight_g === "" ? null : Number(v.shipping_weight_g);
  return values;
}

function translationRows(productId: number, v: Partial<SheetRow>) {
  return LOCALES.flatMap((locale) => {
    const name = v[translatedColumn("name", locale)] ?? "";
    if (!name) return [];
    return [
      {
        productId,
        languageCode: LOCALE_LANGUAGE_CODE[locale],
        name,
        slug: v[translatedColumn("slug", locale)] ?? "",
        shortDescription: v[translatedColumn("short_description", locale)] ?? "",
        description: v[translatedColumn("description", locale)] ?? "",
      },
    ];
  });
}

/** Next free position per category (new members go to the end of its order). */
async function nextPositions(tx: Executor, categoryIds: number[]) {
  const rows = categoryIds.length
    ? await tx
        .select({ id: productCategories.categoryId, last: max(productCategories.position) })
        .from(productCategories)
        .where(inArray(productCategories.categoryId, categoryIds))
        .groupBy(productCategories.categoryId)
    : [];
  const next = new Map(rows.map((r) => [r.id, (r.last ?? -1) + 1]));
  return (categoryId: number) => {
    const position = next.get(categoryId) ?? 0;
    next.set(categoryId, position + 1);
    return position;
  };
}

async function createProducts(tx: Executor, staff: Actor, plan: ImportPlan): Promise<number> {
  const fresh = plan.rows.filter((r) => r.status === "new");
  if (fresh.length === 0) return 0;
  const inserted: { id: number; sku: string }[] = [];
  for (let i = 0; i < fresh.length; i += 500) {
    const chunk = fresh.slice(i, i + 500);
    inserted.push(
      ...(await tx
        .insert(products)
        .values(
          chunk.map(
            (r) =>
              ({
                siteId: SITE_ID,
                sku: r.sku,
                format: r.values.format as "simple",
                stock: null,
                ...productValues(r.values),
              }) as typeof products.$inferInsert,
          ),
        )
        .returning({ id: products.id, sku: products.sku })),
    );
  }
  const idOf = new Map(inserted.map((p) => [p.sku, p.id]));
  const position = await nextPositions(tx, [
    ...new Set(fresh.flatMap((r) => list(r.values.categories).map((slug) => plan.categoryIds.get(slug)!))),
  ]);
  const translations = fresh.flatMap((r) => translationRows(idOf.get(r.sku)!, r.values));
  const memberships = fresh.flatMap((r) =>
    list(r.values.categories).map((slug) => ({ productId: idOf.get(r.sku)!, categoryId: plan.categoryIds.get(slug)!, position: 0 })),
  );
  for (const m of memberships) m.position = position(m.categoryId);
  const tagged = fresh.flatMap((r) => list(r.values.tags).map((name) => ({ productId: idOf.get(r.sku)!, tagId: plan.tagIds.get(name)! })));
  for (let i = 0; i < translations.length; i += 500) await tx.insert(productTranslations).values(translations.slice(i, i + 500));
  for (let i = 0; i < memberships.length; i += 1000) await tx.insert(productCategories).values(memberships.slice(i, i + 1000));
  for (let i = 0; i < tagged.length; i += 1000) await tx.insert(productTags).values(tagged.slice(i, i + 1000));
  for (const r of fresh)
    await recordAudit(tx, staff, {
      entity: "product",
      entityId: idOf.get(r.sku)!,
      action: "import",
      after: Object.fromEntries(r.changes.map((c) => [c.column, c.to])),
    });
  return fresh.length;
}

/**
 * The stock cell of a line under decision 0092's rule: the stock the dry run showed is what
 * the file is checked against, so a sale between the dry run and "apply" is neither undone
 * by a line that kept its stock nor overwritten by one that changed it (that refuses the
 * whole import, with the product's current stock).
 */
async function stockOfLine(tx: Executor, row: PlannedRow, seen: SeenStock) {
  if (row.values.stock === undefined) return {};
  // A line of an export adds what the file changed to the stock as it is now (a sale since stays sold).
  if (row.stockDelta !== undefined) return { stock: sql<number>`${products.stock} + ${row.stockDelta}` };
  const id = row.existing!.id;
  const [locked] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id)).for("update");
  const loaded = seen.has(id) ? seen.get(id)! : locked.stock;
  return stockColumn(locked.stock, loaded, stockOf(row.values.stock), {
    field: "stock",
    key: "adminProductList.import.stockMoved",
    values: { sku: row.sku },
  });
}

/** Applies one "update" line; false when nothing of it remains to write (its only change was a stock the rule leaves as it is). */
async function updateProduct(tx: Executor, staff: Actor, plan: ImportPlan, row: PlannedRow, seen: SeenStock): Promise<boolean> {
  const current = row.existing!;
  const id = current.id;
  const stock = await stockOfLine(tx, row, seen);
  row.changes = row.changes.filter((c) => c.column !== "stock" || "stock" in stock);
  if (row.changes.length === 0) return false;
  const merged = { ...current.row, ...row.values } as SheetRow;
  const changed = new Set<string>(row.changes.map((c) => c.column));
  const values = productValues(Object.fromEntries(row.changes.filter((c) => c.column !== "stock").map((c) => [c.column, c.to])));
  await tx
    .update(products)
    .set({ ...values, ...stock, version: sql`${products.version} + 1` })
    .where(eq(products.id, id));
  // A variant's row is edited on its product's page: an editor open there must see the change (409), not undo it.
  if (current.parentId !== null)
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1` })
      .where(eq(products.id, current.parentId));
  for (const locale of LOCALES) {
    if (!["name", "slug", "short_description", "description"].some((f) => changed.has(`${f}_${locale}`))) continue;
    const languageCode = LOCALE_LANGUAGE_CODE[locale];
    const [translation] = translationRows(id, merged).filter((t) => t.languageCode === languageCode);
    if (!translation)
      await tx
        .delete(productTranslations)
        .where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, languageCode)));
    else
      await tx
        .insert(productTranslations)
        .values(translation)
        .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.languageCode], set: translation });
    const oldSlug = current.row[translatedColumn("slug", locale)];
    if (translation && oldSlug && oldSlug !== translation.slug) await redirectChangedSlug(tx, "product", locale, oldSlug, translation.slug);
  }
  if (changed.has("categories")) {
    const wanted = list(merged.categories).map((slug) => plan.categoryIds.get(slug)!);
    await tx
      .delete(productCategories)
      .where(and(eq(productCategories.productId, id), wanted.length ? notInArray(productCategories.categoryId, wanted) : undefined));
    const have = new Set(
      (await tx.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, id))).map(
        (r) => r.id,
      ),
    );
    const adding = wanted.filter((c) => !have.has(c));
    const position = await nextPositions(tx, adding);
    if (adding.length)
      await tx
        .insert(productCategories)
        .values(adding.map((categoryId) => ({ productId: id, categoryId, position: position(categoryId) })));
  }
  if (changed.has("tags")) {
    await tx.delete(productTags).where(eq(productTags.productId, id));
    const wanted = list(merged.tags).map((name) => plan.tagIds.get(name)!);
    if (wanted.length) await tx.insert(productTags).values(wanted.map((tagId) => ({ productId: id, tagId })));
  }
  await recordAudit(tx, staff, {
    entity: "product",
    entityId: id,
    action: "import",
    before: Object.fromEntries(row.changes.map((c) => [c.column, c.from])),
    after: Object.fromEntries(row.changes.map((c) => [c.column, c.to])),
  });
  return true;
}
