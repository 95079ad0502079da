import { formatDate, formatNumber, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

/**
 * Sales of the last 30 shop days as an SVG bar chart drawn on the server (no chart library,
 * no client JavaScript): one bar per day, its revenue (received less refunded, decision 0100)
 * with what its orders still owe stacked on it. Screen readers get a summary (role="img" + aria-label) and the figures as a table.
 */
type Day = [day: string, revenueCents: number, owedCents: number];
type Currency = { label: string; symbol: string };

const WIDTH = 640;
const HEIGHT = 240;
const PLOT = { left: 56, right: 8, top: 20, bottom: 28 };
const PLOT_WIDTH = WIDTH - PLOT.left - PLOT.right;
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom;

/**
 * The value axis: a round top (1, 2, 2.5 or 5 × 10ⁿ euros, in cents) at or above `cents`
 * and how many steps divide it into round labels (2 → 0, 0.5, 1, 1.5, 2).
 */
export function valueAxis(cents: number): { top: number; ticks: number } {
  const euros = Math.max(cents / 100, 10);
  const power = 10 ** Math.floor(Math.log10(euros));
  const factor = [1, 2, 2.5, 5, 10].find((f) => f * power >= euros) ?? 10;
  return { top: factor * power * 100, ticks: factor === 2 ? 4 : 5 };
}

const dayLabel = (day: string, locale: Locale, style: "dayMonth" | "numeric") =>
  formatDate(`${day}T00:00:00Z`, locale, { style, timeZone: "UTC" });

export function SalesChart({ days, locale, currency }: { days: Day[]; locale: Locale; currency: Currency }) {
  const { t } = useTranslation();
  const { top, ticks } = valueAxis(Math.max(0, ...days.map(([, paid, pending]) => paid + pending)));
  // Two decimals are plenty for a 640-wide drawing and keep the HTML short.
  const round = (value: number) => Math.round(value * 100) / 100;
  const y = (cents: number) => round((cents / top) * PLOT_HEIGHT);
  const slot = PLOT_WIDTH / days.length;
  const barWidth = round(slot * 0.7);
  const money = (cents: number) => formatPrice(cents, currency, locale);
  const paidTotal = days.reduce((sum, [, paid]) => sum + paid, 0);
  const pendingTotal = days.reduce((sum, [, , pending]) => sum + pending, 0);
  const best = days.reduce<Day | null>((found, day) => (day[1] > (found?.[1] ?? 0) ? day : found), null);
  const summary =
    t("adminDashboard.chart.summary", {
      from: dayLabel(days[0][0], locale, "numeric"),
      to: dayLabel(days[days.length - 1][0], locale, "numeric"),
      paid: money(paidTotal),
      pending: money(pendingTotal),
    }) + (best ? ` ${t("adminDashboard.chart.bestDay", { day: dayLabel(best[0], locale, "numeric"), paid: money(best[1]) })}` : "");

  return (
    <figure className="rounded border border-slate-200 bg-white p-4" data-testid="sales-chart">
      <figcaption className="mb-2 font-semibold">{t("adminDashboard.chart.title")}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full" data-testid="sales-chart-svg">
        <text x={4} y={12} className="fill-slate-600 text-[11px]">
          {t("adminDashboard.chart.axisAmount", { currency: currency.label })}
        </text>
        {Array.from({ length: ticks + 1 }, (_, i) => {
          const value = (top / ticks) * i;
          const at = round(PLOT.top + PLOT_HEIGHT - y(value));
          return (
            <g key={i}>
              <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={at} y2={at} className="stroke-slate-200" />
              <text x={PLOT.left - 6} y={at + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
                {formatNumber(value / 100, locale, { maximumFractionDigits: 0 })}
              </text>
            </g>
          );
        })}
        {days.map(([day, paid, pending], i) => {
          const x = round(PLOT.left + i * slot + slot * 0.15);
          const base = PLOT.top + PLOT_HEIGHT;
          return (
            <g key={day} data-testid="sales-bar" data-day={day} data-paid={paid} data-pending={pending}>
              <title>{`${dayLabel(day, locale, "numeric")}: ${t("adminDashboard.chart.paid")} ${money(paid)}, ${t("adminDashboard.chart.pending")} ${money(pending)}`}</title>
              {paid > 0 ? <rect x={x} y={round(base - y(paid))} width={barWidth} height={y(paid)} className="fill-brand-600" /> : null}
              {pending > 0 ? (
                <rect x={x} y={round(base - y(paid) - y(pending))} width={barWidth} height={y(pending)} className="fill-amber-300" />
              ) : null}
              {/* Every fifth day and the last one named under the axis. */}
              {(days.length - 1 - i) % 5 === 0 ? (
                <text x={round(x + slot * 0.35)} y={HEIGHT - 10} textAnchor="middle" className="fill-slate-600 text-[11px]">
                  {dayLabel(day, locale, "dayMonth")}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={PLOT.top + PLOT_HEIGHT} y2={PLOT.top + PLOT_HEIGHT} className="stroke-slate-400" />
      </svg>
      <ul className="mt-2 flex gap-4 text-sm" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-3 w-3 bg-brand-600" />
          {t("adminDashboard.chart.paid")}
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-3 w-3 bg-amber-300" />
          {t("adminDashboard.chart.pending")}
        </li>
      </ul>
      {/* Hidden in a box of its own: a table takes the width its cells need whatever width
          sr-only gives it, and would widen a phone's screen past the chart. */}
      <div className="sr-only">
        <table data-testid="sales-table">
          <caption>{t("adminDashboard.chart.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("adminDashboard.chart.day")}</th>
              <th scope="col">{t("adminDashboard.chart.paid")}</th>
              <th scope="col">{t("adminDashboard.chart.pending")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map(([day, paid, pending]) => (
              <tr key={day}>
                <th scope="row">{dayLabel(day, locale, "numeric")}</th>
                <td>{money(paid)}</td>
                <td>{money(pending)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
