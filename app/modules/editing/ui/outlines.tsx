import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { placeBefore } from "./tab-order";
import type { PageEdit } from "./use-edit-post";

/**
 * Outlines on everything editable in edit mode (decision 0051), found in the page the
 * shoppers' code rendered (so their pages carry no edit-mode markup): the page elements
 * (header, footer, cookie notice), the navigations, the page's sections (the home hero
 * included), the home blocks, posts and events, products and categories. A section's
 * label opens its panel; the others open their backoffice editors. Each label comes just
 * before what it names in the tab order (./tab-order.ts).
 */
type Target = { id: string; label: string; el: Element; href?: string; section?: number; texts?: boolean };
type Box = Omit<Target, "el"> & { top: number; left: number; width: number; height: number };

type Translate = (key: string, values?: Record<string, string | number>) => string;

const all = (selector: string) => [...document.querySelectorAll(selector)];
const lastSegment = (href: string) => decodeURIComponent(new URL(href, location.origin).pathname.split("/").filter(Boolean).pop() ?? "");

function targets(edit: PageEdit | null, t: Translate): Target[] {
  const out: Target[] = [];
  const add = (target: Target | null) => target && out.push(target);
  const one = (selector: string) => document.querySelector(selector);
  const header = one('[data-testid="site-header"]');
  if (header) add({ id: "header", label: t("editing.outline.header"), el: header, href: "/admin/settings/company" });
  const mainNav = header?.querySelector("nav");
  if (mainNav) add({ id: "nav-main", label: t("editing.outline.mainNav"), el: mainNav });
  const footer = one('[data-testid="site-footer"]');
  if (footer) add({ id: "footer", label: t("editing.outline.footer"), el: footer, href: "/admin/settings/company" });
  all('[data-testid^="footer-nav-"]').forEach((nav) =>
    add({ id: nav.getAttribute("data-testid")!, label: t("editing.outline.footerNav"), el: nav }),
  );
  const cookie = one('[data-testid="cookie-banner"]');
  if (cookie) add({ id: "cookie", label: t("editing.outline.cookie"), el: cookie, href: "/admin/settings/site" });

  if (edit?.content) {
    // A section by the place its renderer wrote on it (edit.shown maps it to the stored list),
    // never by its position among the elements found: a section that renders nothing (a
    // product slider without products) or is found late (a form's lazy code) shifts no other.
    const heroes = edit.hero ? 1 : 0;
    const sections: [Element, number | undefined][] = [
      ...all('[data-testid="home"]')
        .slice(0, heroes)
        .map((el): [Element, number | undefined] => [el, edit.shown[0]]),
      ...all('[data-testid="page-components"] [data-component-index]').map((el): [Element, number | undefined] => [
        el,
        edit.shown[heroes + Number(el.getAttribute("data-component-index"))],
      ]),
    ];
    sections.forEach(([el, index]) => {
      const component =
        index === undefined ? undefined : (edit.content?.components[index] as { type: string; masterId?: number } | undefined);
      const master = component?.type === "master" ? edit.masters.find((m) => m.id === component.masterId) : undefined;
      // A master component opens its own screen: editing it changes every page that uses it.
      if (component?.type === "master")
        add({
          id: `section-${index}`,
          label: t("editing.master.section", { name: master?.name ?? t("editing.master.missing") }),
          el,
          href: `/admin/masters/${String(component.masterId)}`,
        });
      else if (component)
        add({
          id: `section-${index}`,
          label: t("editing.outline.section", { type: t(`editing.types.${component.type}`) }),
          el,
          section: index,
        });
    });
    const post = one('[data-testid="post-view"]');
    if (post) add({ id: "post", label: t("editing.outline.post"), el: post, texts: true });
  }
  all('[data-testid="home-hero-products"], [data-testid="home-top-products"]').forEach((block, i) =>
    add({ id: `home-block-${i}`, label: t("editing.outline.homeBlock"), el: block, href: "/admin/tags" }),
  );
  all('[data-testid="home-category"]').forEach((block, i) => {
    const link = block.querySelector<HTMLAnchorElement>('[data-testid="home-category-link"]');
    if (link)
      add({
        id: `home-category-${i}`,
        label: t("editing.outline.category"),
        el: block,
        href: `/admin/edit/open?kind=category&slug=${encodeURIComponent(lastSegment(link.href))}`,
      });
  });
  all('[data-testid="category-links"] a[href]').forEach((link, i) =>
    add({
      id: `category-${i}`,
      label: t("editing.outline.category"),
      el: link,
      href: `/admin/edit/open?kind=category&slug=${encodeURIComponent(lastSegment((link as HTMLAnchorElement).href))}`,
    }),
  );
  all('[data-testid="product-card"]').forEach((card, i) => {
    const link = card.querySelector<HTMLAnchorElement>("h3 a[href], a[href]");
    if (link)
      add({
        id: `product-${i}`,
        label: t("editing.outline.product"),
        el: card,
        href: `/admin/edit/open?kind=product&slug=${encodeURIComponent(lastSegment(link.href))}`,
      });
  });
  const event = one('[data-testid="event-page"]');
  if (event) add({ id: "event", label: t("editing.outline.event"), el: event, href: "/admin/events" });
  return out;
}

function measure(list: Target[], elements: Map<string, Element>): Box[] {
  elements.clear();
  return list.flatMap(({ el, ...target }) => {
    elements.set(target.id, el);
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return [];
    return [{ ...target, top: rect.top + window.scrollY, left: rect.left + window.scrollX, width: rect.width, height: rect.height }];
  });
}

/** The outlines' layer; the editor renders it at the start of the document (./edit-mode.tsx). */
export function Outlines({ edit, onSection, onTexts }: { edit: PageEdit | null; onSection: (index: number) => void; onTexts: () => void }) {
  const { t } = useTranslation();
  const [boxes, setBoxes] = useState<Box[]>([]);
  const elements = useRef(new Map<string, Element>());
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = measure(targets(edit, t), elements.current);
        // Only a real change re-renders: the outlines must not feed the observer below.
        setBoxes((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
      });
    };
    update();
    // The page changes under the outlines: a reloaded draft, a slider, the sticky header on scroll.
    const observer = new MutationObserver(update);
    const main = document.getElementById("content");
    if (main) observer.observe(main, { childList: true, subtree: true });
    window.addEventListener("resize", update);
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("resize", update);
      window.removeEventListener("scroll", update);
    };
  }, [edit, t]);

  const label =
    "pointer-events-auto absolute top-0 left-0 scroll-mt-28 bg-amber-400 px-2 py-0.5 text-xs font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900";
  return (
    <div className="pointer-events-none absolute top-0 left-0 z-30" data-testid="edit-outlines">
      {boxes.map((box) => (
        <div
          key={box.id}
          data-testid="edit-outline"
          data-edit-target={box.id}
          className="absolute outline-2 -outline-offset-2 outline-amber-400 outline-dashed"
          style={{ top: box.top, left: box.left, width: box.width, height: box.height }}
        >
          {box.section !== undefined || box.texts ? (
            <button
              ref={(node) => placeBefore(node, () => elements.current.get(box.id))}
              type="button"
              className={label}
              onClick={() => (box.section !== undefined ? onSection(box.section) : onTexts())}
            >
              {box.label}
            </button>
          ) : box.href ? (
            <a ref={(node) => placeBefore(node, () => elements.current.get(box.id))} href={box.href} className={label}>
              {box.label}
            </a>
          ) : (
            <span className="absolute top-0 left-0 bg-amber-400/80 px-2 py-0.5 text-xs text-slate-900">{box.label}</span>
          )}
        </div>
      ))}
    </div>
  );
}
