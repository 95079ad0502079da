import { Link } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDate, formatNumber, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { PriceTriple } from "~/lib/price-change";
import type { PlanMember, PlanRow, PriceBatchSummary } from "./price-change.server";

/**
 * The screens of a bulk price change (docs/decisions/0103): the preview with its
 * confirmation, and the list of recent changes with their undo. Plain forms: both work
 * without JavaScript.
 */
export type PostedChange = { ids: number[]; mode: string; value: string; target: string };
type Money = (cents: number) => string;

const useMoney =
  (locale: Locale): Money =>
  (cents) =>
    formatPrice(cents, { label: "EUR", symbol: "€" }, locale);

/** "+10 %", "−1,50 EUR" and what it applies to and rounds to, in the screen's words. */
export function useChangeLabel(locale: Locale) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  return (change: { mode?: unknown; percent?: unknown; cents?: unknown; target?: unknown; ending?: unknown }) => {
    const sign = (n: number) => (n > 0 ? "+" : "−");
    const amount =
      change.mode === "percent"
        ? `${sign(Number(change.percent))}${formatNumber(Math.abs(Number(change.percent)), locale, { maximumFractionDigits: 2 })} %`
        : `${sign(Number(change.cents))}${money(Math.abs(Number(change.cents)))}`;
    return t("adminProductList.prices.summary", {
      amount,
      target: t(`adminProductList.prices.targets.${String(change.target)}`),
      ending: t(`adminProductList.prices.endings.${String(change.ending)}`),
    });
  };
}

function PriceCell({ before, after, money }: { before: number | null; after: number | null; money: Money }) {
  if (before === null && after === null) return <span className="text-slate-400">–</span>;
  if (before === after) return <span>{money(before ?? 0)}</span>;
  return (
    <span className="whitespace-nowrap">
      <span className="text-slate-500">{before === null ? "–" : money(before)}</span> →{" "}
      <strong>{after === null ? "–" : money(after)}</strong>
    </span>
  );
}

const priceCells = (m: PlanMember, money: Money, membership: boolean) =>
  (["retailPriceCents", "priceCents", ...(membership ? (["membershipPriceCents"] as const) : [])] as const).map(
    (key: keyof PriceTriple) => (
      <td key={key} className="px-3 py-2 text-right">
        <PriceCell before={m.before[key]} after={m.after[key]} money={money} />
      </td>
    ),
  );

export function PricePreview({
  rows,
  posted,
  fingerprint,
  summary,
  stale,
  locale,
}: {
  rows: PlanRow[];
  posted: PostedChange;
  fingerprint: string;
  summary: string;
  stale: boolean;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  const membership = rows.some((row) => row.members.some((m) => m.before.membershipPriceCents !== null));
  const changing = rows.filter((row) => row.status === "change").length;
  return (
    <section
      className="space-y-3 rounded border border-slate-200 bg-white p-4"
      aria-labelledby="price-preview-title"
      data-testid="price-preview"
    >
      <h2 id="price-preview-title" className="text-lg font-semibold">
        {t("adminProductList.prices.previewTitle")}
      </h2>
      {stale ? (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="price-stale">
          {t("adminProductList.prices.stale")}
        </p>
      ) : null}
      <p className="text-sm" data-testid="price-summary">
        {summary}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="price-preview-table">
          <caption className="sr-only">{t("adminProductList.prices.previewTitle")}</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("adminProductList.columns.name")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminProductList.columns.sku")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("adminProductList.prices.retail")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("adminProductList.prices.sale")}
              </th>
              {membership ? (
                <th scope="col" className="px-3 py-2 text-right">
                  {t("adminProductList.prices.membership")}
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2">
                {t("adminProductList.prices.status")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.flatMap((row) =>
              row.members.map((m) => (
                <tr
                  key={m.id}
                  className="border-t border-slate-100"
                  data-testid={m.variant ? "price-preview-variant" : "price-preview-row"}
                >
                  <td className="px-3 py-2">
                    {m.variant ? <span className="pl-4 text-slate-600">↳ {t("adminProductList.prices.variant")}</span> : row.name}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{m.sku}</td>
                  {priceCells(m, money, membership)}
                  <td className="px-3 py-2">
                    {m.variant ? null : row.status === "change" || row.status === "unchanged" ? (
                      t(`adminProductList.prices.statuses.${row.status}`)
                    ) : (
                      <span className="text-red-700">{t(row.status)}</span>
                    )}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <SecureForm action="/admin/products/prices" className="flex flex-wrap items-center gap-3" data-testid="price-confirm-form">
        {posted.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <input type="hidden" name="mode" value={posted.mode} />
        <input type="hidden" name="value" value={posted.value} />
        <input type="hidden" name="target" value={posted.target} />
        <input type="hidden" name="fingerprint" value={fingerprint} />
        {changing > 0 ? (
          <Button name="intent" value="confirm">
            {t("adminProductList.prices.confirm", { count: changing })}
          </Button>
        ) : (
          <p className="text-sm">{t("adminProductList.prices.nothing")}</p>
        )}
        <Link to="/admin/products" className={buttonClass({ variant: "secondary" })}>
          {t("adminProductList.prices.cancel")}
        </Link>
      </SecureForm>
    </section>
  );
}

export function PriceBatches({ batches, locale }: { batches: PriceBatchSummary[]; locale: Locale }) {
  const { t } = useTranslation();
  const label = useChangeLabel(locale);
  const when = (iso: string) => formatDate(iso, locale, { style: "numeric", time: "short" });
  return (
    <section className="space-y-2" aria-labelledby="price-batches-title" data-testid="price-batches">
      <h2 id="price-batches-title" className="text-lg font-semibold">
        {t("adminProductList.prices.batchesTitle")}
      </h2>
      {batches.length === 0 ? (
        <p className="text-sm text-slate-600">{t("adminProductList.prices.noBatches")}</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {batches.map((batch) => (
            <li
              key={batch.id}
              className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-white p-3"
              data-testid="price-batch"
            >
              <p className="grow">
                <time dateTime={batch.createdAt} className="font-semibold">
                  {when(batch.createdAt)}
                </time>{" "}
                · {batch.actorEmail} · {label(batch.change)} · {t("adminProductList.prices.batchCount", { count: batch.productCount })}
                <span className="block font-mono text-xs text-slate-600">{batch.skus.join(", ")}</span>
              </p>
              {batch.undoneAt ? (
                <p className="text-slate-700" data-testid="price-batch-undone">
                  {t("adminProductList.prices.undoneAt", { when: when(batch.undoneAt), who: batch.undoneByEmail ?? "" })}
                  {batch.undoResult?.skipped.length
                    ? ` ${t("adminProductList.prices.skippedList", { skus: batch.undoResult.skipped.join(", ") })}`
                    : ""}
                </p>
              ) : (
                <SecureForm action="/admin/products/prices">
                  <input type="hidden" name="batch" value={batch.id} />
                  <Button name="intent" value="undo" size="sm" variant="secondary">
                    {t("adminProductList.prices.undo")}
                  </Button>
                </SecureForm>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
