import { and, eq, inArray } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { attributes, attributeValues, categoryTranslations, products, productTranslations } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * English and German pages show English and German names wherever a translation exists
 * (a shopper reads the shop in their language): product names on cards, the product page,
 * breadcrumbs and the cart, category names in navigation, breadcrumbs and sliders, attribute labels
 * and values in the filters and selects. Every Croatian name that has a different translation in
 * the page's language must be absent from the page's visible text.
 */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

type Lang = { locale: "en" | "de"; code: "eng" | "ger" };
const LANGS: Lang[] = [
  { locale: "en", code: "eng" },
  { locale: "de", code: "ger" },
];

/**
 * Croatian names whose translation into `code` differs (and is not contained in it), and
 * the names of products without a text in that language (they rightly show in Croatian,
 * and may contain a translated word such as a colour: the page text is checked without them).
 */
async function leakable({ locale, code }: Lang): Promise<{ names: string[]; untranslated: string[] }> {
  const names: string[] = [];
  const untranslated: string[] = [];
  const pairs = async <T extends { id: number; languageCode: string; name: string }>(rows: T[], product = false) => {
    const byId = new Map<number, Record<string, string>>();
    for (const r of rows) byId.set(r.id, { ...byId.get(r.id), [r.languageCode]: r.name });
    for (const texts of byId.values()) {
      if (texts.hrv && texts[code] && !texts[code].includes(texts.hrv)) names.push(texts.hrv);
      if (product && texts.hrv && !texts[code]) untranslated.push(texts.hrv);
    }
  };
  await pairs(
    await db
      .select({ id: productTranslations.productId, languageCode: productTranslations.languageCode, name: productTranslations.name })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(and(eq(products.archived, false), inArray(productTranslations.languageCode, ["hrv", code]))),
    true,
  );
  await pairs(
    await db
      .select({ id: categoryTranslations.categoryId, languageCode: categoryTranslations.languageCode, name: categoryTranslations.name })
      .from(categoryTranslations)
      .where(inArray(categoryTranslations.languageCode, ["hrv", code])),
  );
  const labels = [
    ...(await db.select({ label: attributes.label }).from(attributes)),
    ...(await db.select({ label: attributeValues.label }).from(attributeValues)),
  ];
  for (const { label } of labels) if (label.hr && label[locale] && !label[locale].includes(label.hr)) names.push(label.hr);
  // Short names ("Boja") are whole words; longer ones are matched as they are.
  return { names: [...new Set(names)].filter((n) => n.length >= 4), untranslated: untranslated.sort((a, b) => b.length - a.length) };
}

/** The text a visitor reads: body text, alt texts and labels, without scripts. */
async function visibleText(visitor: Visitor, path: string): Promise<string> {
  const { response, html } = await visitor.page(path);
  expect(response.status, path).toBe(200);
  const document = new JSDOM(html).window.document;
  for (const script of document.querySelectorAll("script, template")) script.remove();
  const alts = [...document.querySelectorAll("[alt], [aria-label], [title]")].map(
    (e) => `${e.getAttribute("alt") ?? ""} ${e.getAttribute("aria-label") ?? ""}`,
  );
  return `${document.title}\n${document.body.textContent}\n${alts.join("\n")}`;
}

const wordIn = (text: string, name: string) =>
  new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(text);

describe("translated names on en and de pages", () => {
  for (const lang of LANGS) {
    it(`${lang.locale}: home, shop, a category and a configurable product page show no Croatian name that has a translation`, async () => {
      const { names, untranslated } = await leakable(lang);
      expect(names.length).toBeGreaterThan(10);
      const prefix = `/${lang.locale}`;
      const [category] = await db
        .select({ slug: categoryTranslations.slug })
        .from(categoryTranslations)
        .where(
          and(
            eq(categoryTranslations.languageCode, lang.code),
            eq(categoryTranslations.slug, lang.code === "eng" ? "roof-panels" : "dachpaneele"),
          ),
        );
      const [tegola] = await db
        .select({ slug: productTranslations.slug })
        .from(productTranslations)
        .innerJoin(products, eq(products.id, productTranslations.productId))
        .where(and(eq(products.sku, "AK-PNL-TEG"), eq(productTranslations.languageCode, lang.code)));
      const productPath = `${prefix}/${lang.locale === "de" ? "produkt" : "product"}/${tegola.slug}`;
      const visitor = new Visitor(shop);
      const pages = [prefix, `${prefix}/shop`, `${prefix}/shop/${category.slug}`, productPath];
      const leaks: string[] = [];
      for (const path of pages) {
        let text = await visibleText(visitor, path);
        for (const name of untranslated) text = text.replaceAll(name, "");
        for (const name of names) if (wordIn(text, name)) leaks.push(`${path}: ${name}`);
      }
      expect(leaks).toEqual([]);
    });
  }
});
