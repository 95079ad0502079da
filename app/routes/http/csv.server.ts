import { toCsv, type CsvColumn } from "~/modules/kernel/csv.server";
import { shopDay } from "~/modules/kernel/shop-days";

/** The download answer of a backoffice list: `name-2026-11-24.csv` (the shop's day), never cached. */
export function csvResponse<Row>(name: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): Response {
  const day = shopDay();
  return new Response(toCsv(columns, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
