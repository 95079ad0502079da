import { useTranslation } from "~/lib/i18n";

export type QuoteLineSummary = { itemId: string; name: string; sku: string; quantity: number; options: { label: string; value: string }[] };

/** The lines an inquiry asks about (read-only): name, sku, options and quantity. */
export function QuoteLinesSummary({ lines }: { lines: QuoteLineSummary[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="quote-lines-title" className="rounded border border-slate-200 p-4">
      <h2 id="quote-lines-title" className="mb-2 font-semibold">
        {t("cart.quote.linesTitle")}
      </h2>
      <ul className="divide-y divide-slate-200 text-sm" data-testid="quote-lines-summary">
        {lines.map((line) => (
          <li key={line.itemId} className="flex justify-between gap-4 py-2" data-testid="quote-summary-line">
            <span>
              <span className="font-medium">{line.name}</span> <span className="text-xs text-slate-500">{line.sku}</span>
              {line.options.map((o) => (
                <span key={o.label} className="block text-xs text-slate-600">
                  {o.label}: {o.value}
                </span>
              ))}
            </span>
            <span className="whitespace-nowrap">{t("cart.quote.quantityTimes", { quantity: line.quantity })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
