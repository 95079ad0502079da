import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useDebounceSubmit } from "remix-utils/use-debounce-submit";
import { useTranslation } from "~/lib/i18n";
import { Button } from "~/components/ui/button";
import { href } from "~/lib/routes-table";
import type { Locale } from "~/lib/locales";
import { MAX_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, SEARCH_PARAM, type SearchCategory } from "./search-params";

type Props = { locale: Locale; text: string; category: SearchCategory };

/**
 * The search page's GET form: without JavaScript it submits with Enter or the button. With
 * JavaScript, results follow typing after 500 ms of quiet (spec §4, §9; remix-utils'
 * `useDebounceSubmit`: a newer keystroke cancels the pending submit), replacing the history
 * entry so Back does not step through every keystroke; Enter submits at once. The form
 * carries no page field, so a new text always starts at page 1.
 */
export function SearchForm({ locale, text, category }: Props) {
  const { t } = useTranslation();
  const submit = useDebounceSubmit();
  const input = useRef<HTMLInputElement>(null);

  // Back/forward changes the text under an uncontrolled input: show it, unless the shopper
  // is typing there (the response to an older keystroke must not undo newer ones).
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = text;
  }, [text]);

  return (
    <Form
      method="get"
      action={href("search", locale)}
      role="search"
      className="flex gap-2"
      data-testid="search-form"
      onSubmit={(event) => {
        // Enter or the button: now, replacing a pending debounced submit.
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      <label htmlFor="search-text" className="sr-only">
        {t("search.label")}
      </label>
      <input
        ref={input}
        id="search-text"
        type="search"
        name={SEARCH_PARAM.text}
        defaultValue={text}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        className="min-w-0 flex-1 rounded border border-slate-300 px-4 py-2.5 focus:border-brand-600"
        onChange={(event) =>
          submit(event.currentTarget.form, { replace: true, preventScrollReset: true, debounceTimeout: SEARCH_DEBOUNCE_MS })
        }
      />
      <input type="hidden" name={SEARCH_PARAM.category} value={category} />
      <Button size="lg">{t("search.submit")}</Button>
    </Form>
  );
}
