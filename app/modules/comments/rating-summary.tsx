import { formatNumber } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

/**
 * The average of approved ratings and their count. Kept tiny and apart from the star
 * inputs: the product page renders it on the server and loads its code after the page
 * (first-load JavaScript budget).
 */
export function RatingSummaryView({ summary, stars }: { summary: { average: number; count: number }; stars: number }) {
  const { t, i18n } = useTranslation();
  const filled = Math.round(summary.average);
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="rating-summary">
      <span aria-hidden="true" className="text-amber-500">
        {"★".repeat(filled)}
        <span className="text-slate-300">{"★".repeat(stars - filled)}</span>
      </span>
      {t("comments.average", { average: formatNumber(summary.average, i18n.language as Locale), stars })} (
      {t("comments.count", { count: summary.count })})
    </p>
  );
}
