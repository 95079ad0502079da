import { useContext } from "react";
import { HoneypotContext } from "~/components/honeypot-inputs";

/**
 * A SecureForm's CSRF token and honeypot alone, for a script that posts something else
 * beside the form (an image chooser's uploads, one file per request): the action checks
 * them as it checks the form's own post. Its own file, so the shop's pages, whose forms
 * share form.tsx, do not load it (the first-load budget).
 */
export function useSecureFields(): (form: HTMLFormElement) => FormData {
  const { nameFieldName = "website", validFromFieldName = "from__confirm" } = useContext(HoneypotContext);
  const honeypot = validFromFieldName ? [nameFieldName, validFromFieldName] : [nameFieldName];
  return (form) => {
    const fields = new FormData();
    for (const [name, value] of new FormData(form).entries()) if (name === "csrf" || honeypot.includes(name)) fields.append(name, value);
    return fields;
  };
}
