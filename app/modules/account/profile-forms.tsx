import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useLocation, useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { INTENTS } from "./account-fields";
import type { ChangePasswordInput, ProfileInput } from "./account.schema";

export type ProfileUser = { firstName: string; lastName: string; email: string; memberCardBarcode: string | null };

type FormProps = {
  /** The profile action's answer; each form picks its own by the posted intent. */
  lastResult?: unknown;
  /** HTML constraints of the form's schema, from the loader (`formConstraint`). */
  constraint: FormConstraint;
};

/** Whether the page's post (to its own action) is on its way with this intent. */
function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Spec §3 Profile form: firstName, lastName, email, memberCardBarcode; §5 names and a valid e-mail required. */
export function ProfileForm({ user, lastResult, constraint }: FormProps & { user: ProfileUser }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<ProfileInput>({
    id: "profile",
    lastResult: resultFor(lastResult, INTENTS.profile),
    constraint,
    defaultValue: { ...user, memberCardBarcode: user.memberCardBarcode ?? "" },
  });
  return (
    <SecureForm {...getFormProps(form)} method="post" className="flex flex-col gap-1" data-testid="profile-form">
      <input type="hidden" name="intent" value={INTENTS.profile} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field meta={fields.firstName} label={t("account.fields.firstName")} autoComplete="given-name" />
        <Field meta={fields.lastName} label={t("account.fields.lastName")} autoComplete="family-name" />
        <Field meta={fields.email} type="email" label={t("account.fields.email")} autoComplete="email" />
        <Field meta={fields.memberCardBarcode} label={t("account.fields.memberCardBarcode")} autoComplete="off" />
      </div>
      <FormError id={form.errorId} errors={form.errors} testId="profile-error" />
      <Button size="lg" className="self-start" pending={usePending(INTENTS.profile)}>
        {t("account.profile.save")}
      </Button>
    </SecureForm>
  );
}

/**
 * Spec §3 Change password, §5 rules; §4 Auth "Change password success clears the form":
 * after a success (a redirect, so a new location and no refusal) the form gets a new key
 * and renders empty even when scripts kept the old inputs; while refused the key stays.
 */
export function ChangePasswordForm({ lastResult, constraint }: FormProps) {
  const location = useLocation();
  const refused = resultFor(lastResult, INTENTS.password);
  return <PasswordForm key={refused ? "refused" : location.key} lastResult={refused} constraint={constraint} />;
}

function PasswordForm({ lastResult, constraint }: { lastResult: SubmissionResult<string[]> | null; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<ChangePasswordInput>({ id: "password", lastResult, constraint });
  return (
    <SecureForm {...getFormProps(form)} method="post" className="flex flex-col gap-1" data-testid="password-form">
      <input type="hidden" name="intent" value={INTENTS.password} />
      <Field meta={fields.oldPassword} type="password" label={t("account.fields.oldPassword")} autoComplete="current-password" />
      <Field meta={fields.newPassword} type="password" label={t("account.fields.newPassword")} autoComplete="new-password" />
      <Field meta={fields.newPasswordAgain} type="password" label={t("account.fields.newPasswordAgain")} autoComplete="new-password" />
      <FormError id={form.errorId} errors={form.errors} testId="password-error" />
      <Button size="lg" className="self-start" pending={usePending(INTENTS.password)}>
        {t("account.profile.changePassword")}
      </Button>
    </SecureForm>
  );
}
