import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { messageText } from "~/lib/validation-message";
import { RequiredMark } from "./required-mark";

export type CheckboxOption = {
  value: string | number;
  label: ReactNode;
  /** The browser refuses the form while a required box is unticked, even without JavaScript. */
  required?: boolean;
  /** A page that explains the option (a consent's full text), opened in a new tab so typed input is kept. */
  link?: string | null;
  linkLabel?: string;
};

type Props = {
  /** The posted name; every ticked box posts name=value. */
  name: string;
  legend: ReactNode;
  options: readonly CheckboxOption[];
  /** Values ticked when the page renders (a refused submission's choices without JavaScript). */
  defaultChecked?: readonly (string | number)[];
  /** Message keys of the group (the first is shown). */
  errors?: readonly string[] | null;
  /** Element ids must be unique when two groups share a page. */
  idPrefix: string;
  testId?: string;
};

/**
 * A group of checkboxes with one legend and one error line (consents on every form, tags
 * and categories in the backoffice). The error line has a fixed height so that the
 * submit button does not move (DESIGN.md pitfalls).
 */
export function CheckboxGroup({ name, legend, options, defaultChecked = [], errors, idPrefix, testId }: Props) {
  // messageText directly rather than useMessageText: the home page's consents (newsletter) then load no extra chunk (first-load budget).
  const { t, i18n } = useTranslation();
  if (options.length === 0) return null;
  const ticked = new Set(defaultChecked.map(String));
  const errorId = `${idPrefix}-error`;
  const message = messageText({ t, exists: (key) => i18n.exists(key) }, errors?.[0]);
  return (
    <fieldset className="space-y-2" aria-describedby={errorId} data-testid={testId}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {options.map((option) => {
        const id = `${idPrefix}-${option.value}`;
        return (
          <div key={option.value} className="flex items-start gap-2 text-sm">
            <input
              id={id}
              type="checkbox"
              name={name}
              value={option.value}
              required={option.required}
              defaultChecked={ticked.has(String(option.value))}
              aria-invalid={message ? true : undefined}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span>
              <label htmlFor={id}>
                {option.label}
                {option.required ? <RequiredMark /> : null}
              </label>
              {option.link ? (
                <a href={option.link} target="_blank" rel="noopener" className="ml-1 text-brand-700 underline">
                  {option.linkLabel}
                </a>
              ) : null}
            </span>
          </div>
        );
      })}
      <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
        {message}
      </p>
    </fieldset>
  );
}
