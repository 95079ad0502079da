import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";

/** The name of the button conform submits a form with to validate it (not to post it). */
const CONFORM_INTENT = "__intent__";

/**
 * Warns before unsaved work is left behind on a page of several forms (the product editor):
 * a form typed into and not posted since counts as unsaved. Leaving for another page asks
 * first (a link in the shop, or closing or reloading the tab, where the browser asks in its
 * own words); posting one form leaves the others as they are, so saving a section keeps what
 * was typed elsewhere. Only forms inside the element the returned ref is put on are watched.
 * Without JavaScript each form is its own page load, as it always was.
 */
export function useUnsavedChanges<T extends HTMLElement>() {
  const { t } = useTranslation();
  const scope = useRef<T>(null);
  const unsaved = useRef(new Set<HTMLFormElement>());

  const hasUnsaved = useCallback(() => {
    for (const form of unsaved.current) if (!form.isConnected) unsaved.current.delete(form);
    return unsaved.current.size > 0;
  }, []);

  useEffect(() => {
    const root = scope.current;
    if (!root) return;
    const typed = (event: Event) => {
      const form = (event.target as HTMLInputElement | null)?.form;
      if (form && root.contains(form)) unsaved.current.add(form);
    };
    // A form is posted by its own buttons (a click, or Enter, which names the default button).
    // Conform checks a field when it loses focus by submitting its form with an intent button
    // of its own: that saves nothing, so the form stays unsaved.
    const posted = (event: SubmitEvent) => {
      const button = event.submitter;
      if (!(button instanceof HTMLButtonElement || button instanceof HTMLInputElement) || button.name === CONFORM_INTENT) return;
      if (button.form) unsaved.current.delete(button.form);
    };
    root.addEventListener("input", typed);
    root.addEventListener("change", typed);
    root.addEventListener("submit", posted);
    return () => {
      root.removeEventListener("input", typed);
      root.removeEventListener("change", typed);
      root.removeEventListener("submit", posted);
    };
  }, []);

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!hasUnsaved()) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [hasUnsaved],
    ),
  );

  // A post answered by a redirect back to this page stays on it: only another page asks.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      historyAction !== "REPLACE" && nextLocation.pathname !== currentLocation.pathname && hasUnsaved(),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(t("admin.unsavedChanges"))) {
      unsaved.current.clear();
      blocker.proceed();
    } else blocker.reset();
  }, [blocker, t]);

  return scope;
}
