/**
 * The section manager's changes to a page's component list (decision 0051), as pure
 * functions over the stored list: the server applies them to the draft and then checks
 * the result with the components' own schemas, so a change can never store a component
 * the page could not render. An index outside the list is refused, never clamped: a stale
 * panel must not move or remove another section than the one the editor saw.
 */
export const ADDABLE_COMPONENTS = [
  "hero",
  "text",
  "productSlider",
  "postList",
  "cta",
  "map",
  "contactForm",
  "logoList",
  "certificates",
] as const;
export type AddableComponent = (typeof ADDABLE_COMPONENTS)[number];

type Component = Record<string, unknown> & { type: string; hidden?: boolean };

/** What a new section starts with: valid as it is, the editor fills it in afterwards. */
export function newComponent(type: AddableComponent): Component {
  switch (type) {
    case "hero":
      return { type, title: "", text: "", image: null, cta: null };
    case "text":
      return { type, html: "<p></p>" };
    case "productSlider":
      return { type, title: "", tag: "Top proizvodi", limit: 10 };
    case "postList":
      return { type, title: "", limit: 3 };
    case "cta":
      return { type, title: "", text: "", link: { label: "", linkType: "route", target: "shop" } };
    case "map":
      // Velika Gorica, where the built-in shop is: the editor moves the pin.
      return { type, title: "", address: "", lat: 45.7125, lon: 16.0756, zoom: 16 };
    case "contactForm":
      return { type };
    case "logoList":
      return { type, title: "", logos: [] };
    case "certificates":
      return { type, title: "", items: [] };
  }
}

export class BadSectionIndex extends Error {}

function at(list: readonly Component[], index: number): Component {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) throw new BadSectionIndex(`no section ${index}`);
  return list[index];
}

export type SectionChange =
  | { op: "add"; at: number; component: Component }
  | { op: "move"; index: number; to: number }
  | { op: "duplicate"; index: number }
  | { op: "hide"; index: number; hidden: boolean }
  | { op: "remove"; index: number }
  | { op: "replace"; index: number; component: Component };

/** The list after one change; the input is left as it was. */
export function changeSections(list: readonly Component[], change: SectionChange): Component[] {
  const next = [...list];
  switch (change.op) {
    case "add": {
      const place = Math.min(Math.max(0, change.at), next.length);
      next.splice(place, 0, change.component);
      return next;
    }
    case "move": {
      const moved = at(next, change.index);
      at(next, change.to);
      next.splice(change.index, 1);
      next.splice(change.to, 0, moved);
      return next;
    }
    case "duplicate":
      next.splice(change.index + 1, 0, structuredClone(at(next, change.index)));
      return next;
    case "hide": {
      const { hidden: _was, ...rest } = at(next, change.index);
      next[change.index] = change.hidden ? { ...rest, hidden: true } : (rest as Component);
      return next;
    }
    case "remove":
      at(next, change.index);
      next.splice(change.index, 1);
      return next;
    case "replace": {
      const current = at(next, change.index);
      // The panel edits a component's fields, never its type or whether it is shown.
      const { hidden: _posted, ...fields } = change.component;
      next[change.index] = { ...fields, type: current.type, ...(current.hidden ? { hidden: true } : {}) };
      return next;
    }
  }
}
