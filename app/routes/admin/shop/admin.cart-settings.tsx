import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireStaff } from "~/routes/http/staff.server";

/**
 * The old cart settings screen: its switch (the request-quote cart) is part of the checkout
 * section of /admin/settings now (docs/decisions/0050); bookmarks lead there.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  return redirect("/admin/settings/checkout", 301);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "admin");
  return redirect("/admin/settings/checkout", 303);
}
