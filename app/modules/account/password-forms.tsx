import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import type { ForgotPasswordInput, ResetPasswordInput } from "./account.schema";

type Props = {
  locale: Locale;
  /** The page action's answer; each form picks its own by the posted intent. */
  lastResult?: unknown;
  /** HTML constraints of the form's schema, from the loader (`formConstraint`). */
  constraint: FormConstraint;
};

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Forgot password: the e-mail the reset link goes to. */
export function ForgotPasswordForm({ locale, lastResult, constraint }: Props) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<ForgotPasswordInput>({ id: "forgot", lastResult: resultFor(lastResult, "forgot"), constraint });
  return (
    <SecureForm
      {...getFormProps(form)}
      action={href("forgotPassword", locale)}
      className="flex flex-col gap-1"
      data-testid="forgot-password-form"
    >
      <input type="hidden" name="intent" value="forgot" />
      <Field meta={fields.email} type="email" label={t("account.fields.email")} autoComplete="email" />
      <FormError id={form.errorId} errors={form.errors} />
      <Button size="lg" className="self-start" pending={usePending("forgot")}>
        {t("account.forgot.submit")}
      </Button>
    </SecureForm>
  );
}

/** The reset form of the mailed link: a new password (min 8) and the same again. */
export function ResetPasswordForm({ locale, lastResult, constraint, token }: Props & { token: string }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<ResetPasswordInput>({ id: "reset", lastResult: resultFor(lastResult, "reset"), constraint });
  return (
    // The token stays in the URL too, so that a refused post shows this form again.
    <SecureForm
      {...getFormProps(form)}
      action={`${href("forgotPassword", locale)}?token=${encodeURIComponent(token)}`}
      className="flex flex-col gap-1"
      data-testid="reset-password-form"
    >
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name={fields.token.name} value={token} />
      <Field meta={fields.newPassword} type="password" label={t("account.fields.newPassword")} autoComplete="new-password" />
      <Field meta={fields.newPasswordAgain} type="password" label={t("account.fields.newPasswordAgain")} autoComplete="new-password" />
      <FormError id={form.errorId} errors={form.errors} />
      <Button size="lg" className="self-start" pending={usePending("reset")}>
        {t("account.forgot.resetSubmit")}
      </Button>
    </SecureForm>
  );
}
