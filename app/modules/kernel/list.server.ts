import { parseWithZod } from "@conform-to/zod/v4";
import { gte, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z, type ZodRawShape } from "zod/v4";
import { oversizedLists } from "~/.server/form-lists.server";
import { integer, optionalText } from "~/lib/schema-fields";
import { pageInfo, type PageInfo } from "~/lib/pagination";
import { isIsoDay, shopDayEnd, shopDayStart } from "~/modules/kernel/shop-days";
import { ADMIN_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE } from "~/lib/admin-list";

/**
 * The one list pattern of the backoffice (DESIGN.md "One list pattern"): a list's GET form
 * puts search `q`, its filters, `sort`, `dir`, `page` and `perPage` in the URL, so a list
 * works without JavaScript and a copied link shows the same rows; the same query on the
 * list's `.csv` resource route (/admin/orders.csv?...) exports exactly the filtered list
 * (csv.server.ts, docs/decisions/0038).
 *
 *   const ordersQuery = listQuery({ sorts: ["createdAt", "total"], sort: "createdAt", dir: "desc" }, {
 *     status: z.enum(ORDER_STATUSES).optional(),
 *   });
 *   const query = await readListQuery(request, ordersQuery); // app/routes/http/list.server.ts
 */
export function listQuery<Sort extends string, Filters extends ZodRawShape>(
  { sorts, sort, dir }: { sorts: readonly [Sort, ...Sort[]]; sort: NoInfer<Sort>; dir: "asc" | "desc" },
  filters: Filters,
) {
  return z.object({
    q: optionalText({ max: 100 }),
    sort: z.enum(sorts).default(sort as never),
    dir: z.enum(["asc", "desc"]).default(dir),
    page: integer({ min: 1, max: 100_000 }).default(1),
    perPage: z
      .number()
      .int()
      .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n))
      .default(DEFAULT_ADMIN_PAGE_SIZE),
    ...filters,
  });
}

/**
 * The list's query from the URL's parameters, or null for a value no control of the screen
 * produces (a sort column that does not exist, page "x"); the route answers that with a 400
 * and a translated reason (app/routes/http/list.server.ts), never a 500.
 */
export function parseListQuery<Schema extends z.ZodTypeAny>(params: URLSearchParams, schema: Schema): z.output<Schema> | null {
  // A list longer than the filter takes (`?tag[99999]=x`) is refused before conform builds it.
  const submission = oversizedLists(params.entries(), schema).lists.length > 0 ? null : parseWithZod(params, { schema });
  return submission?.status === "success" ? (submission.value as z.output<Schema>) : null;
}

/** Page info for `total` rows, and the rows' OFFSET/LIMIT; a page past the end shows the last. */
export function listPage(total: number, query: { page: number; perPage: number }): PageInfo & { offset: number; limit: number } {
  const info = pageInfo(query.page, query.perPage, total);
  return { ...info, offset: (info.page - 1) * info.perPage, limit: info.perPage };
}

/** A LIKE pattern for a search term: its own % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const listDay = optionalText({ max: 10 }).refine((value) => value === undefined || isIsoDay(value), "admin.list.badQuery");

/** The "from … to …" day filter of a list (YYYY-MM-DD, the shop's days): spread into listQuery's filters. */
export const DAY_RANGE = { from: listDay, to: listDay };

/** The conditions of a DAY_RANGE filter on a timestamp column: from the first day's start to the last day's end. */
export function inDayRange(column: PgColumn, { from, to }: { from?: string; to?: string }): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, shopDayStart(from)));
  if (to) conditions.push(lt(column, shopDayEnd(to)));
  return conditions;
}
