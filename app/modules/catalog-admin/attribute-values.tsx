import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { localized } from "~/lib/links";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

type Value = { id: number; value: string; label: Record<string, string>; swatch: string | null; mediaId: number | null; products: number };

/** The attribute's values in order: swatch, label, machine value, products using it; edit, up/down, delete (POST forms). */
export function ValueList({
  attributeId,
  version,
  values,
  locale,
  result,
}: {
  attributeId: number;
  version: number;
  values: Value[];
  locale: Locale;
  result: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  if (values.length === 0) return <p className="text-sm text-slate-600">{t("adminCatalog.values.empty")}</p>;
  const button = (value: Value, intent: "valueUp" | "valueDown" | "deleteValue", label: string, disabled = false) => (
    <SecureForm>
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="valueId" value={value.id} />
      <Button name="intent" value={intent} size="sm" variant="secondary" disabled={disabled} aria-label={`${label}: ${value.value}`}>
        {label}
      </Button>
    </SecureForm>
  );
  return (
    <>
      <FormError errors={result?.error?.[""]} testId="values-error" />
      <ol className="divide-y divide-slate-200 rounded border border-slate-200 bg-white" data-testid="value-list">
        {values.map((value, index) => (
          <li key={value.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm" data-testid="value-row">
            {value.swatch ? (
              <span
                aria-hidden="true"
                className="inline-block size-5 rounded-full border border-slate-300"
                style={{ backgroundColor: value.swatch }}
              />
            ) : null}
            <span className="min-w-40 flex-1 font-semibold">{localized(value.label, locale)}</span>
            <code className="text-xs">{value.value}</code>
            {value.swatch ? (
              <code className="text-xs" data-testid="value-swatch-code">
                {value.swatch}
              </code>
            ) : null}
            <span className="text-slate-600">{t("adminCatalog.values.products", { count: value.products })}</span>
            <Link to={`/admin/attributes/${attributeId}?value=${value.id}#values`} className="text-brand-700 underline">
              {t("adminCatalog.values.editLink")}
            </Link>
            {button(value, "valueUp", t("adminCatalog.values.up"), index === 0)}
            {button(value, "valueDown", t("adminCatalog.values.down"), index === values.length - 1)}
            {button(value, "deleteValue", t("adminCatalog.values.delete"))}
          </li>
        ))}
      </ol>
    </>
  );
}
