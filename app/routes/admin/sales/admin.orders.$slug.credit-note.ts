import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import type { Locale } from "~/lib/locales";
import { getShopOrder } from "~/modules/account/orders.server";
import { requireStaff } from "~/routes/http/staff.server";
import { pdfResponse } from "~/routes/http/download.server";
import { creditNoteFileName, renderCreditNote } from "~/modules/documents/invoice.server";
import { getSellerDetails } from "~/modules/payment/seller.server";

/** The credit note of a returned order from the backoffice (decision 0039); 404 before it is returned. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const order = params.slug ? await getShopOrder(params.slug) : null;
  const creditNote = order?.creditNote;
  if (!order || !creditNote) throw new Response("Not Found", { status: 404 });
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  try {
    return pdfResponse(
      await renderCreditNote({ ...order, creditNote }, await getSellerDetails(), t, locale),
      creditNoteFileName(creditNote, t),
    );
  } catch (error) {
    console.error(`credit note of order ${order.slug} failed`, error);
    return redirect(`/admin/orders/${encodeURIComponent(order.slug)}`, {
      headers: await setToast({ type: "error", key: "orders.downloadFailed" }),
    });
  }
}
