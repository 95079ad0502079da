import { useTranslation } from "~/lib/i18n";
import { messageText } from "~/lib/validation-message";

/**
 * The text of a validation or refusal message key ("core.validation.required",
 * "core.validation.maxLength|{"length":200}"), in the page's language.
 */
export function useMessageText() {
  const { t, i18n } = useTranslation();
  return (message: string | null | undefined) => messageText({ t, exists: (key) => i18n.exists(key) }, message);
}

/**
 * The form-wide message line (wrong password, lockout, a refused consent log): an alert,
 * and of fixed height so that the submit button below it does not move (DESIGN.md).
 */
export function FormError({ id, errors, testId }: { id?: string; errors?: readonly string[] | string | null; testId?: string }) {
  const text = useMessageText();
  const first = typeof errors === "string" ? errors : errors?.[0];
  return (
    <p id={id} role="alert" className="min-h-5 text-sm text-red-700" data-testid={testId}>
      {text(first)}
    </p>
  );
}
