import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireStaff } from "~/modules/admin/staff.server";

/**
 * The sent contact and database forms (issue 7 item 4) are part of the enquiries inbox
 * (issue 14 item 4, docs/decisions/0041): the old address, kept for bookmarks, shows the
 * inbox filtered to forms.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  return redirect("/admin/enquiries?kind=form");
}
