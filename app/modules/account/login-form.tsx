import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { INTENTS } from "./account-fields";
import type { LoginInput } from "./account.schema";

type Props = {
  locale: Locale;
  /** Where to go after signing in; checked again by the action with the local-path rule. */
  redirectTo?: string | null;
  /** The login action's answer, when the last post on this page was a login. */
  lastResult?: SubmissionResult<string[]> | null;
  /** HTML constraints of loginSchema, from the loader (`formConstraint`). */
  constraint: FormConstraint;
};

/**
 * The login form (spec §3 Login form: username, password; §5 "username required and an
 * e-mail; password required, min 8"). It posts to the login route from every page that
 * shows it (the login page and the anonymous profile). The pattern every form copies:
 * `useShopForm` with the server's constraints and answer, `Field`s, a `FormError` line and
 * a `Button` that shows the pending post.
 */
export function LoginForm({ locale, redirectTo, lastResult, constraint }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const action = href("login", locale);
  const [form, fields] = useShopForm<LoginInput>({ id: "login", lastResult: resultFor(lastResult, INTENTS.login), constraint });
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <SecureForm {...getFormProps(form)} action={action} className="flex flex-col gap-1" data-testid="login-form">
      <input type="hidden" name="intent" value={INTENTS.login} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field meta={fields.username} type="email" label={t("account.fields.username")} autoComplete="username" />
      <Field meta={fields.password} type="password" label={t("account.fields.password")} autoComplete="current-password" />
      <FormError id={form.errorId} errors={form.errors} testId="login-error" />
      <div className="flex flex-wrap items-center gap-4">
        <Button size="lg" pending={pending}>
          {t("account.login.submit")}
        </Button>
        <Link to={href("forgotPassword", locale)} className="text-sm text-brand-700 underline">
          {t("account.login.forgotPassword")}
        </Link>
      </div>
    </SecureForm>
  );
}
