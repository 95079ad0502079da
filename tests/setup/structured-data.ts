import { JSDOM } from "jsdom";

/**
 * Reading what search engines and link previews read from a rendered page: the parsed
 * JSON-LD objects, meta tags by property or name, the canonical link.
 */
export type JsonLdObject = Record<string, unknown> & { "@type": string };

export function headOf(html: string) {
  const document = new JSDOM(html).window.document;
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  const jsonLd = scripts.map((s) => JSON.parse(s.textContent ?? "") as JsonLdObject);
  return {
    document,
    jsonLd,
    /** The single JSON-LD object of a @type (throws when there are none or several). */
    one(type: string): JsonLdObject {
      const found = jsonLd.filter((o) => o["@type"] === type);
      if (found.length !== 1) throw new Error(`${found.length} JSON-LD objects of type ${type}`);
      return found[0];
    },
    meta(key: string): string | null {
      const tag = document.querySelector(`meta[property="${key}"]`) ?? document.querySelector(`meta[name="${key}"]`);
      return tag?.getAttribute("content") ?? null;
    },
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    breadcrumb: [...document.querySelectorAll('[data-testid="breadcrumb"] li')].map((li) => li.textContent!.replace("›", "").trim()),
  };
}

/** Names of a BreadcrumbList, in position order, after checking positions run 1..n and every item is absolute. */
export function crumbsOf(list: JsonLdObject, origin: string): { name: string; item: string }[] {
  const items = list.itemListElement as { "@type": string; position: number; name: string; item: string }[];
  items.forEach((entry, i) => {
    if (entry["@type"] !== "ListItem" || entry.position !== i + 1) throw new Error(`bad ListItem at ${i}: ${JSON.stringify(entry)}`);
    if (!entry.item.startsWith(`${origin}/`) && entry.item !== origin) throw new Error(`not absolute on ${origin}: ${entry.item}`);
  });
  return items.map(({ name, item }) => ({ name, item }));
}
