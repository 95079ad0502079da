import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { formatDate } from "~/lib/format";
import type { OrderParts } from "./order-parts.server";

/**
 * The customer's view of an order sent in parts (decision 0108): per line what was sent
 * so far and what is still to come, and each parcel with its day, lines and tracking.
 * Shown once the order goes in more than one parcel.
 */
export function ParcelsSent({ parts, locale }: { parts: OrderParts; locale: Locale }) {
  const { t } = useTranslation();
  const toCome = parts.lines.some((line) => line.shipped < line.quantity);
  if (parts.shipments.length === 0 || (parts.shipments.length === 1 && !toCome)) return null;
  return (
    <section className="flex flex-col gap-2 text-sm" data-testid="order-parcels">
      <h2 className="font-semibold">{t("orders.detail.parts.partsTitle")}</h2>
      <table className="w-full text-left">
        <thead className="border-b border-slate-300">
          <tr>
            <th className="py-1">{t("orders.invoice.columns.item")}</th>
            <th className="py-1 text-right">{t("orders.detail.parts.sent")}</th>
            <th className="py-1 text-right">{t("orders.detail.parts.toCome")}</th>
          </tr>
        </thead>
        <tbody>
          {parts.lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100" data-testid="parcel-line">
              <td className="py-1">{line.name}</td>
              <td className="py-1 text-right">
                {line.shipped} / {line.quantity}
              </td>
              <td className="py-1 text-right" data-testid="parcel-line-to-come">
                {line.quantity - line.shipped}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {parts.shipments.map((shipment) => (
        <div key={shipment.number} data-testid="parcel">
          <p className="font-semibold">
            {t("orders.detail.parts.parcel", {
              number: shipment.number,
              date: formatDate(shipment.createdAt, locale, { style: "numeric" }),
            })}
          </p>
          <p>{shipment.lines.map((l) => `${l.name} × ${l.quantity}`).join(", ")}</p>
          {shipment.carrier || shipment.trackingNumber ? (
            <p>
              {[shipment.carrier, shipment.trackingNumber && `${t("orders.detail.trackingNumber")}: ${shipment.trackingNumber}`]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} className="text-brand-700 underline" rel="noreferrer noopener" target="_blank">
              {t("orders.detail.trackParcel")}
            </a>
          ) : null}
        </div>
      ))}
    </section>
  );
}
