import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { href } from "~/lib/routes-table";
import { requireOwnOrder } from "~/routes/http/order-route.server";
import { documentPdf } from "~/modules/documents/order-documents.server";
import { documentDownload, documentPart } from "~/routes/http/document-route.server";
import { requestLocale } from "~/.server/shopper.server";

/** The credit note of the customer's returned order (decisions 0039, 0104): only for its owner, 404 before it exists; `?part=n` that of a partial return (decision 0108). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const part = documentPart(request, "part");
  const { order } = await requireOwnOrder(request, locale, params.slug);
  const t = await getFixedT(locale);
  return documentDownload(
    () => documentPdf(order.id, "creditNote", t, locale, part),
    href("profileOrder", locale, { slug: order.slug }),
    `credit note of order ${order.slug}`,
  );
}
