import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { requireStaff } from "~/routes/http/staff.server";
import { rowNotFound } from "~/routes/http/row-param.server";
import { adminEditorPath } from "~/modules/editing/pickers.server";

/**
 * GET: from a product or category outlined in edit mode to its backoffice editor
 * (`?kind=product&slug=...` → /admin/products/12). The page knows slugs, the editors ids.
 */
const openQuery = z.object({ kind: z.enum(["product", "category"]), slug: z.string().trim().min(1).max(200) });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = openQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const path = query.success ? await adminEditorPath(query.data.kind, query.data.slug) : null;
  if (!path) throw await rowNotFound(request, "editing.errors.notFound");
  return redirect(path);
}
