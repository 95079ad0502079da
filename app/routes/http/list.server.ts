import { data } from "@remix-run/node";
import type { z } from "zod/v4";
import { getFixedT } from "~/.server/i18n.server";
import { parseListQuery } from "~/modules/kernel/list.server";
import { requestLocale } from "~/.server/shopper.server";

/**
 * The list's query from the URL (DESIGN.md "One list pattern"). A value no control of the
 * screen produces (a sort column that does not exist, page "x") is a 400 with a translated
 * reason, never a 500.
 */
export async function readListQuery<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const query = parseListQuery(new URL(request.url).searchParams, schema);
  if (query === null) {
    const t = await getFixedT(requestLocale(request).locale);
    throw data({ detail: t("admin.list.badQuery") }, { status: 400 });
  }
  return query;
}

/**
 * Where a list's bulk action returns: the list itself with the filters it was posted from
 * (the bulk form posts to the list's own URL). Built from the request's own path, never
 * from a posted value, so it is always local.
 */
export function backToList(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
