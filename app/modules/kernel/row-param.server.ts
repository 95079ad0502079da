import { INT4_MAX } from "~/lib/schema-fields";

/**
 * The `:id` of a backoffice detail screen (/admin/coupons/:id, ...): a row id is a
 * positive int4, or null for anything else (the route answers it as the screen's 404,
 * app/routes/http/row-param.server.ts), never a query with a bad number.
 */
export function rowId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 && id <= INT4_MAX ? id : null;
}
