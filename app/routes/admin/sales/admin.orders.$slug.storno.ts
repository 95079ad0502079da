import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { orderRefOf } from "~/modules/order/order-admin-view.server";
import { documentPdf } from "~/modules/documents/order-documents.server";
import { requireStaff } from "~/routes/http/staff.server";
import { documentDownload } from "~/routes/http/document-route.server";

/**
 * The storno of a cancelled order's invoice from the backoffice (decision 0104), drawn
 * from its snapshot in the order's language; 404 while the order has none.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const order = params.slug ? await orderRefOf(params.slug) : null;
  if (!order) throw new Response("Not Found", { status: 404 });
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  return documentDownload(() => documentPdf(order.id, "storno", t, locale), order.page, `storno of order ${order.slug}`);
}
