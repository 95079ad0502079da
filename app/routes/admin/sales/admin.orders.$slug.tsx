import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { setToast, type Toast } from "~/.server/toast.server";
import { mailMessageKey } from "~/modules/mail/mail-admin.server";
import { AdminPage } from "~/components/admin/list-page";
import { AuditTrail } from "~/components/admin/audit-trail";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useMessageText } from "~/components/ui/message";
import { formatDate, typedAmount } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { messageKey } from "~/lib/validation-message";
import { shopDay } from "~/modules/kernel/shop-days";
import { requireStaff } from "~/routes/http/staff.server";
import { orderMoveSchema } from "~/modules/order/order-admin.schema";
import { outstandingCents } from "~/modules/payment/ledger.server";
import { addOrderNote, moveOrder, resendConfirmation, type MoveResult } from "~/modules/order/order-admin.server";
import { orderAdminView, orderIdOf } from "~/modules/order/order-admin-view.server";
import { OrderMoves, type MoveAnswer } from "~/modules/order/order-admin-moves";
import { OrderPartsPanel } from "~/modules/order/order-admin-parts";
import {
  AddressLines,
  ConsentsGiven,
  MailsSent,
  NotesList,
  OrderLines,
  OrderTotals,
  Panel,
  PaymentFacts,
  ShipmentFacts,
} from "~/modules/order/order-admin-panels";
import { OrderStatusBadge } from "~/modules/order/order-status-badge";
import { requestLocale } from "~/.server/shopper.server";
import { DocumentLinks } from "~/modules/documents/document-links";
import { documentLinks } from "~/modules/documents/order-documents.server";

export const handle = { i18n: ["adminOrders", "documents", "orders"] };

/**
 * One order in the backoffice (/admin/orders/:slug, decision 0039): everything about it,
 * the moves its state allows (order-states.ts), internal notes, the confirmation sent
 * again, the invoice and the credit note. Every post: POST → action → redirect + toast;
 * a refusal answers the page with its status (400, 404, 409) and the reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const { locale } = requestLocale(request);
  const view = params.slug ? await orderAdminView(params.slug, locale) : null;
  if (!view) throw new Response("Not Found", { status: 404 });
  // The issued documents (decision 0104); an order from before them has its invoice issued now.
  const base = `/admin/orders/${encodeURIComponent(view.order.slug)}`;
  const issued = await documentLinks(view.order.id);
  const documents = issued
    .filter((d) => d.kind !== "deliveryNote")
    .map((d) => ({ ...d, href: `${base}/${ADMIN_DOCUMENT_PATHS[d.kind]}${d.part ? `?part=${d.part}` : ""}` }));
  const deliveryNote = issued.find((d) => d.kind === "deliveryNote" && d.part === 0) ?? null;
  // Each shipment's own delivery note (decision 0108), listed with its shipment.
  const shipmentNotes = Object.fromEntries(issued.filter((d) => d.kind === "deliveryNote" && d.part > 0).map((d) => [d.part, d.number]));
  return { locale, view, today: shopDay(), documents, deliveryNote, shipmentNotes };
}

const ADMIN_DOCUMENT_PATHS = { invoice: "invoice", storno: "storno", creditNote: "credit-note", deliveryNote: "delivery-note" } as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const { submission } = await readSubmission(request, orderMoveSchema);
  const orderId = params.slug ? await orderIdOf(params.slug) : null;
  if (!orderId || !params.slug) throw new Response("Not Found", { status: 404 });
  const self = `/admin/orders/${encodeURIComponent(params.slug)}`;
  const intent = typeof submission.payload.intent === "string" ? submission.payload.intent.slice(0, 20) : "";
  if (submission.status !== "success")
    return data<MoveAnswer>(
      { intent, errors: submission.error ?? {}, message: null, values: typedValues(submission.payload) },
      { status: 400 },
    );
  const input = submission.value;
  try {
    if (input.intent === "note") {
      await addOrderNote(staff, orderId, input.text);
      return redirect(self, { headers: await setToast({ type: "success", key: "adminOrders.notes.added" }) });
    }
    if (input.intent === "resend") {
      await resendConfirmation(staff, orderId);
      return redirect(self, { headers: await setToast({ type: "success", key: mailMessageKey("adminOrders.resent") }) });
    }
    const result = await moveOrder(staff, orderId, input);
    return redirect(self, { headers: await setToast(moveToast(result)) });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // A refusal about one field (a refund above what was received) shows at that field.
    const message = messageKey(error.key, error.values);
    return data<MoveAnswer>(
      {
        intent,
        errors: error.field ? { [error.field]: [message] } : {},
        message: error.field ? null : message,
        values: typedValues(submission.payload),
      },
      { status: error.status },
    );
  }
}

/** What the owner is told after a move: a payment of a part says what is still awaited, one of more than the total says so. */
function moveToast(result: MoveResult): Toast {
  // Without SMTP the customer's mail waits in the outbox: the message says so (decision 0101).
  if (result.move === "ship" && result.parcel && !result.parcel.complete)
    return { type: "success", key: mailMessageKey("adminOrders.moved.shipPart"), values: { number: result.parcel.number } };
  if (result.move === "ship") return { type: "success", key: mailMessageKey("adminOrders.moved.ship") };
  if (result.move !== "markPaid") return { type: "success", key: `adminOrders.moved.${result.move}` };
  const { order } = result;
  if (order.paymentStatus !== "paid") {
    return { type: "warning", key: "adminOrders.moved.partPaid", values: { amount: typedAmount(outstandingCents(order)) } };
  }
  return result.paidAmountDiffers
    ? { type: "warning", key: "adminOrders.moved.paidAmountDiffers" }
    : { type: "success", key: "adminOrders.moved.markPaid" };
}

/** The typed fields of a refused move (no secrets on this page), bounded, to fill the form again. */
function typedValues(payload: Record<string, unknown>): Record<string, string> {
  const fields = ["paidOn", "paidAmount", "carrier", "trackingNumber", "trackingUrl", "reason", "refundOn", "refundAmount", "refundNote"];
  const typed = fields.flatMap((name) => (typeof payload[name] === "string" ? [[name, (payload[name] as string).slice(0, 1000)]] : []));
  // A shipment's or a return's quantities, as the fields name them ("lines[0].quantity").
  const lines = Array.isArray(payload.lines) ? (payload.lines as unknown[]).slice(0, 500) : [];
  const quantities = lines.flatMap((line, i) => {
    const quantity = line && typeof line === "object" ? (line as Record<string, unknown>).quantity : undefined;
    return typeof quantity === "string" ? [[`lines[${i}].quantity`, quantity.slice(0, 20)]] : [];
  });
  return Object.fromEntries([...typed, ...quantities]);
}

export default function AdminOrder() {
  const { locale, view, today, documents, deliveryNote, shipmentNotes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const { order } = view;
  const base = `/admin/orders/${encodeURIComponent(order.slug)}`;
  const amounts = {
    outstanding: typedAmount(view.money.outstandingCents || order.orderTotalCents),
    refundable: typedAmount(view.money.refundableCents),
  };
  return (
    <AdminPage title={t("adminOrders.detail.title", { slug: order.slug })} testId="admin-order">
      <p className="text-sm">
        <Link to="/admin/orders" className="text-brand-700 underline">
          {t("adminOrders.detail.back")}
        </Link>
      </p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <time dateTime={order.createdAt}>{formatDate(order.createdAt, locale, { style: "numeric", time: "short" })}</time>
        <span data-testid="order-status">
          <OrderStatusBadge kind="status" value={order.status} />
        </span>
        <OrderStatusBadge kind="payment" value={order.paymentStatus} />
      </p>
      {/* A refused post (a move the state no longer allows, a stale version, a failed refund): the reason above everything. */}
      {answer?.message ? <FormMessage message={answer.message} /> : null}
      {/* One column below lg: the side column's moves and documents come first there, since they
          are what an owner on the go opens the order for; the columns dissolve into one grid to allow it. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4 max-lg:contents">
          <Panel title={t("adminOrders.lines.title")}>
            <OrderLines view={view} locale={locale} />
            <OrderTotals order={order} locale={locale} />
          </Panel>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Panel title={t("adminOrders.detail.customer")} testId="order-customer">
              <p className="text-sm">
                {order.userId !== null ? (
                  <Link to={`/admin/customers/${order.userId}`} className="text-brand-700 underline">
                    {order.email}
                  </Link>
                ) : (
                  order.email
                )}
              </p>
              {order.instructions ? (
                <p className="text-sm whitespace-pre-line">
                  {t("adminOrders.detail.instructions")}: {order.instructions}
                </p>
              ) : null}
            </Panel>
            <Panel title={t("adminOrders.detail.consents")}>
              <ConsentsGiven view={view} locale={locale} />
            </Panel>
            <Panel title={t("orders.detail.deliveryAddress")}>
              <AddressLines address={order.deliveryAddress} />
            </Panel>
            <Panel title={t("orders.detail.billingAddress")}>
              <AddressLines address={order.billingAddress} />
            </Panel>
            <Panel title={t("orders.detail.delivery")} testId="order-delivery">
              <p className="text-sm">
                {order.deliveryMethodName}
                {order.deliveryBranchName ? ` — ${order.deliveryBranchName}` : ""}
              </p>
              <ShipmentFacts order={order} locale={locale} />
            </Panel>
            <Panel title={t("orders.detail.payment")}>
              <PaymentFacts view={view} locale={locale} />
            </Panel>
          </div>
          <Panel title={t("adminOrders.mails.title")}>
            <MailsSent view={view} locale={locale} />
          </Panel>
          <AuditTrail
            entries={view.audit}
            locale={locale}
            actionLabel={(action) => t(`adminOrders.audit.${action}`, { defaultValue: action })}
          />
        </div>
        <div className="flex flex-col gap-4 max-lg:contents">
          <Panel title={t("adminOrders.moves.title")} className="max-lg:order-first">
            <OrderMoves order={order} moves={view.moves} answer={answer} today={today} amounts={amounts} lines={view.parts.lines} />
          </Panel>
          {view.parts.shipments.length || view.parts.returns.length ? (
            <Panel title={t("adminOrders.parts.title")} className="max-lg:order-first">
              <OrderPartsPanel
                parts={view.parts}
                base={base}
                deliveryNotes={shipmentNotes}
                creditNoteHref={(part) => `${base}/credit-note?part=${part}`}
                currencyLabel={order.currencyLabel}
                locale={locale}
              />
            </Panel>
          ) : null}
          <Panel title={t("orders.detail.documents")} className="max-lg:order-first" testId="order-documents">
            <DocumentLinks links={documents} testIdPrefix="admin-" />
            {/* The whole order's note, until it goes in parcels with notes of their own (or if it was printed before). */}
            {order.status !== "draft" && (deliveryNote || view.parts.shipments.length === 0) ? (
              <a
                href={`${base}/delivery-note`}
                download
                className="block text-sm text-brand-700 underline"
                data-testid="admin-delivery-note-link"
              >
                {deliveryNote ? t("documents.links.deliveryNote", { number: deliveryNote.number }) : t("documents.links.deliveryNoteNew")}
              </a>
            ) : null}
            {order.paymentGateway === "bankTransfer" ? (
              <a
                href={`${base}/payment-slip`}
                download
                className="block text-sm text-brand-700 underline"
                data-testid="admin-payment-slip-link"
              >
                {t("documents.links.paymentSlip")}
              </a>
            ) : null}
            <SecureForm>
              <Button name="intent" value="resend" variant="secondary" size="sm">
                {t("adminOrders.resend")}
              </Button>
            </SecureForm>
          </Panel>
          <Panel title={t("adminOrders.notes.title")}>
            <SecureForm className="flex flex-col gap-2" data-testid="note-form">
              <label htmlFor="note-text" className="text-sm font-semibold">
                {t("adminOrders.notes.label")}
              </label>
              <textarea
                id="note-text"
                name="text"
                required
                maxLength={5000}
                rows={3}
                className="rounded border border-slate-300 px-2 py-1"
              />
              {answer?.intent === "note" ? <FormMessage message={answer.errors.text?.[0]} /> : null}
              <Button name="intent" value="note" size="sm">
                {t("adminOrders.notes.add")}
              </Button>
            </SecureForm>
            <NotesList view={view} locale={locale} />
          </Panel>
        </div>
      </div>
    </AdminPage>
  );
}

function FormMessage({ message }: { message: string | null | undefined }) {
  const text = useMessageText();
  if (!message) return null;
  return (
    <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800" data-testid="order-refusal">
      {text(message)}
    </p>
  );
}
