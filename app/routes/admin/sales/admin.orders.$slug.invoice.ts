import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { orderRefOf } from "~/modules/order/order-admin-view.server";
import { documentPdf } from "~/modules/documents/order-documents.server";
import { requireStaff } from "~/routes/http/staff.server";
import { documentDownload } from "~/routes/http/document-route.server";

/**
 * An order's invoice from the backoffice (decisions 0039, 0104): the issued document, drawn
 * from its snapshot in the order's language (issued now for an order from before issued documents).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const order = params.slug ? await orderRefOf(params.slug) : null;
  if (!order) throw new Response("Not Found", { status: 404 });
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  return documentDownload(() => documentPdf(order.id, "invoice", t, locale), order.page, `invoice of order ${order.slug}`);
}
