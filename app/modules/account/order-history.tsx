import { useTranslation } from "~/lib/i18n";
import type { OrderSummary } from "./orders.server";

/** Spec §2 Profile "order history count": the count and the orders that exist (filled by the checkout issue). */
export function OrderHistory({ count, orders }: { count: number; orders: readonly OrderSummary[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="order-history">
      <p className="font-semibold" data-testid="order-count">
        {t("account.profile.orderCount", { count })}
      </p>
      {orders.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("account.profile.noOrders")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {orders.map((order) => (
            <li key={order.id} className="flex justify-between py-2">
              <span>{order.slug}</span>
              <span>{order.createdAt.slice(0, 10)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
