import { formatDate, type DateFormat } from "~/lib/format";

/**
 * CSV exports of the backoffice lists (DESIGN.md "One list pattern"): UTF-8 with a BOM and
 * `;` between fields, so Croatian Excel opens it with č, ć, š, ž intact and its own comma
 * decimals; money as "1234,50". A value that starts like a formula (= + - @, tab, CR) is
 * prefixed with ' so a spreadsheet shows it instead of running it (CSV injection).
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(";")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** Cents as the Croatian spreadsheet number "1234,50" (no thousands separator, no currency). */
export function csvMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** A date and time in the shop's time zone, as the screen shows it. */
export function csvDate(value: Date | string | null, format: DateFormat = { style: "numeric", time: "short" }): string {
  return value ? formatDate(value, "hr", format) : "";
}
