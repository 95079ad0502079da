import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";
import { filterTypesFor, type FilterTypeName } from "./filter-types";

export type FilterRow = {
  attributeId: number;
  code: string;
  label: string;
  attributeType: FilterTypeName;
  enabled: boolean;
  type: FilterTypeName;
  position: number;
};

/**
 * Which attributes filter the category, in which order, each with a filter type that fits
 * the attribute (filter-types.ts). Nothing ticked: the shop shows every filterable attribute
 * with its own type, or the parent category's filters when it has some (decision 0048).
 * Plain inputs, so the form works without JavaScript.
 */
export function CategoryFiltersForm({ version, rows, errors }: { version: number; rows: FilterRow[]; errors: string[] | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <SecureForm
      className="space-y-3 rounded border border-slate-200 bg-white p-4"
      data-testid="filters-form"
      aria-labelledby="filters-title"
    >
      <h2 id="filters-title" className="text-lg font-semibold">
        {t("adminCatalog.filters.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("adminCatalog.filters.help")}</p>
      <input type="hidden" name="intent" value="filters" />
      <input type="hidden" name="version" value={version} />
      {rows.length === 0 ? <p className="text-sm">{t("adminCatalog.filters.noAttributes")}</p> : null}
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th className="py-1">{t("adminCatalog.filters.use")}</th>
              <th>{t("adminCatalog.filters.type")}</th>
              <th>{t("adminCatalog.filters.position")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.attributeId} data-testid={`filter-row-${row.code}`}>
                <td className="py-1">
                  <input type="hidden" name={`filters[${index}].attributeId`} value={row.attributeId} />
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name={`filters[${index}].enabled`}
                      defaultChecked={row.enabled}
                      className="size-4 accent-brand-600"
                    />
                    {row.label} <span className="text-xs text-slate-500">({row.code})</span>
                  </label>
                </td>
                <td>
                  <select
                    name={`filters[${index}].type`}
                    defaultValue={row.type}
                    aria-label={t("adminCatalog.filters.typeOf", { name: row.label })}
                    className="rounded border border-slate-300 px-2 py-1"
                  >
                    {filterTypesFor(row.attributeType).map((type) => (
                      <option key={type} value={type}>
                        {t(`adminCatalog.types.${type}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    type="number"
                    name={`filters[${index}].position`}
                    defaultValue={row.position}
                    min={0}
                    max={999}
                    aria-label={t("adminCatalog.filters.positionOf", { name: row.label })}
                    className="w-20 rounded border border-slate-300 px-2 py-1"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormError errors={errors} testId="filters-error" />
      <Button pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "filters"}>
        {t("adminCatalog.filters.save")}
      </Button>
    </SecureForm>
  );
}
