import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import type { CreateConsentInput } from "./consent-admin.schema";

const ACTION = "/admin/consent";

/**
 * The admin's new-consent form: the constraints of createConsentSchema come from the
 * loader (the browser checks them without JavaScript and without zod), the action parses
 * with the same schema, and its answer (`lastResult`) shows its errors even on a page
 * rendered without JS.
 */
export function CreateConsentForm({
  lastResult,
  constraint,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<CreateConsentInput>({ id: "create-consent", lastResult, constraint });
  const names = fields.displayName.getFieldset();
  const pending = navigation.state === "submitting" && navigation.formAction === ACTION;
  return (
    <SecureForm {...getFormProps(form)} action={ACTION} className="grid gap-x-4 md:grid-cols-2" data-testid="create-consent">
      <Field meta={fields.uniqueNumber} type="number" label={t("consent.admin.uniqueNumber")} />
      <Field
        meta={fields.pageSlug}
        label={t("consent.admin.pageSlug")}
        description={t("consent.admin.pageSlugHint")}
        optional
        data-pattern-message="core.validation.slugFormat"
      />
      {LOCALES.map((lng) => (
        <Field
          key={lng}
          meta={names[lng]}
          label={t("consent.admin.displayName", { language: t(`site.language.${lng}`) })}
          optional={lng !== "hr"}
        />
      ))}
      <div className="md:col-span-2">
        <FormError id={form.errorId} errors={form.errors} />
      </div>
      <div>
        <Button pending={pending}>{t("consent.admin.create")}</Button>
      </div>
    </SecureForm>
  );
}
