import { useEffect, useMemo, useRef, useState } from "react";

/**
 * Where the keyboard's focus goes in the in-page editor (WCAG 2.4.3): a panel takes it
 * when it opens and gives it back to what opened it when it closes; a control that
 * disappears or turns disabled under the focus (a dialog's button, "Objavi" once there is
 * no draft) hands it on to its panel or the toolbar instead of dropping it on the page.
 */
export const TOOLBAR_ID = "edit-toolbar";
const PANEL = '[data-testid="edit-panel"]';

/** A button that waits (aria-disabled, keeping the focus) looks like a disabled one. */
export const WAITING = "aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const usable = (el: HTMLElement | null | undefined): el is HTMLElement => Boolean(el?.isConnected && !el.matches(":disabled"));

/** The panel's heading (tabIndex -1) takes the focus when the panel mounts: its controls follow it. */
export function useHeadingFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** Gives the focus back to what opened the panel once it closes; `remember()` before opening. */
export function usePanelFocus(panel: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !panel) (usable(opener.current) ? opener.current : document.getElementById(TOOLBAR_ID))?.focus();
    wasOpen.current = panel;
  }, [panel]);
  return useMemo(
    () => ({
      remember() {
        const active = document.activeElement;
        // Moving on inside the panel (a section's panel from the section manager) keeps the first opener.
        if (active instanceof HTMLElement && active !== document.body && !active.closest(PANEL)) opener.current = active;
      },
    }),
    [],
  );
}

/** Escape in the open panel closes it; a dialog opened from it (rendered elsewhere) closes itself. */
export function usePanelEscape(panel: boolean, close: () => void) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented && event.target instanceof Element && event.target.closest(PANEL))
        latest.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [panel]);
}

/** A control that vanished or turned disabled under the focus hands it on (see the top of this file). */
export function useKeptFocus() {
  useEffect(() => {
    let timer = 0;
    const onFocusOut = (event: FocusEvent) => {
      const lost = event.target;
      if (event.relatedTarget || !(lost instanceof HTMLElement)) return;
      const inToolbar = Boolean(lost.closest(`#${TOOLBAR_ID}`));
      window.clearTimeout(timer);
      // After the change that took it: a dialog gives the focus back in its own unmount.
      timer = window.setTimeout(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        if (usable(lost)) return;
        const panel = document.querySelector<HTMLElement>(PANEL);
        const heading = panel?.querySelector<HTMLElement>("h2[tabindex]");
        (!inToolbar && panel ? (heading ?? panel) : document.getElementById(TOOLBAR_ID))?.focus();
      });
    };
    document.addEventListener("focusout", onFocusOut);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("focusout", onFocusOut);
    };
  }, []);
}

/** A container at the very start of <body>, for what must come first in the tab order. */
export function useStartOfBody() {
  const [start, setStart] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const container = document.createElement("div");
    document.body.prepend(container);
    setStart(container);
    return () => container.remove();
  }, []);
  return start;
}
