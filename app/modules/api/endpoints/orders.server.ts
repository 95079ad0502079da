import { and, eq } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { orders } from "~/.server/db/schema";
import { hasErrorCode } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { text } from "~/lib/schema-fields";
import type { Locale } from "~/lib/locales";
import { getOrderHistory, getShopOrder, ORDERS_PER_PAGE, orderLineCounts } from "~/modules/account/orders.server";
import { customerDocumentLinks, type CustomerDocumentKind } from "~/modules/documents/customer-documents.server";
import { documentPdf } from "~/modules/documents/order-documents.server";
import { cancelOwnOrder, customerCancelState, CUSTOMER_CANCEL_REFUSALS } from "~/modules/order/customer-cancel.server";
import { guestOrderToken, guestTokenOrderId } from "~/modules/order/order-offer-token.server";
import { paymentInstructions } from "~/modules/order/payment-instructions.server";
import { SITE_ID } from "~/modules/kernel/options";
import { defineEndpoint } from "../api-endpoint";
import { listPage, pageQueryFields, pageRequest } from "../api-lists";
import { ApiError, notFound } from "../api-errors.server";
import { orderDetailSchema, orderListSchema } from "./order-schemas";

/**
 * The calls after the order (decision 0126): the signed-in customer's order history and
 * order detail, cancelling their own order, and a guest's order through its signed link.
 * Each reads the services of the account's order pages (the history, the order, its
 * issued documents, "pay again", the bank transfer's slip) and answers in the call's
 * language. Someone else's order is simply not found.
 */
type OrderRow = typeof orders.$inferSelect;

const ORDER_NOT_FOUND = { status: 404, message: "Order not found" };

/** The customer's order by its number (the account's order page's rule), or 404. */
async function customerOrderRow(userId: number, slug: string | undefined): Promise<OrderRow> {
  if (!slug || slug.length > 64) throw notFound(ORDER_NOT_FOUND.message);
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.userId, userId), eq(orders.slug, slug)));
  if (!order) throw notFound(ORDER_NOT_FOUND.message);
  return order;
}

/** The order a guest token names, or 404 (a tampered or foreign token included). */
async function guestOrderRow(token: string | undefined): Promise<OrderRow> {
  const orderId = guestTokenOrderId(token);
  if (orderId === null) throw notFound(ORDER_NOT_FOUND.message);
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.id, orderId)));
  if (!order) throw notFound(ORDER_NOT_FOUND.message);
  return order;
}

const absolute = (path: string) => new URL(path, env.PUBLIC_URL).toString();

/** The guest link of an order (order/create answers it to a guest). */
export function guestLinkOf(orderId: number) {
  const token = guestOrderToken(orderId);
  return { token, url: absolute(`/api/v1/ecommerce/order/guest/${token}`) };
}

/** The order's detail as the account's order page shows it; `guestToken`: the documents download through the guest link. */
async function orderDetail(row: OrderRow, locale: Locale, guestToken: string | null): Promise<z.input<typeof orderDetailSchema>> {
  const [order, t] = await Promise.all([getShopOrder(row.slug), getFixedT(locale)]);
  if (!order) throw notFound(ORDER_NOT_FOUND.message);
  const [documents, instructions, cancelRefusal] = await Promise.all([
    customerDocumentLinks(order, locale),
    paymentInstructions(row, env.PUBLIC_URL, guestToken ? "guest" : "customer"),
    customerCancelState(row),
  ]);
  return {
    slug: order.slug,
    createdAt: order.createdAt,
    email: order.email,
    status: { code: order.status, label: t(`orders.status.${order.status}`) },
    lines: order.lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      variantId: l.variantId,
      options: { personalizations: l.options.personalizations ?? {}, bundleOptions: l.options.bundleOptions ?? [] },
      quantity: l.quantity,
      lengthMm: l.lengthMm,
      priceUnit: l.priceUnit,
      unitCents: l.unitCents,
      lineTotalCents: l.rowCents,
      taxRatePercent: l.taxRateBp / 100,
    })),
    totals: {
      subtotalCents: order.totals.items,
      deliveryCents: order.totals.delivery,
      discountCents: order.totals.coupon + order.totals.loyalty,
      couponCents: order.totals.coupon,
      loyaltyCents: order.totals.loyalty,
      vatCents: order.totals.tax,
      totalCents: order.totals.total,
      refundedCents: order.refundedCents,
    },
    currency: order.currencyLabel,
    couponCode: order.couponCode,
    delivery: {
      method: order.deliveryMethodName,
      branch: order.deliveryBranchName,
      address: order.deliveryAddress,
      shipment: order.shipment,
    },
    billingAddress: order.billingAddress,
    payment: {
      method: order.paymentMethodName,
      gateway: order.paymentGateway,
      status: { code: order.paymentStatus, label: t(`orders.paymentStatus.${order.paymentStatus}`) },
      paidAt: order.paidAt,
    },
    documents: documents.map((d) => ({
      kind: d.kind,
      number: d.number,
      issuedAt: d.issuedAt,
      part: d.part,
      cancelled: d.cancelled,
      url: guestToken
        ? absolute(`/api/v1/ecommerce/order/guest/${guestToken}/document/${d.kind}${d.part ? `?part=${d.part}` : ""}`)
        : absolute(d.href),
    })),
    paymentInstructions: instructions,
    cancel: {
      allowed: cancelRefusal === null,
      reason: cancelRefusal === null ? null : t(`orders.cancel.refused.${cancelRefusal}`),
    },
  };
}

/** The account's order history: 10 a page. */
export const ORDER_PAGES = { perPage: ORDERS_PER_PAGE, maxPerPage: 100 };

export const orderEndpoints = {
  "user.orders.list": defineEndpoint({
    method: "GET",
    path: "/user/orders",
    service: "user",
    description:
      "10 orders a page; a page past the end has no records. status and paymentStatus carry a code and its label in the call's language; the detail is GET /user/orders/{slug}.",
    auth: "customer",
    summary: "The signed-in customer's orders, newest first, 10 a page (the account's order history)",
    query: z.object(pageQueryFields(ORDER_PAGES)),
    response: orderListSchema,
    handler: async ({ query, user, locale }) => {
      const asked = pageRequest(query, ORDER_PAGES);
      const [history, t] = await Promise.all([getOrderHistory((await user())!.id, asked.page, asked.perPage), getFixedT(locale)]);
      const lines = await orderLineCounts(history.orders.map((o) => o.id));
      const records = history.orders.map((o) => ({
        slug: o.slug,
        createdAt: o.createdAt,
        status: { code: o.status, label: t(`orders.status.${o.status}`) },
        paymentStatus: { code: o.paymentStatus, label: t(`orders.paymentStatus.${o.paymentStatus}`) },
        totalCents: o.total,
        currency: o.currencyLabel,
        lineCount: lines.get(o.id) ?? 0,
      }));
      return listPage(records, asked, history.count);
    },
  }),
  "user.orders.get": defineEndpoint({
    method: "GET",
    path: "/user/orders/:slug",
    service: "user",
    params: { slug: "The order number (records[].slug of GET /user/orders)" },
    auth: "customer",
    summary: "One of the signed-in customer's orders: status, lines, totals, delivery, payment, documents and payment instructions",
    description: "Another customer's order is not found (404), as an unknown one.",
    response: orderDetailSchema,
    errors: [ORDER_NOT_FOUND],
    handler: async ({ params, user, locale }) => orderDetail(await customerOrderRow((await user())!.id, params.slug), locale, null),
  }),
  "user.orders.cancel": defineEndpoint({
    method: "POST",
    path: "/user/orders/:slug/cancel",
    service: "user",
    params: { slug: "The order number (records[].slug of GET /user/orders)" },
    auth: "customer",
    summary: "Cancels one of the signed-in customer's orders while the shop allows it (the detail's cancel.allowed)",
    description:
      "Allowed while the order awaits shipment, nothing of it was sent and no money was received; otherwise 409 with the reason in the call's language. The stock and the coupon go back, the invoice gets its storno and the customer the cancellation mail, as when the shop cancels it.",
    body: z
      .object({ note: text({ max: 500, multiline: true }).optional().describe("The customer's reason, kept with the order") })
      .default({}),
    response: orderDetailSchema,
    errors: [ORDER_NOT_FOUND, ...CUSTOMER_CANCEL_REFUSALS.map((message) => ({ status: 409, message }))],
    handler: async ({ params, user, locale, body }) => {
      const current = (await user())!;
      const row = await customerOrderRow(current.id, params.slug);
      try {
        const cancelled = await cancelOwnOrder(current, row.slug, body.note ?? "");
        return orderDetail(cancelled, locale, null);
      } catch (error) {
        if (!hasErrorCode(error, "cancelRefused")) throw error;
        const t = await getFixedT(locale);
        throw new ApiError(409, t(error.key));
      }
    },
  }),
  "ecommerce.order.guest": defineEndpoint({
    method: "GET",
    path: "/ecommerce/order/guest/:token",
    service: "ecommerce",
    params: { token: "The token of order/create's guestLink" },
    auth: "public",
    summary: "A guest's order through its own link (order/create's guestLink): the same detail as a customer's order",
    description: "A token the shop did not sign, or one changed by a single character, is not found (404).",
    response: orderDetailSchema,
    errors: [ORDER_NOT_FOUND],
    handler: async ({ params, locale }) => orderDetail(await guestOrderRow(params.token), locale, params.token),
  }),
  "ecommerce.order.guest.document": defineEndpoint({
    method: "GET",
    path: "/ecommerce/order/guest/:token/document/:kind",
    service: "ecommerce",
    description:
      "kind: a document of the order's detail (documents[].kind); part: a partial return's credit note (documents[].part, 0 for the whole order). content is the PDF in base64.",
    params: { token: "The token of order/create's guestLink", kind: "invoice, storno or creditNote (the detail's documents[].kind)" },
    auth: "public",
    summary: "A document of a guest's order (invoice, storno, credit note) as the account page hands it out, the PDF in base64",
    query: z.object({ part: z.coerce.number().int().min(0).max(1000).default(0).describe("A partial return's credit note") }),
    response: z.object({
      fileName: z.string(),
      number: z.string(),
      contentType: z.literal("application/pdf"),
      content: z.string().describe("The PDF, base64"),
    }),
    errors: [ORDER_NOT_FOUND, { status: 404, message: "Document not found" }],
    handler: async ({ params, query, locale }) => {
      const order = await guestOrderRow(params.token);
      const kind = params.kind as CustomerDocumentKind;
      if (!["invoice", "storno", "creditNote"].includes(kind)) throw notFound("Document not found");
      const file = await documentPdf(order.id, kind, await getFixedT(locale), locale, query.part);
      if (!file) throw notFound("Document not found");
      return {
        fileName: file.fileName,
        number: file.number,
        contentType: "application/pdf" as const,
        content: file.pdf.toString("base64"),
      };
    },
  }),
};
