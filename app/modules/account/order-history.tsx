import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { PageInfo } from "~/lib/pagination";
import { formatDate, formatPrice } from "~/lib/format";
import { href } from "~/lib/routes-table";
import type { OrderSummary } from "./orders.server";

/** Spec §2 Profile "order history count": the count and the customer's orders, newest first, each linking to its page. */
export function OrderHistory({
  count,
  orders,
  pagination,
  locale,
  pageParam,
}: {
  count: number;
  orders: readonly OrderSummary[];
  pagination?: PageInfo;
  locale: Locale;
  pageParam: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="order-history">
      <p className="font-semibold" data-testid="order-count">
        {t("account.profile.orderCount", { count })}
      </p>
      {orders.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("account.profile.noOrders")}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm" data-testid="order-list">
          <thead className="border-b border-slate-300">
            <tr>
              <th className="py-2">{t("orders.list.number")}</th>
              <th className="py-2">{t("orders.list.date")}</th>
              <th className="py-2">{t("orders.list.status")}</th>
              <th className="py-2 text-right">{t("orders.list.total")}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} className="border-b border-slate-100" data-testid="order-row">
                <td className="py-2">
                  <Link to={href("profileOrder", locale, { slug: order.slug })} className="text-brand-700 underline">
                    {order.slug}
                  </Link>
                </td>
                <td className="py-2">{formatDate(order.createdAt, locale, { style: "numeric" })}</td>
                <td className="py-2">
                  {t(`orders.status.${order.status}`)} · {t(`orders.paymentStatus.${order.paymentStatus}`)}
                </td>
                <td className="py-2 text-right">{formatPrice(order.total, { label: order.currencyLabel, symbol: "€" }, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pagination && pagination.totalPages > 1 ? (
        <nav className="mt-3 flex gap-2 text-sm" aria-label={t("orders.list.pages")} data-testid="order-pages">
          {Array.from({ length: pagination.totalPages }, (_, i) => i + 1).map((page) =>
            page === pagination.page ? (
              <span key={page} aria-current="page" className="font-bold">
                {page}
              </span>
            ) : (
              <Link key={page} to={`?${pageParam}=${page}`} className="text-brand-700 underline">
                {page}
              </Link>
            ),
          )}
        </nav>
      ) : null}
    </div>
  );
}
