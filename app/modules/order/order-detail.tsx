import { Link } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import type { OrderAddress } from "~/.server/db/schema";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { formatDate, formatMetres, formatPrice } from "~/lib/format";
import { BankTransferDetails } from "~/modules/payment/bank-transfer/bank-transfer-details";
import type { BankTransferInfo } from "~/modules/payment/bank-transfer/bank-transfer.server";
import type { OrderDetail } from "~/modules/account/orders.server";
import type { DownloadsView } from "~/modules/order/downloads.server";
import { DocumentLinks, type DocumentLinkView } from "~/modules/documents/document-links";
import type { OrderParts } from "./order-parts.server";
import { ParcelsSent } from "./order-parts-detail";

type Props = {
  order: OrderDetail;
  bankTransfer: BankTransferInfo | null;
  canPay: boolean;
  /** The issued documents: invoice, and the storno of a cancelled or the credit note of a returned order (decision 0104). */
  documents: DocumentLinkView[];
  backHref: string;
  locale: Locale;
  downloads?: DownloadsView;
  /** Shipped in parts (decision 0108): what was sent and what is still to come. */
  parts?: OrderParts;
};

/** The order page of the profile (spec §2 Profile). */
export function OrderDetailView({ order, bankTransfer, canPay, documents, backHref, locale, downloads, parts }: Props) {
  const { t } = useTranslation();
  const money = (cents: number) => formatPrice(cents, { label: order.currencyLabel, symbol: "€" }, locale);
  const totals: [string, number][] = [
    ["items", order.totals.items],
    ...(order.totals.coupon ? ([["coupon", -order.totals.coupon]] as [string, number][]) : []),
    ...(order.totals.loyalty ? ([["loyalty", -order.totals.loyalty]] as [string, number][]) : []),
    ["delivery", order.totals.delivery],
    ["total", order.totals.total],
    ["tax", order.totals.tax],
  ];
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12" data-testid="order-detail">
      <div>
        <Link to={backHref} className="text-sm text-brand-700 underline">
          {t("orders.detail.back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">{t("orders.detail.title", { slug: order.slug })}</h1>
        <p className="mt-1 text-slate-600">
          {t("orders.list.date")}: {formatDate(order.createdAt, locale, { style: "numeric" })} · {t("orders.list.status")}:{" "}
          <span data-testid="order-status">{t(`orders.status.${order.status}`)}</span>
        </p>
      </div>

      <table className="w-full text-left text-sm" data-testid="order-lines">
        <thead className="border-b border-slate-300">
          <tr>
            <th className="py-2">{t("orders.invoice.columns.item")}</th>
            <th className="py-2 text-right">{t("orders.invoice.columns.quantity")}</th>
            <th className="py-2 text-right">{t("orders.invoice.columns.unitPrice")}</th>
            <th className="py-2 text-right">{t("orders.invoice.columns.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100">
              <td className="py-2">
                {line.name}
                <span className="block text-xs text-slate-500">{line.sku}</span>
              </td>
              <td className="py-2 text-right">
                {line.quantity}
                {line.lengthMm !== null ? (
                  <span className="block text-xs text-slate-500" data-testid="order-line-length">
                    × {formatMetres(line.lengthMm, locale)}
                  </span>
                ) : null}
              </td>
              <td className="py-2 text-right">
                {money(line.unitCents)}
                {line.lengthMm !== null ? "/m" : ""}
              </td>
              <td className="py-2 text-right">{money(line.rowCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm" data-testid="order-totals">
        {totals.map(([key, cents]) => (
          <div key={key} className={`contents ${key === "total" ? "font-bold" : ""}`}>
            <dt>{t(`orders.totals.${key}`)}</dt>
            <dd className="text-right" data-testid={`order-total-${key}`}>
              {money(cents)}
            </dd>
          </div>
        ))}
      </dl>

      {parts ? <ParcelsSent parts={parts} locale={locale} /> : null}

      <div className="grid gap-6 sm:grid-cols-2">
        <AddressBlock title={t("orders.detail.deliveryAddress")} address={order.deliveryAddress} />
        <AddressBlock title={t("orders.detail.billingAddress")} address={order.billingAddress} />
        <div>
          <h2 className="font-semibold">{t("orders.detail.delivery")}</h2>
          <p>{order.deliveryMethodName}</p>
          {order.deliveryBranchName ? <p>{order.deliveryBranchName}</p> : null}
          {order.shipment ? <Shipment shipment={order.shipment} locale={locale} /> : null}
        </div>
        <div>
          <h2 className="font-semibold">{t("orders.detail.payment")}</h2>
          <p>{order.paymentMethodName}</p>
          <p data-testid="payment-status">{t(`orders.paymentStatus.${order.paymentStatus}`)}</p>
          {canPay ? (
            <SecureForm method="post" reloadDocument className="mt-2" data-testid="pay-now-form">
              <Button name="intent" value="pay">
                {t("payment.card.payNow")}
              </Button>
            </SecureForm>
          ) : null}
        </div>
      </div>

      {bankTransfer ? <BankTransferDetails info={bankTransfer} /> : null}

      {downloads && (downloads.pending || downloads.links.length) ? (
        <div data-testid="order-downloads">
          <h2 className="font-semibold">{t("checkout.downloads.title")}</h2>
          {downloads.pending ? <p className="mt-2 text-sm text-slate-600">{t("checkout.downloads.afterPayment")}</p> : null}
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {downloads.links.map((d) => (
              <li key={d.href}>
                {d.expired ? (
                  <span className="text-slate-500">
                    {d.name} ({t("checkout.downloads.expiredShort")})
                  </span>
                ) : (
                  <>
                    {/* A plain link: the file downloads without JavaScript too. */}
                    <a href={d.href} className="text-brand-700 underline" data-testid="download-link">
                      {d.name}
                    </a>{" "}
                    <span className="text-slate-500">
                      ({t("checkout.downloads.until", { date: formatDate(d.expiresAt, locale, { style: "numeric" }) })})
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div>
        <h2 className="font-semibold">{t("orders.detail.documents")}</h2>
        <DocumentLinks links={documents} />
      </div>
    </section>
  );
}

function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  const lines = [
    address.companyName,
    `${address.firstName} ${address.lastName}`.trim(),
    `${address.street} ${address.houseNumber}`.trim(),
    `${address.zipCode} ${address.city}`.trim(),
    address.countryName,
    address.companyOib ? `OIB: ${address.companyOib}` : "",
    address.contactEmail,
    address.contactPhone,
  ].filter(Boolean);
  return (
    <div>
      <h2 className="font-semibold">{title}</h2>
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}

/** How to follow the parcel once the shop shipped it (decision 0039). */
function Shipment({ shipment, locale }: { shipment: NonNullable<OrderDetail["shipment"]>; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] [overflow-wrap:anywhere] gap-x-3 text-sm" data-testid="order-tracking">
      <dt>{t("orders.detail.shippedAt")}</dt>
      <dd>{formatDate(shipment.shippedAt, locale, { style: "numeric" })}</dd>
      {shipment.carrier ? (
        <>
          <dt>{t("orders.detail.carrier")}</dt>
          <dd>{shipment.carrier}</dd>
        </>
      ) : null}
      {shipment.trackingNumber ? (
        <>
          <dt>{t("orders.detail.trackingNumber")}</dt>
          <dd data-testid="tracking-number">{shipment.trackingNumber}</dd>
        </>
      ) : null}
      {shipment.trackingUrl ? (
        <>
          <dt>{t("orders.detail.trackingLink")}</dt>
          <dd>
            <a
              href={shipment.trackingUrl}
              className="text-brand-700 underline"
              rel="noreferrer noopener"
              target="_blank"
              data-testid="tracking-link"
            >
              {t("orders.detail.trackParcel")}
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
