import { useCallback, useEffect, useRef } from "react";
import { sizedDimensions, mediaUrl, type MediaRef } from "~/lib/media";
import { mediaSrcSet } from "~/modules/media/responsive-image";
import type { PageEdit } from "./use-edit-post";

/**
 * A section panel's unsaved values shown on the page while the editor types (decision
 * 0120). The shoppers' renderer carries nothing for this: the editor's chunk finds the
 * section by the place the renderer wrote on it (as the outlines do) and writes into the
 * nodes React rendered, remembering what was there. Closing the panel unsaved puts every
 * node back; a saved draft becomes the new starting point (the reloaded page shows it).
 *
 * Only React's own nodes are changed, never replaced: React keeps its handle on them and
 * its next render of the saved draft lands in the same nodes. A field whose element the
 * page does not render (an empty text) shows after saving.
 */
type Values = Record<string, unknown> & { type: string };
type Target = { field: string; selector: string; kind: "text" | "html" | "image" | "linkLabel" };

// The section's first heading: the home hero's h1, every other section's h2 (cards below use h3).
const TITLE: Target = { field: "title", selector: "h1, h2", kind: "text" };
const TARGETS: Record<string, Target[]> = {
  hero: [
    TITLE,
    { field: "text", selector: "p", kind: "text" },
    { field: "cta", selector: "a", kind: "linkLabel" },
    { field: "image", selector: "img", kind: "image" },
  ],
  text: [{ field: "html", selector: ":scope > div", kind: "html" }],
  image: [
    { field: "image", selector: "img", kind: "image" },
    { field: "caption", selector: "figcaption", kind: "text" },
  ],
  cta: [TITLE, { field: "text", selector: "p", kind: "text" }, { field: "link", selector: "a", kind: "linkLabel" }],
  gallery: [TITLE],
  productSlider: [TITLE],
  postList: [TITLE],
  map: [TITLE, { field: "address", selector: "address", kind: "text" }],
  logoList: [TITLE],
  certificates: [TITLE],
};

const DEBOUNCE_MS = 200;
const IMAGE_ATTRIBUTES = ["src", "srcset", "sizes", "width", "height", "alt"];

/** The element showing the stored component `index`, by the place the renderer wrote on it. */
export function sectionElement(edit: PageEdit, index: number): Element | null {
  const heroes = edit.hero ? 1 : 0;
  if (heroes && edit.shown[0] === index) return document.querySelector('[data-testid="home"]');
  const shownAt = edit.shown.indexOf(index, heroes);
  if (shownAt < 0) return null;
  return document.querySelector(`[data-testid="page-components"] [data-component-index="${shownAt - heroes}"]`);
}

/** What was on the page before the preview wrote into it: restored in reverse order. */
type Undo = () => void;

function firstTextNode(el: Element): Text | null {
  for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) return node as Text;
  return null;
}

export function useLivePreview(edit: PageEdit, index: number, values: Values | undefined) {
  const originals = useRef(new Map<object, Undo>());
  const remember = (key: object, undo: Undo) => {
    if (!originals.current.has(key)) originals.current.set(key, undo);
  };

  useEffect(() => {
    if (!values) return;
    const timer = setTimeout(() => {
      const section = sectionElement(edit, index);
      if (!section) return;
      for (const target of TARGETS[values.type] ?? []) {
        const el = section.querySelector(target.selector);
        const value = values[target.field];
        if (!el) continue;
        if (target.kind === "text" || target.kind === "linkLabel") {
          const node = firstTextNode(el);
          if (!node) continue;
          const text = target.kind === "text" ? String(value ?? "") : ((value as { label?: string } | null)?.label ?? "");
          const before = node.nodeValue;
          remember(node, () => (node.nodeValue = before));
          if (node.nodeValue !== text) node.nodeValue = text;
        } else if (target.kind === "html") {
          const before = el.innerHTML;
          remember(el, () => (el.innerHTML = before));
          // The editor's own rich-text output, shown only in their own browser; the server sanitises it on save.
          const html = String(value ?? "");
          if (el.innerHTML !== html) el.innerHTML = html;
        } else if (value) {
          const img = el as HTMLImageElement;
          const attributes = IMAGE_ATTRIBUTES.map((name) => [name, img.getAttribute(name)] as const);
          remember(img, () => attributes.forEach(([name, v]) => (v === null ? img.removeAttribute(name) : img.setAttribute(name, v))));
          const media = value as MediaRef;
          const { width, height } = sizedDimensions(media, "large");
          const srcSet = mediaSrcSet(media, "large");
          img.setAttribute("src", mediaUrl(media, "large"));
          if (srcSet) img.setAttribute("srcset", srcSet);
          else img.removeAttribute("srcset");
          img.setAttribute("width", String(width));
          img.setAttribute("height", String(height));
          img.setAttribute("alt", media.alt);
        }
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // The section is looked up anew each time: the page may have re-rendered it.
  }, [edit, index, values]);

  // Closed unsaved (or another page): the page as it was.
  useEffect(() => {
    const kept = originals.current;
    return () => {
      [...kept.values()].reverse().forEach((undo) => undo());
      kept.clear();
    };
  }, []);

  /** The draft was saved: what the page shows now is what it has. */
  return useCallback(() => originals.current.clear(), []);
}
