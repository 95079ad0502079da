import type { InputHTMLAttributes } from "react";
import { useTranslation } from "~/lib/i18n";
import { messageText } from "~/lib/validation-message";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  /** The posted name ("email", "delivery.city"); the element id is idPrefix + name. */
  name: string;
  label: string;
  idPrefix: string;
  /** The server's message key for this field, if it refused it. */
  error?: string;
};

/**
 * One labelled input of the account forms: the label with the required star, the input
 * with its HTML constraints (so browsers without JavaScript check them too) and an error
 * line of fixed height, so the submit button does not move under the pointer (DESIGN.md).
 */
export function AccountInput({ name, label, idPrefix, error, required, ...input }: Props) {
  const { t, i18n } = useTranslation();
  const id = `${idPrefix}-${name.replace(/\./g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {required ? (
          <>
            <span aria-hidden="true" className="ml-0.5 text-red-700">*</span>
            <span className="sr-only"> ({t("core.forms.requiredMark")})</span>
          </>
        ) : null}
      </label>
      <input
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className="mt-1 w-full rounded border border-slate-300 bg-white px-3 py-2"
        {...input}
      />
      <p id={`${id}-error`} className="min-h-5 text-sm text-red-700">
        {messageText({ t, exists: (k) => i18n.exists(k) }, error)}
      </p>
    </div>
  );
}

/** The form-wide message line (wrong password, lockout, user exists). */
export function FormError({ error, testId }: { error?: string; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p role="alert" className="min-h-5 text-sm text-red-700" data-testid={testId}>
      {messageText({ t, exists: (k) => i18n.exists(k) }, error)}
    </p>
  );
}

export const BUTTON = "rounded bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
