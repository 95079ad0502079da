import { useEffect } from "react";

/**
 * The editor's own controls in the page's tab order (WCAG 2.4.3). The outline labels are
 * drawn in one layer over the shoppers' page, which the editor must not change, so in the
 * document's order they all came together (at its end, 198 presses of Tab away). Each
 * label is placed here in front of the element it names, and the Tab key follows that
 * order: a label, then its section's links and fields, then the next label.
 */
const placed = new Map<HTMLElement, () => Element | undefined>();

/**
 * Puts `control` in the tab order just before the first focusable element in or after the
 * element `anchor` names (read when Tab is pressed: the page may have re-rendered since).
 */
export function placeBefore(control: HTMLElement | null, anchor: () => Element | undefined) {
  for (const [key] of placed) if (!key.isConnected) placed.delete(key);
  if (control) placed.set(control, anchor);
}

const FOCUSABLE =
  'a[href], button, input:not([type="hidden"]), select, textarea, iframe, summary, [tabindex], [contenteditable]:not([contenteditable="false"])';

function tabbable(el: HTMLElement) {
  if (el.tabIndex < 0 || el.matches(":disabled") || el.closest("[inert]")) return false;
  // A radio group is one stop: its checked radio, or its first one when none is.
  if (el instanceof HTMLInputElement && el.type === "radio" && el.name) {
    const group = [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]`)].filter(
      (radio) => radio.form === el.form,
    );
    if ((group.find((radio) => radio.checked) ?? group[0]) !== el) return false;
  }
  return el.checkVisibility({ visibilityProperty: true });
}

const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/** Every tab stop of the document in the order a keyboard user meets them. */
export function tabOrder(): HTMLElement[] {
  const natural = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !placed.has(el) && tabbable(el));
  const extra = [...placed]
    .map(([control, anchorOf]) => ({ control, anchor: anchorOf() }))
    .filter((entry): entry is { control: HTMLElement; anchor: Element } => Boolean(entry.anchor?.isConnected) && tabbable(entry.control))
    .map(({ control, anchor }) => {
      const slot = natural.findIndex((el) => el === anchor || follows(anchor, el));
      return { control, anchor, slot: slot === -1 ? natural.length : slot };
    })
    // Nested elements (the header and its navigation): the outer one's control first.
    .sort((a, b) => a.slot - b.slot || (a.anchor === b.anchor ? 0 : follows(a.anchor, b.anchor) ? -1 : 1));
  const order: HTMLElement[] = [];
  let next = 0;
  natural.forEach((el, i) => {
    while (next < extra.length && extra[next].slot === i) order.push(extra[next++].control);
    order.push(el);
  });
  while (next < extra.length) order.push(extra[next++].control);
  return order;
}

/**
 * Tab and Shift+Tab along tabOrder(). Modal dialogs keep their own trap, and a control
 * that handles Tab itself (the rich-text editor's lists) has already taken the key.
 */
export function useEditorTabOrder() {
  useEffect(() => {
    // Where a click left the starting point when it landed on no control (the browser's own rule).
    let clicked: Node | null = null;
    const onPointerDown = (event: PointerEvent) => {
      clicked = event.target instanceof Node ? event.target : null;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
      if (active.closest('[role="dialog"]:not([data-testid="cookie-banner"]), [role="alertdialog"]')) return;
      const order = tabOrder();
      const from = active === document.body && clicked?.isConnected ? clicked : active;
      const at = order.indexOf(active);
      let target: HTMLElement | undefined;
      if (at >= 0) target = order[at + (event.shiftKey ? -1 : 1)];
      else {
        // Focus on no stop of the order (the page itself, a panel's heading): from where it is.
        const after = order.findIndex((el) => !placed.has(el) && (from === document.body || follows(from, el)));
        const index = after === -1 ? order.length : after;
        target = order[event.shiftKey ? index - 1 : index];
      }
      // Past either end the browser goes on to its own controls.
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    const forget = () => {
      clicked = null;
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("focusin", forget);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("focusin", forget);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
}
