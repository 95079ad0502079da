import { data } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { rowId } from "~/modules/kernel/row-param.server";
import { requestLocale } from "~/.server/shopper.server";

/**
 * The `:id` of a backoffice detail screen (/admin/coupons/:id, ...): anything but a row id
 * (rowId), like a row that does not exist, is the screen's own translated 404
 * (`notFoundKey`), never a 500 from a query with a bad number.
 */
export async function rowNotFound(request: Request, notFoundKey: string) {
  const t = await getFixedT(requestLocale(request).locale);
  return data({ detail: t(notFoundKey) }, { status: 404 });
}

export async function rowIdParam(request: Request, raw: string | undefined, notFoundKey: string): Promise<number> {
  const id = rowId(raw);
  if (id === null) throw await rowNotFound(request, notFoundKey);
  return id;
}

/** As rowIdParam, for screens that also create: `new` is null. */
export async function rowIdOrNew(request: Request, raw: string | undefined, notFoundKey: string): Promise<number | null> {
  return raw === "new" ? null : rowIdParam(request, raw, notFoundKey);
}
