import { useLocation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import { BARCODE_MAX, EMAIL_MAX, INTENTS, NAME_MAX, PASSWORD_MIN, type FormAnswer } from "./account-fields";
import { AccountInput, BUTTON, FormError } from "./account-input";

export type ProfileUser = { firstName: string; lastName: string; email: string; memberCardBarcode: string | null };

const refusedFor = (answer: FormAnswer | null | undefined, intent: string) => (answer && !answer.ok && answer.intent === intent ? answer : null);

/** Spec §3 Profile form: firstName, lastName, email, memberCardBarcode; §5 names and a valid e-mail required. */
export function ProfileForm({ user, answer, busy }: { user: ProfileUser; answer?: FormAnswer | null; busy?: boolean }) {
  const { t } = useTranslation();
  const refused = refusedFor(answer, INTENTS.profile);
  const value = (name: keyof ProfileUser) => refused?.values[name] ?? user[name] ?? "";
  const fields = [
    { name: "firstName", type: "text", required: true, max: NAME_MAX, autoComplete: "given-name" },
    { name: "lastName", type: "text", required: true, max: NAME_MAX, autoComplete: "family-name" },
    { name: "email", type: "email", required: true, max: EMAIL_MAX, autoComplete: "email" },
    { name: "memberCardBarcode", type: "text", required: false, max: BARCODE_MAX, autoComplete: "off" },
  ] as const;
  return (
    <SecureForm method="post" className="flex flex-col gap-1" data-testid="profile-form">
      <input type="hidden" name="intent" value={INTENTS.profile} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {fields.map((field) => (
          <AccountInput
            key={field.name}
            idPrefix="profile"
            name={field.name}
            type={field.type}
            label={t(`account.fields.${field.name}`)}
            required={field.required}
            maxLength={field.max}
            autoComplete={field.autoComplete}
            defaultValue={value(field.name)}
            error={refused?.errors[field.name]}
          />
        ))}
      </div>
      <FormError error={refused?.errors.form} testId="profile-error" />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>
        {t("account.profile.save")}
      </button>
    </SecureForm>
  );
}

/**
 * Spec §3 Change password, §5 rules; §4 Auth "Change password success clears the form":
 * after a success (a redirect, so a new location and no refusal) the form gets a new key
 * and renders empty even when scripts kept the old inputs; while refused the key stays.
 */
export function ChangePasswordForm({ answer, busy }: { answer?: FormAnswer | null; busy?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const refused = refusedFor(answer, INTENTS.password);
  const field = (name: "oldPassword" | "newPassword" | "newPasswordAgain", autoComplete: string) => (
    <AccountInput
      idPrefix="password"
      name={name}
      type="password"
      label={t(`account.fields.${name}`)}
      required
      minLength={PASSWORD_MIN}
      autoComplete={autoComplete}
      error={refused?.errors[name]}
    />
  );
  return (
    <SecureForm key={refused ? "refused" : location.key} method="post" className="flex flex-col gap-1" data-testid="password-form">
      <input type="hidden" name="intent" value={INTENTS.password} />
      {field("oldPassword", "current-password")}
      {field("newPassword", "new-password")}
      {field("newPasswordAgain", "new-password")}
      <FormError error={refused?.errors.form} testId="password-error" />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>
        {t("account.profile.changePassword")}
      </button>
    </SecureForm>
  );
}
