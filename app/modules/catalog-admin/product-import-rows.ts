import { PRODUCT_FORMATS } from "~/.server/db/schema";
import { hasInvalidCharacters, SLUG_MAX } from "~/lib/schema-fields";
import { SLUG_PATTERN, slugify } from "~/lib/slug";
import { LOCALES } from "~/lib/locales";
import { csvMoney } from "~/modules/kernel/csv.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { MAX_SHIPPING_WEIGHT_G } from "./product-editor.schema";
import { canonicalList, canonicalRate, LIST_SEPARATOR, translatedColumn, type SheetColumn, type SheetRow } from "./product-sheet.server";

/**
 * One line of an import file turned into the sheet's canonical texts (product-sheet.server.ts),
 * or the reasons it cannot be: each a locale key of adminProductList.import.errors with its
 * column. Only the columns the file has are read; the others stay as they are.
 */
export type RowError = { column?: string; key: string; values?: Record<string, string | number> };
export type ReadRow = { values: Partial<SheetRow>; errors: RowError[] };

const LIMITS: Record<string, number> = { sku: 100, parent_sku: 100, name: 200, short_description: 1000, description: 20_000 };
const TRUE = new Set(["1", "da", "yes", "true", "ja", "x"]);
const FALSE = new Set(["0", "ne", "no", "false", "nein", ""]);

function money(value: string): number | null {
  const plain = value.replace(/[\s€]/g, "");
  if (!/^\d{1,8}([.,]\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain.replace(",", ".")) * 100);
}

function readCell(column: SheetColumn, raw: string, errors: RowError[]): string {
  const value = raw.trim();
  const fail = (key: string, values?: Record<string, string | number>) => {
    errors.push({ column, key, values });
    return value;
  };
  const field = column.replace(/_(hr|en|de)$/, "");
  if (hasInvalidCharacters(value, { multiline: field === "description" || field === "short_description" }))
    return fail("invalidCharacters");
  if (LIMITS[field] && value.length > LIMITS[field]) return fail("tooLong", { max: LIMITS[field] });
  switch (column) {
    case "format":
      if (value !== "" && !(PRODUCT_FORMATS as readonly string[]).includes(value)) return fail("unknownFormat", { value });
      return value;
    case "visible": {
      const lower = value.toLowerCase();
      if (TRUE.has(lower)) return "1";
      if (FALSE.has(lower)) return "0";
      return fail("badFlag", { value });
    }
    case "retail_price":
    case "sale_price":
    case "membership_price": {
      if (value === "") return column === "membership_price" ? "" : fail("priceMissing");
      const cents = money(value);
      return cents === null ? fail("badPrice", { value }) : csvMoney(cents);
    }
    case "vat_rate": {
      const rate = Number(value.replace("%", "").replace(",", "."));
      if (value === "" || !Number.isFinite(rate) || rate < 0 || rate > 100) return fail("badVat", { value });
      return canonicalRate(Math.round(rate * 100));
    }
    case "stock":
    case "stock_exported":
      if (value === "") return "";
      if (!/^-?\d{1,9}$/.test(value)) return fail("badStock", { value });
      return String(Number(value));
    case "shipping_weight_g":
      if (value === "") return "";
      if (!/^\d{1,7}$/.test(value) || Number(value) < 1 || Number(value) > MAX_SHIPPING_WEIGHT_G)
        return fail("badWeight", { value, max: MAX_SHIPPING_WEIGHT_G });
      return String(Number(value));
    case "categories":
    case "tags":
      return canonicalList(value.split(LIST_SEPARATOR));
    default:
      break;
  }
  if (field === "description") return sanitizeCmsHtml(value);
  return value;
}

const validSlug = (value: string) => value.length >= 4 && value.length <= SLUG_MAX && SLUG_PATTERN.test(value);

/** The file's cells of one line under the header's columns, checked and canonical. */
export function readRow(header: SheetColumn[], cells: string[], unFormula: (value: string) => string): ReadRow {
  const errors: RowError[] = [];
  if (cells.length !== header.length)
    return { values: {}, errors: [{ key: "cellCount", values: { expected: header.length, found: cells.length } }] };
  const values: Partial<SheetRow> = {};
  header.forEach((column, i) => {
    values[column] = readCell(column, unFormula(cells[i]), errors);
  });
  if (!values.sku) errors.push({ column: "sku", key: "skuMissing" });
  return { values, errors };
}

/**
 * The translations of a row once the product it meets is known: a name without a slug gets
 * the slug of its name; a slug without a name, or a Croatian name missing, is an error.
 */
export function completeTranslations(values: Partial<SheetRow>, current: SheetRow | null, errors: RowError[]): void {
  for (const locale of LOCALES) {
    const name = translatedColumn("name", locale);
    const slug = translatedColumn("slug", locale);
    const nameValue = values[name] ?? current?.[name] ?? "";
    if (name in values || slug in values) {
      if (values[slug] === "" || (values[slug] === undefined && !current?.[slug]))
        values[slug] = nameValue ? slugify(nameValue).slice(0, SLUG_MAX) : "";
    }
    const slugValue = values[slug] ?? current?.[slug] ?? "";
    // Spec §5 slug rules for a slug the file sets; a product's own slug read back unchanged passes as it is.
    const changedSlug = values[slug] !== undefined && values[slug] !== (current?.[slug] ?? "");
    if (locale === "hr" && !nameValue) errors.push({ column: name, key: "nameMissing" });
    else if (!nameValue && slugValue) errors.push({ column: name, key: "nameMissing" });
    else if (nameValue && (slugValue.length < 4 || (changedSlug && !validSlug(slugValue))))
      errors.push({ column: slug, key: "badSlug", values: { value: slugValue } });
  }
}
