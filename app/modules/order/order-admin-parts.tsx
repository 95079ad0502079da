import { useMessageText } from "~/components/ui/message";
import { formatDate, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { OrderParts } from "./order-parts.server";

/**
 * An order shipped and returned in parts on the backoffice page (decision 0108): the
 * quantity fields of "Nova pošiljka" and "Povrat dijela narudžbe" (one per line, bounded by
 * what the line allows, `lines[i].id` + `lines[i].quantity` as the schema reads them), and
 * the panel listing each shipment with its delivery note and each return with its credit note.
 */
type Line = OrderParts["lines"][number];
type Answer = { intent: string; errors: Record<string, string[] | null>; values?: Record<string, string> } | undefined;

export function PartQuantities({
  intent,
  lines,
  most,
  start,
  label,
  answer,
}: {
  intent: "ship" | "returnPart";
  lines: Line[];
  /** What the line allows now, and what its field starts with. */
  most: (line: Line) => number;
  start: (line: Line) => number;
  label: string;
  answer: Answer;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const own = answer?.intent === intent ? answer : undefined;
  return (
    <table className="w-full text-left text-sm" data-testid={`${intent}-lines`}>
      <thead>
        <tr>
          <th className="py-1">{t("adminOrders.parts.line")}</th>
          <th className="py-1 text-right">{t("adminOrders.parts.ordered")}</th>
          <th className="py-1 text-right">{t(intent === "ship" ? "adminOrders.parts.shipped" : "adminOrders.parts.returned")}</th>
          <th className="py-1 text-right">{label}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => {
          const id = `${intent}-line-${line.id}`;
          const name = `lines[${i}].quantity`;
          const error = own?.errors[name]?.[0];
          return (
            <tr key={line.id}>
              <td className="py-1">
                <label htmlFor={id}>
                  {line.name} <span className="text-xs text-slate-500">{line.sku}</span>
                </label>
              </td>
              <td className="py-1 text-right">{line.quantity}</td>
              <td className="py-1 text-right">{intent === "ship" ? line.shipped : line.returned}</td>
              <td className="py-1 text-right">
                <input type="hidden" name={`lines[${i}].id`} value={line.id} />
                <input
                  id={id}
                  name={name}
                  type="number"
                  min={0}
                  max={most(line)}
                  required
                  defaultValue={own?.values?.[name] ?? String(start(line))}
                  key={own?.values?.[name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className="w-20 rounded border border-slate-300 px-2 py-1 text-right"
                />
                {error ? (
                  <p id={`${id}-error`} className="text-sm text-red-700">
                    {text(error)}
                  </p>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function OrderPartsPanel({
  parts,
  base,
  deliveryNotes,
  creditNoteHref,
  currencyLabel,
  locale,
}: {
  parts: OrderParts;
  /** The order page's path: the documents hang below it. */
  base: string;
  /** The delivery note number of each shipment, by shipment number. */
  deliveryNotes: Record<number, string>;
  creditNoteHref: (part: number) => string;
  currencyLabel: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatPrice(cents, { label: currencyLabel, symbol: "€" }, locale);
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="order-parts">
      <table className="w-full text-left" data-testid="order-parts-lines">
        <thead>
          <tr>
            <th className="py-1">{t("adminOrders.parts.line")}</th>
            <th className="py-1 text-right">{t("adminOrders.parts.ordered")}</th>
            <th className="py-1 text-right">{t("adminOrders.parts.shipped")}</th>
            <th className="py-1 text-right">{t("adminOrders.parts.toShip")}</th>
            <th className="py-1 text-right">{t("adminOrders.parts.returned")}</th>
          </tr>
        </thead>
        <tbody>
          {parts.lines.map((line) => (
            <tr key={line.id} data-testid="order-parts-line">
              <td className="py-1">{line.name}</td>
              <td className="py-1 text-right">{line.quantity}</td>
              <td className="py-1 text-right">{line.shipped}</td>
              <td className="py-1 text-right">{line.quantity - line.shipped}</td>
              <td className="py-1 text-right">{line.returned}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {parts.shipments.map((shipment) => (
        <div key={`s${shipment.number}`} data-testid="order-shipment-part">
          <p className="font-semibold">
            {t("adminOrders.parts.shipment", { number: shipment.number })} ·{" "}
            {formatDate(shipment.createdAt, locale, { style: "numeric", time: "short" })} ·{" "}
            {t("adminOrders.parts.by", { email: shipment.staffEmail ?? "—" })}
          </p>
          <p>{shipment.lines.map((l) => `${l.name} × ${l.quantity}`).join(", ")}</p>
          {shipment.carrier || shipment.trackingNumber ? (
            <p>{[shipment.carrier, shipment.trackingNumber].filter(Boolean).join(" · ")}</p>
          ) : null}
          {deliveryNotes[shipment.number] ? (
            <a
              href={`${base}/delivery-note?shipment=${shipment.number}`}
              download
              className="text-brand-700 underline"
              data-testid={`shipment-delivery-note-${shipment.number}`}
            >
              {t("adminOrders.parts.deliveryNote", { number: deliveryNotes[shipment.number] })}
            </a>
          ) : null}
        </div>
      ))}
      {parts.returns.map((part) => (
        <div key={`r${part.number}`} data-testid="order-return-part">
          <p className="font-semibold">
            {t("adminOrders.parts.return", { number: part.number })} ·{" "}
            {formatDate(part.createdAt, locale, { style: "numeric", time: "short" })} ·{" "}
            {t("adminOrders.parts.by", { email: part.staffEmail ?? "—" })}
          </p>
          <p>{part.lines.map((l) => `${l.name} × ${l.quantity}`).join(", ")}</p>
          <p className="whitespace-pre-line">{part.reason}</p>
          <p>{t("adminOrders.parts.value", { amount: money(part.valueCents), refunded: money(part.refundedCents) })}</p>
          <a
            href={creditNoteHref(part.number)}
            download
            className="text-brand-700 underline"
            data-testid={`return-credit-note-${part.number}`}
          >
            {t("adminOrders.parts.creditNote", { number: part.creditNoteNumber })}
          </a>
        </div>
      ))}
    </div>
  );
}
