import { Form, type FetcherWithComponents, type FormProps } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/lib/i18n";
import { HoneypotInputs } from "./honeypot-inputs";

/**
 * Every form of the shop: a Remix Form with the CSRF token and the honeypot, so the
 * action's `readForm` accepts it. Without JavaScript it is a plain POST form.
 */
export function SecureForm({ children, method = "post", ...props }: FormProps) {
  const { t } = useTranslation();
  return (
    <Form method={method} {...props}>
      <AuthenticityTokenInput name="csrf" />
      <HoneypotInputs label={t("site.honeypot")} />
      {children}
    </Form>
  );
}

/** The same for a fetcher form (no navigation, pending and optimistic UI with JavaScript). */
export function SecureFetcherForm<T>({ fetcher, children, method = "post", ...props }: FormProps & { fetcher: FetcherWithComponents<T> }) {
  const { t } = useTranslation();
  return (
    <fetcher.Form method={method} {...props}>
      <AuthenticityTokenInput name="csrf" />
      <HoneypotInputs label={t("site.honeypot")} />
      {children}
    </fetcher.Form>
  );
}
