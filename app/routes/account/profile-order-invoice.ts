import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { href } from "~/lib/routes-table";
import { requireOwnOrder } from "~/routes/http/order-route.server";
import { documentPdf } from "~/modules/documents/order-documents.server";
import { documentDownload } from "~/routes/http/document-route.server";
import { requestLocale } from "~/.server/shopper.server";

/**
 * The order's PDF invoice (spec §7 documents, decisions 0021, 0104): the issued document
 * drawn from its snapshot, only for its owner (others 404, visitors log in first). If it
 * cannot be made, the order page shows downloadFailed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const { order } = await requireOwnOrder(request, locale, params.slug);
  const t = await getFixedT(locale);
  return documentDownload(
    () => documentPdf(order.id, "invoice", t, locale),
    href("profileOrder", locale, { slug: order.slug }),
    `invoice of order ${order.slug}`,
  );
}
