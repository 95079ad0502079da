import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { href } from "~/lib/routes-table";
import { requireOwnOrder } from "~/routes/http/order-route.server";
import { documentPdf } from "~/modules/documents/order-documents.server";
import { documentDownload } from "~/routes/http/document-route.server";
import { requestLocale } from "~/.server/shopper.server";

/** The storno of the customer's cancelled order's invoice (decision 0104): only for its owner, 404 while there is none. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const { order } = await requireOwnOrder(request, locale, params.slug);
  const t = await getFixedT(locale);
  return documentDownload(
    () => documentPdf(order.id, "storno", t, locale),
    href("profileOrder", locale, { slug: order.slug }),
    `storno of order ${order.slug}`,
  );
}
