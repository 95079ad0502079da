import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { orderRefOf } from "~/modules/order/order-admin-view.server";
import { documentPdf } from "~/modules/documents/order-documents.server";
import { requireStaff } from "~/routes/http/staff.server";
import { documentDownload, documentPart } from "~/routes/http/document-route.server";

/**
 * The credit note of a returned order from the backoffice (decisions 0039, 0104), drawn
 * from its snapshot in the order's language; 404 before it is returned. `?part=n`: the credit
 * note of its n-th partial return (decision 0108).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const part = documentPart(request, "part");
  const order = params.slug ? await orderRefOf(params.slug) : null;
  if (!order) throw new Response("Not Found", { status: 404 });
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  return documentDownload(() => documentPdf(order.id, "creditNote", t, locale, part), order.page, `credit note of order ${order.slug}`);
}
