import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { useTranslation } from "~/lib/i18n";

const TONE: Record<string, BadgeTone> = {
  paid: "good",
  delivered: "good",
  shipped: "active",
  pending: "waiting",
  received: "waiting",
  draft: "neutral",
  cancelled: "bad",
  failed: "bad",
  refunded: "quiet",
  returned: "quiet",
};

/** An order's fulfilment or payment status as a coloured badge (backoffice lists and detail). */
export function OrderStatusBadge({ kind, value }: { kind: "payment" | "status"; value: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[value] ?? "neutral"} testId={`${kind}-status`}>
      {t(kind === "payment" ? `orders.paymentStatus.${value}` : `orders.status.${value}`)}
    </StatusBadge>
  );
}
