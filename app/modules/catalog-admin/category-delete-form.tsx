import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";

/**
 * Delete with a confirmation tick (a required checkbox: it works without JavaScript). A
 * category with products or sub-categories cannot be deleted: the form says why instead.
 */
export function CategoryDeleteForm({
  version,
  products,
  subcategories,
  result,
}: {
  version: number;
  products: number;
  subcategories: number;
  result: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const blocked = products > 0 || subcategories > 0;
  const errors = [...(result?.error?.[""] ?? []), ...(result?.error?.confirm ?? [])];
  return (
    <SecureForm className="space-y-2 rounded border border-red-200 bg-white p-4" data-testid="delete-form">
      <h2 className="text-lg font-semibold">{t("adminCatalog.categories.delete")}</h2>
      {blocked ? (
        <p className="text-sm text-slate-700">{t("adminCatalog.categories.deleteBlocked", { products, children: subcategories })}</p>
      ) : null}
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="version" value={version} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="confirm" required className="size-4 accent-brand-600" />
        {t("adminCatalog.categories.deleteConfirm")}
      </label>
      <FormError errors={errors} testId="delete-error" />
      <Button variant="secondary" pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "delete"}>
        {t("adminCatalog.categories.delete")}
      </Button>
    </SecureForm>
  );
}
