import type { StoredComponent } from "./page-components.schema";

/**
 * What a new page starts with (spec §2 modal "new page": title, slug, template). Shared by
 * the backoffice's page form and the in-page "new page" dialog, so both offer the same
 * templates. Labels are locale keys `admin.content.templates.<id>`; the components are
 * placeholders the editor replaces (texts in the page's language are typed by the editor).
 */
export const PAGE_TEMPLATES = ["blank", "text", "landing", "contact"] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

export function templateComponents(template: PageTemplate, title: string): StoredComponent[] {
  switch (template) {
    case "blank":
      return [];
    case "text":
      return [{ type: "text", html: `<p>${escapeHtml(title)}</p>` }];
    case "landing":
      return [
        { type: "hero", title, text: "", image: null, cta: null },
        { type: "text", html: "<p></p>" },
        { type: "productSlider", title: "", tag: "Top proizvodi", limit: 10 },
      ];
    case "contact":
      return [{ type: "text", html: "<p></p>" }, { type: "contactForm" }];
  }
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
