import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopDay } from "~/modules/kernel/shop-days";
import { requireStaff } from "~/routes/http/staff.server";
import { customerIdOf, orNotFound } from "~/routes/http/customer-route.server";
import { exportCustomerData } from "~/modules/customer/customer-export.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/customers/:id/export: everything kept about the customer as a JSON file (GDPR access), audited. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const id = await customerIdOf(request, params.id);
  const body = await orNotFound(request, exportCustomerData(staff, id, requestLocale(request).locale));
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="kupac-${id}-${shopDay()}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
