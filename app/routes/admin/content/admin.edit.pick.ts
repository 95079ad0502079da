import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireStaff } from "~/routes/http/staff.server";
import { pickQuerySchema } from "~/modules/editing/edit.schema";
import { pickList } from "~/modules/editing/pickers.server";

/**
 * GET: the searchable lists of the editing dialogs (link options, post list, product list,
 * product categories) as JSON: `?kind=product&q=panel&lng=hrv`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const url = new URL(request.url);
  const query = pickQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw data({ detail: "kind, q, lng" }, { status: 400 });
  return { items: await pickList(query.data.kind, query.data.q, query.data.lng) };
}
