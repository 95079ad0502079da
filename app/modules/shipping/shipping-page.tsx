import { Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { StatusBadge } from "~/components/admin/status-badge";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";

/** The parts of /admin/shipping: the methods in order, the free-delivery threshold, the allowed countries. */
type MethodRow = {
  id: number;
  code: string;
  name: Record<string, string>;
  priceCents: number;
  taxRateBp: number;
  active: boolean;
  version: number;
  branches: number;
};

const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function errorsOf(answer: unknown, intent: string) {
  const result = submissionOf(answer);
  if (result?.initialValue?.intent !== intent) return null;
  return Object.values(result.error ?? {})
    .flat()
    .filter((e): e is string => typeof e === "string");
}

export function MethodsTable({ methods, locale }: { methods: MethodRow[]; locale: Locale }) {
  const { t } = useTranslation();
  const move = (m: MethodRow, intent: "up" | "down", disabled: boolean) => (
    <SecureForm className="inline">
      <input type="hidden" name="methodId" value={m.id} />
      <input type="hidden" name="version" value={m.version} />
      <Button
        name="intent"
        value={intent}
        size="sm"
        variant="secondary"
        disabled={disabled}
        aria-label={t(`adminShipping.move.${intent}`, { name: localized(m.name, locale) })}
      >
        {intent === "up" ? "↑" : "↓"}
      </Button>
    </SecureForm>
  );
  return (
    <section className="rounded border border-slate-200 bg-white p-4" aria-labelledby="methods-title">
      <h2 id="methods-title" className="mb-2 text-lg font-semibold">
        {t("adminShipping.methods")}
      </h2>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm" data-testid="methods-table">
          <thead>
            <tr className="text-left">
              <th className="py-1">{t("adminShipping.fields.name")}</th>
              <th>{t("adminShipping.fields.price")}</th>
              <th>{t("adminShipping.fields.taxRate")}</th>
              <th>{t("adminShipping.branches")}</th>
              <th>{t("adminShipping.fields.active")}</th>
              <th>{t("adminShipping.order")}</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((m, index) => (
              <tr key={m.id} className="border-t border-slate-100" data-testid="method-row">
                <td className="py-2">
                  <Link to={`/admin/shipping/${m.id}`} className="font-semibold text-brand-700 underline">
                    {localized(m.name, locale)}
                  </Link>{" "}
                  <span className="text-xs text-slate-600">{m.code}</span>
                </td>
                <td>{formatPrice(m.priceCents, { label: "EUR", symbol: "€" }, locale)}</td>
                <td>{`${m.taxRateBp / 100} %`}</td>
                <td>{m.branches}</td>
                <td>
                  <StatusBadge tone={m.active ? "good" : "quiet"}>{m.active ? t("adminShipping.on") : t("adminShipping.off")}</StatusBadge>
                </td>
                <td className="space-x-1 whitespace-nowrap">
                  {move(m, "up", index === 0)}
                  {move(m, "down", index === methods.length - 1)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function FreeDeliveryForm({ cents, lastResult }: { cents: number | null; lastResult?: unknown }) {
  const { t } = useTranslation();
  return (
    <section className="rounded border border-slate-200 bg-white p-4" aria-labelledby="free-title">
      <h2 id="free-title" className="mb-2 text-lg font-semibold">
        {t("adminShipping.freeDelivery.title")}
      </h2>
      <SecureForm className="flex flex-wrap items-end gap-3" data-testid="free-delivery-form" key={String(cents)}>
        <input type="hidden" name="intent" value="freeDelivery" />
        <input type="hidden" name="was" value={cents === null ? "" : String(cents)} />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminShipping.freeDelivery.amount")}
          <input
            name="amount"
            inputMode="decimal"
            defaultValue={cents === null ? "" : euros(cents)}
            maxLength={20}
            pattern="\s*\d[\d\s]{0,9}([.,]\d{1,2})?\s*"
            className="rounded border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <Button pending={usePending("freeDelivery")}>{t("adminShipping.save")}</Button>
      </SecureForm>
      <p className="mt-1 text-xs text-slate-600">{t("adminShipping.freeDelivery.help")}</p>
      <FormError errors={errorsOf(lastResult, "freeDelivery")} testId="free-delivery-error" />
    </section>
  );
}

export function CountriesForm({
  allowed,
  countries,
  lastResult,
}: {
  allowed: string[];
  countries: { iso: string; name: string }[];
  lastResult?: unknown;
}) {
  const { t } = useTranslation();
  const all = allowed.includes("ALL");
  const [mode, setMode] = useState(all ? "all" : "list");
  return (
    <section className="rounded border border-slate-200 bg-white p-4" aria-labelledby="countries-title">
      <h2 id="countries-title" className="mb-2 text-lg font-semibold">
        {t("adminShipping.countries.title")}
      </h2>
      <SecureForm className="space-y-3" data-testid="countries-form" key={allowed.join(",")}>
        <input type="hidden" name="intent" value="countries" />
        <input type="hidden" name="was" value={allowed.join(",")} />
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">{t("adminShipping.countries.title")}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="all" defaultChecked={all} onChange={() => setMode("all")} />
            {t("adminShipping.countries.all")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="list" defaultChecked={!all} onChange={() => setMode("list")} />
            {t("adminShipping.countries.list")}
          </label>
        </fieldset>
        <fieldset
          className={`grid max-h-72 grid-cols-2 gap-1 overflow-y-auto rounded border border-slate-200 p-2 text-sm sm:grid-cols-4 ${mode === "all" ? "opacity-60" : ""}`}
        >
          <legend className="text-sm font-semibold">{t("adminShipping.countries.choose")}</legend>
          {countries.map((c) => (
            <label key={c.iso} className="flex items-center gap-2">
              <input type="checkbox" name="countries" value={c.iso} defaultChecked={!all && allowed.includes(c.iso)} />
              {`${c.name} (${c.iso})`}
            </label>
          ))}
        </fieldset>
        <FormError errors={errorsOf(lastResult, "countries")} testId="countries-error" />
        <Button pending={usePending("countries")}>{t("adminShipping.save")}</Button>
      </SecureForm>
    </section>
  );
}
