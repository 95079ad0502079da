import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { orderRefOf } from "~/modules/order/order-admin-view.server";
import { deliveryNotePdf } from "~/modules/documents/order-documents.server";
import { requireStaff } from "~/routes/http/staff.server";
import { documentDownload, documentPart } from "~/routes/http/document-route.server";

/**
 * The delivery note (otpremnica) of an order from the backoffice (decision 0104): issued
 * by the staff member the first time it is printed, then always the same document.
 * A GET that issues: issuing is idempotent and the document a copy of the order's lines.
 * `?shipment=n`: the note issued with the order's n-th shipment (decision 0108).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const shipment = documentPart(request, "shipment");
  const order = params.slug ? await orderRefOf(params.slug) : null;
  if (!order) throw new Response("Not Found", { status: 404 });
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  return documentDownload(
    () => deliveryNotePdf(order.id, { id: staff.id, email: staff.email }, t, locale, shipment),
    order.page,
    `delivery note of order ${order.slug}`,
  );
}
