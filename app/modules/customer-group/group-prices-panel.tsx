import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

type GroupPrice = { productId: number; sku: string; name: string | null; priceCents: number; catalogueCents: number };

const INPUT = "rounded border border-slate-300 px-2 py-1.5 font-normal";
const EUR = { label: "EUR", symbol: "€" };

/**
 * A group's own prices (decision 0107): a row per product or variant (SKU, catalogue price,
 * the group's price with VAT, remove), and a form that sets one by SKU (a SKU already listed
 * gets the new price). Each is a plain form posting the group's version.
 */
export function GroupPricesPanel({
  prices,
  version,
  locale,
  lastResult,
}: {
  prices: GroupPrice[];
  version: number;
  locale: Locale;
  lastResult?: unknown;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = submissionOf(lastResult);
  const intent = result?.initialValue?.intent;
  const errors =
    intent === "setPrice" || intent === "removePrice"
      ? Object.values(result?.error ?? {})
          .flat()
          .filter((e): e is string => typeof e === "string")
      : null;
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const typed = intent === "setPrice" ? (result?.initialValue as Record<string, string> | undefined) : undefined;
  return (
    <section
      className="space-y-3 rounded border border-slate-200 bg-white p-4"
      aria-labelledby="group-prices-title"
      data-testid="group-prices"
    >
      <h2 id="group-prices-title" className="text-lg font-semibold">
        {t("adminCustomerGroups.prices.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("adminCustomerGroups.prices.help")}</p>
      {prices.length ? (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th className="py-1">{t("adminCustomerGroups.prices.sku")}</th>
                <th>{t("adminCustomerGroups.prices.product")}</th>
                <th className="text-right">{t("adminCustomerGroups.prices.catalogue")}</th>
                <th className="text-right">{t("adminCustomerGroups.prices.price")}</th>
                <th>
                  <span className="sr-only">{t("adminCustomerGroups.prices.remove")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {prices.map((p) => (
                <tr key={p.productId} className="border-t border-slate-100" data-testid="group-price-row">
                  <td className="py-2 font-mono">{p.sku}</td>
                  <td>{p.name ?? "—"}</td>
                  <td className="text-right">{formatPrice(p.catalogueCents, EUR, locale)}</td>
                  <td className="text-right font-semibold">{formatPrice(p.priceCents, EUR, locale)}</td>
                  <td className="text-right">
                    <SecureForm className="inline">
                      <input type="hidden" name="version" value={version} />
                      <input type="hidden" name="productId" value={p.productId} />
                      <Button
                        name="intent"
                        value="removePrice"
                        size="sm"
                        variant="secondary"
                        aria-label={t("adminCustomerGroups.prices.removeSku", { sku: p.sku })}
                      >
                        {t("adminCustomerGroups.prices.remove")}
                      </Button>
                    </SecureForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="group-prices-empty">
          {t("adminCustomerGroups.prices.empty")}
        </p>
      )}
      <SecureForm className="flex flex-wrap items-end gap-3" data-testid="group-price-form" key={version}>
        <input type="hidden" name="intent" value="setPrice" />
        <input type="hidden" name="version" value={version} />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminCustomerGroups.prices.sku")}
          <input name="sku" required maxLength={100} autoComplete="off" defaultValue={typed?.sku} className={INPUT} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminCustomerGroups.prices.price")}
          <input
            name="price"
            required
            inputMode="decimal"
            maxLength={20}
            pattern="\s*\d[\d\s]{0,9}([.,]\d{1,2})?\s*"
            defaultValue={typed?.price}
            className={INPUT}
          />
        </label>
        <Button pending={pending === "setPrice"}>{t("adminCustomerGroups.prices.set")}</Button>
      </SecureForm>
      <FormError errors={errors} testId="group-price-error" />
    </section>
  );
}
