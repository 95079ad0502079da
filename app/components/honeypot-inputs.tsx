import { createContext, useContext, useId, useMemo, type ReactNode } from "react";

/**
 * The honeypot's inputs in every form (app/.server/security.server.ts checks them): an empty
 * text field a robot fills and the encrypted time the page was rendered. In place of
 * remix-utils' `HoneypotInputs`, which renders fixed ids (repeated when a page has several
 * forms) and `autocomplete="nope"` (not a valid value): the ids here are the form's own
 * (`useId`, the same on the server and in the browser), the label is tied to its field, and
 * `autocomplete="off"` keeps the browser from filling the trap with the shopper's data
 * (an autofill token such as "name" or "url" would invite exactly that; decision 0034).
 */
export type HoneypotInputProps = { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string };

export const HoneypotContext = createContext<Partial<HoneypotInputProps>>({});

/**
 * The value is memoised on its fields: a new object on every render of the root (as
 * remix-utils' provider gives) would reach every form's inputs, those in boundaries that are
 * still hydrating included, and make React render those anew (#421).
 */
export function HoneypotProvider({
  children,
  nameFieldName,
  validFromFieldName,
  encryptedValidFrom,
}: Partial<HoneypotInputProps> & { children: ReactNode }) {
  const value = useMemo(
    () => ({ nameFieldName, validFromFieldName, encryptedValidFrom }),
    [nameFieldName, validFromFieldName, encryptedValidFrom],
  );
  return <HoneypotContext.Provider value={value}>{children}</HoneypotContext.Provider>;
}

export function HoneypotInputs({ label }: { label: string }) {
  const { nameFieldName = "website", validFromFieldName = "from__confirm", encryptedValidFrom } = useContext(HoneypotContext);
  const id = `${useId()}hp`;
  return (
    <div className="hidden" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? <input type="hidden" name={validFromFieldName} value={encryptedValidFrom} /> : null}
    </div>
  );
}
