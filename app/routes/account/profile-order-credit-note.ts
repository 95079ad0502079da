import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { href } from "~/lib/routes-table";
import { requireOwnOrder } from "~/routes/http/order-route.server";
import { pdfResponse } from "~/routes/http/download.server";
import { creditNoteFileName, renderCreditNote } from "~/modules/documents/invoice.server";
import { getSellerDetails } from "~/modules/payment/seller.server";
import { requestLocale } from "~/.server/shopper.server";

/** The credit note of the customer's returned order (decision 0039): only for its owner, 404 before it exists. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const { order } = await requireOwnOrder(request, locale, params.slug);
  const creditNote = order.creditNote;
  if (!creditNote) throw new Response("Not Found", { status: 404 });
  const t = await getFixedT(locale);
  try {
    return pdfResponse(
      await renderCreditNote({ ...order, creditNote }, await getSellerDetails(), t, locale),
      creditNoteFileName(creditNote, t),
    );
  } catch (error) {
    console.error(`credit note of order ${order.slug} failed`, error);
    return redirect(href("profileOrder", locale, { slug: order.slug }), {
      headers: await setToast({ type: "error", key: "orders.downloadFailed" }),
    });
  }
}
