import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DataTable } from "~/components/ui/data-table";
import { formatDate, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { OrderStatusBadge } from "~/modules/order/order-status-badge";
import type { SavedAddress } from "~/modules/account/addresses.server";

/** The panels of the customer detail screen (routes/admin/sales/admin.customers.$id.tsx). */
export function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="space-y-2" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-600">{children}</p>;

export function AddressesPanel({ addresses }: { addresses: SavedAddress[] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t("adminCustomers.detail.addresses")} testId="customer-addresses">
      {addresses.length === 0 ? (
        <Empty>{t("adminCustomers.detail.noAddresses")}</Empty>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {addresses.map((a) => (
            <li key={a.id} className="rounded border border-slate-200 bg-white p-3 text-sm">
              <p className="text-xs font-semibold uppercase text-slate-600">{t(`account.addressTypes.${a.type}`)}</p>
              <p className="font-semibold">{`${a.firstName} ${a.lastName}`}</p>
              {a.companyName ? (
                <p>
                  {a.companyName}
                  {a.companyOIB ? ` (OIB ${a.companyOIB})` : ""}
                </p>
              ) : null}
              <p>{`${a.street} ${a.houseNumber}`.trim()}</p>
              <p>
                {`${a.zipCode} ${a.city}`.trim()}
                {a.country ? `, ${a.country}` : ""}
              </p>
              <p>
                {a.contactEmail} · {a.contactPhone}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

type OrderRow = {
  id: number;
  slug: string;
  createdAt: string;
  status: string;
  paymentStatus: string;
  totalCents: number;
  currencyLabel: string;
};

export function OrdersPanel({ orders, locale }: { orders: OrderRow[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Panel title={t("adminCustomers.detail.orders")} testId="customer-orders">
      <DataTable
        caption={t("adminCustomers.detail.orders")}
        rows={orders}
        rowKey={(o) => o.id}
        empty={t("adminCustomers.detail.noOrders")}
        rowTestId="customer-order"
        columns={[
          {
            id: "slug",
            header: t("adminCustomers.detail.orderNumber"),
            cell: (o) => (
              <Link to={`/admin/orders/${o.slug}`} className="font-semibold text-brand-700 underline">
                {o.slug}
              </Link>
            ),
          },
          {
            id: "date",
            header: t("adminCustomers.detail.orderDate"),
            cell: (o) => <time dateTime={o.createdAt}>{formatDate(o.createdAt, locale, { style: "numeric", time: "short" })}</time>,
          },
          {
            id: "total",
            header: t("adminCustomers.detail.orderTotal"),
            align: "end",
            cell: (o) => formatPrice(o.totalCents, { label: o.currencyLabel, symbol: "€" }, locale),
          },
          {
            id: "status",
            header: t("adminCustomers.detail.orderStatus"),
            cell: (o) => (
              <span className="flex gap-1">
                <OrderStatusBadge kind="payment" value={o.paymentStatus} />
                <OrderStatusBadge kind="status" value={o.status} />
              </span>
            ),
          },
        ]}
      />
    </Panel>
  );
}

export function WishlistPanel({
  wishlist,
  locale,
}: {
  wishlist: { productId: number; name: string; sku: string; addedAt: string }[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <Panel title={t("adminCustomers.detail.wishlist")} testId="customer-wishlist">
      {wishlist.length === 0 ? (
        <Empty>{t("adminCustomers.detail.noWishlist")}</Empty>
      ) : (
        <ul className="list-disc pl-5 text-sm">
          {wishlist.map((w) => (
            <li key={w.productId}>
              {w.name}{" "}
              <span className="text-slate-600">
                ({w.sku}, {formatDate(w.addedAt, locale, { style: "numeric" })})
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

type Consents = {
  given: { id: number; uniqueNumber: number; name: string; lastAcceptedAt: string }[];
  log: { id: number; status: string; at: string; sourceType: string; consents: number[]; userType: string }[];
};

export function ConsentsPanel({ consents, locale }: { consents: Consents; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Panel title={t("adminCustomers.detail.consents")} testId="customer-consents">
      {consents.given.length === 0 ? (
        <Empty>{t("adminCustomers.detail.noConsents")}</Empty>
      ) : (
        <ul className="list-disc pl-5 text-sm">
          {consents.given.map((c) => (
            <li key={c.id}>
              {c.uniqueNumber}. {c.name}{" "}
              <span className="text-slate-600">
                ({t("adminCustomers.detail.consentLastAccepted")}:{" "}
                {formatDate(c.lastAcceptedAt, locale, { style: "numeric", time: "short" })})
              </span>
            </li>
          ))}
        </ul>
      )}
      {consents.log.length > 0 ? (
        <>
          <h3 className="pt-2 font-semibold">{t("adminCustomers.detail.consentLog")}</h3>
          <DataTable
            caption={t("adminCustomers.detail.consentLog")}
            rows={consents.log}
            rowKey={(row) => row.id}
            empty=""
            rowTestId="consent-log-row"
            columns={[
              {
                id: "at",
                header: t("adminCustomers.detail.orderDate"),
                cell: (row) => formatDate(row.at, locale, { style: "numeric", time: "short" }),
              },
              { id: "form", header: t("adminCustomers.detail.consentForm"), cell: (row) => t(`consent.formKind.${row.sourceType}`) },
              { id: "consents", header: t("adminCustomers.detail.consentNumbers"), cell: (row) => row.consents.join(", ") },
              { id: "user", header: t("adminCustomers.detail.consentUserType"), cell: (row) => t(`consent.userType.${row.userType}`) },
            ]}
          />
        </>
      ) : null}
    </Panel>
  );
}
