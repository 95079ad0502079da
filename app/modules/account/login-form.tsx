import { Link } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { EMAIL_MAX, INTENTS, PASSWORD_MIN, type FormAnswer } from "./account-fields";
import { AccountInput, BUTTON, FormError } from "./account-input";

type Props = {
  locale: Locale;
  /** Where to go after signing in; checked again by the action with safeRedirect. */
  redirectTo?: string | null;
  answer?: FormAnswer | null;
  busy?: boolean;
};

/**
 * The login form (spec §3 Login form: username, password; §5 "username required and an
 * e-mail; password required, min 8"). It posts to the login route from every page that
 * shows it (the login page and the anonymous profile).
 */
export function LoginForm({ locale, redirectTo, answer, busy }: Props) {
  const { t } = useTranslation();
  const refused = answer && !answer.ok && answer.intent === INTENTS.login ? answer : null;
  return (
    <SecureForm action={href("login", locale)} className="flex flex-col gap-1" data-testid="login-form">
      <input type="hidden" name="intent" value={INTENTS.login} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <AccountInput
        idPrefix="login"
        name="username"
        type="email"
        label={t("account.fields.username")}
        required
        maxLength={EMAIL_MAX}
        autoComplete="username"
        defaultValue={refused?.values.username ?? ""}
        error={refused?.errors.username}
      />
      <AccountInput
        idPrefix="login"
        name="password"
        type="password"
        label={t("account.fields.password")}
        required
        minLength={PASSWORD_MIN}
        autoComplete="current-password"
        error={refused?.errors.password}
      />
      <FormError error={refused?.errors.form} testId="login-error" />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={busy} className={BUTTON}>
          {t("account.login.submit")}
        </button>
        <Link to={href("forgotPassword", locale)} className="text-sm text-brand-700 underline">
          {t("account.login.forgotPassword")}
        </Link>
      </div>
    </SecureForm>
  );
}
