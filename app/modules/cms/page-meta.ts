import { LOCALES, type Locale } from "~/lib/locales";

type Data = { locale: Locale; origin: string; alternates: Partial<Record<Locale, string>> } | undefined;

/**
 * hreflang alternates and the canonical URL of a page as meta descriptors (Remix renders
 * tagName "link" entries in <head>). Search engines want absolute URLs; Croatian, the
 * source language, is also the x-default.
 */
export function alternateLinkTags(data: Data) {
  if (!data) return [];
  const url = (path: string) => data.origin + path;
  const tags: { tagName: "link"; rel: string; href: string; hrefLang?: string }[] = [];
  for (const locale of LOCALES) {
    const path = data.alternates[locale];
    if (path) tags.push({ tagName: "link", rel: "alternate", hrefLang: locale, href: url(path) });
  }
  if (data.alternates.hr) tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: url(data.alternates.hr) });
  const own = data.alternates[data.locale];
  if (own) tags.push({ tagName: "link", rel: "canonical", href: url(own) });
  return tags;
}
