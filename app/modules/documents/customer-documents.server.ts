import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { orders } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { fileName } from "./pdf.server";
import { getCustomerOrder, getOrderHistory, type OrderSummary } from "~/modules/account/orders.server";
import { documentLinks, documentPdf, type DocumentLink } from "./order-documents.server";

/**
 * The customer's documents over the API (spec §7 document/filter/web, document/get/web;
 * decision 0061): the invoices of their own orders, the same order history and the same
 * PDF as the profile's order pages. Another customer's order is simply not found.
 */
export type CustomerDocument = OrderSummary & { kind: "invoice"; fileName: string; downloadUrl: string };

function documentOf(order: OrderSummary, fileName: string, locale: Locale): CustomerDocument {
  const downloadUrl = new URL(href("profileOrderInvoice", locale, { slug: order.slug }), env.PUBLIC_URL).toString();
  return { ...order, kind: "invoice", fileName, downloadUrl };
}

/** One page of the customer's order invoices, newest first (the profile's order history). */
export async function listCustomerDocuments(userId: number, page: number, locale: Locale, perPage?: number) {
  const t = await getFixedT(locale);
  const history = await getOrderHistory(userId, page, perPage);
  return {
    records: history.orders.map((o) => documentOf(o, fileName(t("documents.fileName.invoice"), o.slug), locale)),
    pagination: history.pagination,
  };
}

/** The invoice of one of the customer's orders (by order id) with its PDF; null when the order is not theirs. */
export async function getCustomerDocument(
  userId: number,
  orderId: number,
  locale: Locale,
): Promise<(CustomerDocument & { pdf: Buffer }) | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: orders.slug })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  const order = row ? await getCustomerOrder(userId, row.slug) : null;
  if (!order) return null;
  const t = await getFixedT(locale);
  // The issued invoice, drawn from its snapshot (decision 0104).
  const file = await documentPdf(order.id, "invoice", t, locale);
  if (!file) return null;
  const summary: OrderSummary = {
    id: order.id,
    slug: order.slug,
    createdAt: order.createdAt,
    status: order.status,
    paymentStatus: order.paymentStatus,
    total: order.totals.total,
    currencyLabel: order.currencyLabel,
  };
  return { ...documentOf(summary, file.fileName, locale), pdf: file.pdf };
}

// The documents a customer downloads, and the account page each downloads from (the delivery note travels with the parcel).
const CUSTOMER_DOCUMENTS = { invoice: "profileOrderInvoice", storno: "profileOrderStorno", creditNote: "profileOrderCreditNote" } as const;
export type CustomerDocumentKind = keyof typeof CUSTOMER_DOCUMENTS;

/**
 * The issued documents of an order its customer may download (decision 0104), each with
 * the account page's download path (the account's order page and the API's order detail).
 */
export async function customerDocumentLinks(
  order: { id: number; slug: string },
  locale: Locale,
): Promise<(DocumentLink & { kind: CustomerDocumentKind; href: string })[]> {
  return (await documentLinks(order.id))
    .filter((d): d is DocumentLink & { kind: CustomerDocumentKind } => d.kind in CUSTOMER_DOCUMENTS)
    .map((d) => ({
      ...d,
      // A partial return's credit note (decision 0108): the same download with its part.
      href: `${href(CUSTOMER_DOCUMENTS[d.kind], locale, { slug: order.slug })}${d.part ? `?part=${d.part}` : ""}`,
    }));
}
