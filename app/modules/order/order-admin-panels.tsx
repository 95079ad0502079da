import type { ReactNode } from "react";
import type { OrderAddress } from "~/.server/db/schema";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatMetres, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { OrderAdminView } from "./order-admin-view.server";

/**
 * The read-only panels of the backoffice order page (decision 0039): lines, totals,
 * customer and addresses, delivery and payment, consents, documents, mails sent, notes.
 */
type View = OrderAdminView;
type Order = View["order"];

export function Panel({
  title,
  children,
  testId,
  className = "",
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <section className={`space-y-2 rounded border border-slate-200 bg-white p-4 ${className}`} data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function useMoney(order: Pick<Order, "currencyLabel">, locale: Locale) {
  return (cents: number) => formatPrice(cents, { label: order.currencyLabel, symbol: "€" }, locale);
}

export function OrderLines({ view, locale }: { view: View; locale: Locale }) {
  const { t } = useTranslation();
  const money = useMoney(view.order, locale);
  type Line = View["lines"][number];
  const columns: Column<Line>[] = [
    { id: "name", header: t("adminOrders.lines.name"), cell: (l) => l.name },
    { id: "sku", header: t("adminOrders.lines.sku"), cell: (l) => <span className="font-mono text-xs">{l.sku}</span> },
    { id: "options", header: t("adminOrders.lines.options"), cell: (l) => (l.options.length ? l.options.join(", ") : "—") },
    { id: "quantity", header: t("adminOrders.lines.quantity"), align: "end", cell: (l) => l.quantity },
    {
      id: "unit",
      header: t("adminOrders.lines.unit"),
      align: "end",
      cell: (l) => `${money(l.unitCents)}${l.lengthMm !== null ? "/m" : ""}`,
    },
    {
      id: "length",
      header: t("adminOrders.lines.length"),
      align: "end",
      cell: (l) => (l.lengthMm !== null ? formatMetres(l.lengthMm, locale) : "—"),
    },
    { id: "row", header: t("adminOrders.lines.row"), align: "end", cell: (l) => money(l.rowCents) },
  ];
  return (
    <DataTable
      caption={t("adminOrders.lines.title")}
      columns={columns}
      rows={view.lines}
      rowKey={(l) => l.id}
      empty="—"
      testId="order-lines"
      keyboardScroll
      rowTestId="order-line"
    />
  );
}

export function OrderTotals({ order, locale }: { order: Order; locale: Locale }) {
  const { t } = useTranslation();
  const money = useMoney(order, locale);
  const rows: [string, string, number][] = [
    ["items", t("orders.totals.items"), order.itemsTotalCents],
    ["coupon", `${t("orders.totals.coupon")}${order.couponCode ? ` (${order.couponCode})` : ""}`, -order.couponCents],
    ["loyalty", t("orders.totals.loyalty"), -order.loyaltyCents],
    ["delivery", t("orders.totals.delivery"), order.deliveryCents],
    ["tax", t("orders.totals.tax"), order.taxCents],
    ["total", t("adminOrders.totals.total"), order.orderTotalCents],
    ["refunded", t("adminOrders.totals.refunded"), order.refundedCents],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="order-totals">
      {rows.map(([key, label, cents]) => (
        <div key={key} className={`contents ${key === "total" ? "font-bold" : ""}`}>
          <dt>{label}</dt>
          <dd className="text-right" data-testid={`order-total-${key}`}>
            {money(cents)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function AddressLines({ address }: { address: OrderAddress }) {
  const lines = [
    address.companyName ? `${address.companyName}${address.companyOib ? `, OIB ${address.companyOib}` : ""}` : "",
    `${address.firstName} ${address.lastName}`.trim(),
    `${address.street} ${address.houseNumber}`.trim(),
    `${address.zipCode} ${address.city}`.trim(),
    address.countryName,
    [address.contactEmail, address.contactPhone].filter(Boolean).join(", "),
  ].filter(Boolean);
  return (
    <address className="text-sm not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Payment method and status, the ledger of money received and given back, and what is still owed either way. */
export function PaymentFacts({ view, locale }: { view: View; locale: Locale }) {
  const { t } = useTranslation();
  const { order, money: ledger } = view;
  const money = useMoney(order, locale);
  const partPaid = ledger.outstandingCents > 0 && order.paidAmountCents > 0;
  return (
    <div className="space-y-2 text-sm" data-testid="order-payment">
      <p>
        {order.paymentMethodName} ({t(`adminOrders.gateway.${order.paymentGateway}`)})
      </p>
      <p data-testid="order-payment-status" className="font-semibold">
        {partPaid ? t("adminOrders.payment.partPaidStatus") : t(`orders.paymentStatus.${order.paymentStatus}`)}
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4" data-testid="order-money">
        <dt>{t("adminOrders.payment.received")}</dt>
        <dd className="text-right" data-testid="order-received">
          {money(order.paidAmountCents)}
        </dd>
        <dt>{t("adminOrders.payment.refunded")}</dt>
        <dd className="text-right" data-testid="order-refunded">
          {money(order.refundedCents)}
        </dd>
        {ledger.outstandingCents > 0 ? (
          <>
            <dt>{t("adminOrders.payment.outstanding")}</dt>
            <dd className="text-right font-semibold" data-testid="order-outstanding">
              {money(ledger.outstandingCents)}
            </dd>
          </>
        ) : null}
      </dl>
      {ledger.overpaidCents > 0 ? (
        <p role="status" className="rounded bg-amber-50 p-2 text-amber-900" data-testid="paid-amount-warning">
          {t("adminOrders.payment.overpaid", { amount: money(ledger.overpaidCents) })}
        </p>
      ) : null}
      {ledger.owedByBankCents > 0 ? (
        <p role="status" className="rounded bg-amber-50 p-2 text-amber-900" data-testid="refund-by-bank">
          {t("adminOrders.payment.refundByBank", { amount: money(ledger.owedByBankCents) })}
        </p>
      ) : null}
      {ledger.entries.length ? (
        <table className="w-full text-left" data-testid="order-ledger">
          <caption className="sr-only">{t("adminOrders.payment.ledger")}</caption>
          <thead>
            <tr className="text-xs text-slate-600">
              <th scope="col">{t("adminOrders.payment.day")}</th>
              <th scope="col">{t("adminOrders.payment.kind")}</th>
              <th scope="col" className="text-right">
                {t("adminOrders.payment.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.entries.map((entry) => (
              <tr key={entry.id} data-testid="ledger-row" className="align-top">
                <td>{formatDate(`${entry.day}T12:00:00Z`, locale, { style: "numeric" })}</td>
                <td>
                  {t(`adminOrders.payment.kinds.${entry.kind}`)} · {t(`adminOrders.payment.channels.${entry.channel}`)}
                  <span className="block text-xs text-slate-600">
                    {[entry.staffEmail ?? t("adminOrders.payment.byShop"), entry.note].filter(Boolean).join(" · ")}
                  </span>
                </td>
                <td className="text-right">{money(entry.kind === "refund" ? -entry.amountCents : entry.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

export function ShipmentFacts({ order, locale }: { order: Order; locale: Locale }) {
  const { t } = useTranslation();
  if (!order.shippedAt) return null;
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] [overflow-wrap:anywhere] gap-x-3 text-sm" data-testid="order-shipment">
      <dt>{t("adminOrders.ship.shippedAt")}</dt>
      <dd>{formatDate(order.shippedAt, locale, { style: "numeric", time: "short" })}</dd>
      <dt>{t("adminOrders.ship.carrier")}</dt>
      <dd>{order.carrier || "—"}</dd>
      <dt>{t("adminOrders.ship.trackingNumber")}</dt>
      <dd>{order.trackingNumber || "—"}</dd>
      <dt>{t("adminOrders.ship.trackingUrl")}</dt>
      <dd>
        {order.trackingUrl ? (
          <a href={order.trackingUrl} className="text-brand-700 underline" rel="noreferrer noopener" target="_blank">
            {order.trackingUrl}
          </a>
        ) : (
          "—"
        )}
      </dd>
    </dl>
  );
}

export function MailsSent({ view, locale }: { view: View; locale: Locale }) {
  const { t } = useTranslation();
  type Mail = View["mails"][number];
  const columns: Column<Mail>[] = [
    { id: "kind", header: t("adminOrders.mails.kind"), cell: (m) => t(`adminOrders.mails.kinds.${m.kind}`, { defaultValue: m.kind }) },
    { id: "to", header: t("adminOrders.mails.to"), cell: (m) => m.to },
    {
      id: "status",
      header: t("adminOrders.mails.status"),
      cell: (m) => t(`adminOrders.mails.statuses.${m.status}`, { defaultValue: m.status }),
    },
    {
      id: "date",
      header: t("adminOrders.mails.date"),
      cell: (m) => <time dateTime={m.createdAt}>{formatDate(m.createdAt, locale, { style: "numeric", time: "short" })}</time>,
    },
  ];
  return (
    <DataTable
      caption={t("adminOrders.mails.title")}
      columns={columns}
      rows={view.mails}
      rowKey={(m) => m.id}
      empty={t("adminOrders.mails.empty")}
      testId="order-mails"
      keyboardScroll
      rowTestId="order-mail"
    />
  );
}

export function ConsentsGiven({ view, locale }: { view: View; locale: Locale }) {
  const { t } = useTranslation();
  if (!view.consents) return <p className="text-sm text-slate-600">{t("adminOrders.consents.none")}</p>;
  return (
    <div className="text-sm" data-testid="order-consents">
      <p>{t("adminOrders.consents.given", { date: formatDate(view.consents.at, locale, { style: "numeric", time: "short" }) })}</p>
      <ul className="list-disc pl-5">
        {view.consents.names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </div>
  );
}

export function NotesList({ view, locale }: { view: View; locale: Locale }) {
  const { t } = useTranslation();
  if (view.notes.length === 0) return <p className="text-sm text-slate-600">{t("adminOrders.notes.empty")}</p>;
  return (
    <ol className="space-y-2 text-sm" data-testid="order-notes">
      {view.notes.map((note) => (
        <li key={note.id} className="rounded border border-slate-200 p-2" data-testid="order-note">
          <p className="text-xs text-slate-600">
            <time dateTime={note.createdAt}>{formatDate(note.createdAt, locale, { style: "numeric", time: "short" })}</time> ·{" "}
            {note.authorEmail}
          </p>
          <p className="whitespace-pre-line">{note.text}</p>
        </li>
      ))}
    </ol>
  );
}
