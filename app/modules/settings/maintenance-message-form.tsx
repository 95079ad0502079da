import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { MAINTENANCE_MESSAGE_MAX } from "./settings.schema";

type Texts = { MaintenanceMessage: { hr?: string; en?: string; de?: string } };

/**
 * The message customers see while the shop is in maintenance (/admin/settings, beside the
 * switch): plain text per language. Empty, the maintenance view shows the spec's text.
 */
export function MaintenanceMessageForm({
  values,
  fingerprint,
  constraint,
  lastResult,
  pending,
}: {
  values: Record<string, unknown>;
  fingerprint: string;
  constraint: FormConstraint;
  lastResult: unknown;
  pending: boolean;
}) {
  const { t } = useTranslation();
  // Only this form's answer: the page's other forms redirect or refuse without one.
  const own = lastResult && typeof lastResult === "object" && "status" in lastResult ? (lastResult as SubmissionResult<string[]>) : null;
  const [form, fields] = useShopForm<Texts>({
    id: `maintenance-message-${fingerprint.slice(0, 8)}`,
    lastResult: own,
    constraint,
    defaultValue: values as never,
  });
  const texts = fields.MaintenanceMessage.getFieldset();
  return (
    <SecureForm
      {...getFormProps(form)}
      className="flex flex-col gap-2 border-t border-slate-200 pt-3"
      data-testid="maintenance-message-form"
    >
      <input type="hidden" name="intent" value="maintenanceMessage" />
      <input type="hidden" name="fingerprint" value={fingerprint} />
      <LanguageTabs idPrefix="maintenance-message" errors={(l) => Boolean(texts[l]?.errors?.length)}>
        {(l) => (
          <TextareaField
            meta={texts[l]}
            rows={3}
            maxLength={MAINTENANCE_MESSAGE_MAX}
            label={t("adminSettings.maintenance.message", { language: t(`admin.languages.${l}`) })}
            description={
              l === "hr"
                ? t("adminSettings.maintenance.messageHelp", { text: t("site.maintenance"), max: MAINTENANCE_MESSAGE_MAX })
                : t("adminSettings.fallbackHelp")
            }
          />
        )}
      </LanguageTabs>
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <Button pending={pending}>{t("adminSettings.maintenance.messageSave")}</Button>
      </div>
    </SecureForm>
  );
}
