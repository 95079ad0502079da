import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { href } from "~/lib/routes-table";
import { requireOwnOrder } from "~/routes/http/order-route.server";
import { invoiceFileName, renderInvoice } from "~/modules/documents/invoice.server";
import { getSellerDetails } from "~/modules/payment/seller.server";
import { requestLocale } from "~/.server/shopper.server";

/**
 * The order's PDF invoice (spec §7 documents, decision 0021): only for its owner (others
 * 404, visitors log in first). If it cannot be made, the order page shows downloadFailed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const { order } = await requireOwnOrder(request, locale, params.slug);
  const t = await getFixedT(locale);
  let pdf: Buffer;
  try {
    pdf = await renderInvoice(order, await getSellerDetails(), t, locale);
  } catch (error) {
    console.error(`invoice of order ${order.slug} failed`, error);
    const headers = await setToast({ type: "error", key: "orders.downloadFailed" });
    return redirect(href("profileOrder", locale, { slug: order.slug }), { headers });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(order, t)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
