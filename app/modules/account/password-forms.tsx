import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { EMAIL_MAX, PASSWORD_MIN, type FormAnswer } from "./account-fields";
import { AccountInput, BUTTON } from "./account-input";

type Props = { locale: Locale; answer?: FormAnswer | null; busy?: boolean };

const refusedFor = (answer: FormAnswer | null | undefined, intent: string) => (answer && !answer.ok && answer.intent === intent ? answer : null);

/** Forgot password: the e-mail the reset link goes to. */
export function ForgotPasswordForm({ locale, answer, busy }: Props) {
  const { t } = useTranslation();
  const refused = refusedFor(answer, "forgot");
  return (
    <SecureForm action={href("forgotPassword", locale)} className="flex flex-col gap-1" data-testid="forgot-password-form">
      <input type="hidden" name="intent" value="forgot" />
      <AccountInput
        idPrefix="forgot"
        name="email"
        type="email"
        label={t("account.fields.email")}
        required
        maxLength={EMAIL_MAX}
        autoComplete="email"
        defaultValue={refused?.values.email ?? ""}
        error={refused?.errors.email}
      />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>
        {t("account.forgot.submit")}
      </button>
    </SecureForm>
  );
}

/** The reset form of the mailed link: a new password (min 8) and the same again. */
export function ResetPasswordForm({ locale, answer, busy, token }: Props & { token: string }) {
  const { t } = useTranslation();
  const refused = refusedFor(answer, "reset");
  return (
    // The token stays in the URL too, so that a refused post shows this form again.
    <SecureForm action={`${href("forgotPassword", locale)}?token=${encodeURIComponent(token)}`} className="flex flex-col gap-1" data-testid="reset-password-form">
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="token" value={token} />
      <AccountInput idPrefix="reset" name="newPassword" type="password" label={t("account.fields.newPassword")} required minLength={PASSWORD_MIN} autoComplete="new-password" error={refused?.errors.newPassword} />
      <AccountInput
        idPrefix="reset"
        name="newPasswordAgain"
        type="password"
        label={t("account.fields.newPasswordAgain")}
        required
        minLength={PASSWORD_MIN}
        autoComplete="new-password"
        error={refused?.errors.newPasswordAgain}
      />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>
        {t("account.forgot.resetSubmit")}
      </button>
    </SecureForm>
  );
}
