import { useTranslation } from "~/lib/i18n";

const BADGE: Record<string, string> = {
  paid: "bg-green-100 text-green-900",
  delivered: "bg-green-100 text-green-900",
  shipped: "bg-brand-100 text-brand-900",
  pending: "bg-amber-100 text-amber-900",
  received: "bg-amber-100 text-amber-900",
  draft: "bg-slate-100 text-slate-800",
  cancelled: "bg-red-100 text-red-900",
  failed: "bg-red-100 text-red-900",
  refunded: "bg-slate-200 text-slate-900",
  returned: "bg-slate-200 text-slate-900",
};

/** An order's fulfilment or payment status as a coloured badge (backoffice lists and detail). */
export function OrderStatusBadge({ kind, value }: { kind: "payment" | "status"; value: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${BADGE[value] ?? "bg-slate-100 text-slate-800"}`} data-testid={`${kind}-status`}>
      {t(kind === "payment" ? `orders.paymentStatus.${value}` : `orders.status.${value}`)}
    </span>
  );
}
