import { slugify } from "~/lib/slug";
import type { PriceUnit, ProductFormat, ProductType } from "../../schema";
import { CATEGORIES, MATERIAL_COLOURS, PRODUCT_GROUPS, RAL_COLOURS, thicknessValue } from "./data";
import { DEFAULT_COLOUR, type Drawing } from "./svg-shapes";
import type { AttributeSeed, OtherLanguages, ProductSeed, VariantSeed } from "./types";

export type Language = "hrv" | "eng" | "ger";
export type TranslationRow = { name: string; slug: string; shortDescription: string; description: string };

/** One product row to seed, variants included, with everything its relations need. */
export type FlatProduct = {
  sku: string;
  parentSku?: string;
  format: ProductFormat;
  type: ProductType;
  isVisibleIndividually: boolean;
  isDefaultVariant: boolean;
  retailPriceCents: number;
  priceCents: number;
  membershipPriceCents: number | null;
  stock: number | null;
  categoryPriority: number;
  archived: boolean;
  eProductUrl: string | null;
  translations: Partial<Record<Language, TranslationRow>>;
  categories: string[];
  // Multi-valued where a configurable parent carries every value of its variants.
  attributes: { boja: string[]; debljina: number[] } & Omit<AttributeSeed, "boja" | "debljina">;
  tags: string[];
  crossSells: string[];
  bundle: { sku: string; quantity: number }[];
  customLength: boolean;
  priceUnit: PriceUnit;
  madeToOrder: boolean;
  configurable: boolean;
  drawing: Drawing;
  colour: string;
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function descriptionHtml(p: ProductSeed): string {
  const body = p.body ? `<p>${escapeHtml(p.body)}</p>` : "";
  const items = p.features.map((f) => `<li>${escapeHtml(f)}</li>`).join("");
  return `<p>${escapeHtml(p.short)}</p>${body}<h3>Karakteristike</h3><ul>${items}</ul>`;
}

function otherLanguages(i18n: OtherLanguages | undefined, suffix: Partial<Record<"eng" | "ger", string>> = {}) {
  const rows: Partial<Record<Language, TranslationRow>> = {};
  for (const lang of ["eng", "ger"] as const) {
    const t = i18n?.[lang];
    if (!t) continue;
    const name = suffix[lang] ? `${t.name} ${suffix[lang]}` : t.name;
    const slug = suffix[lang] ? slugify(name) : (t.slug ?? slugify(name));
    rows[lang] = { name, slug, shortDescription: t.short ?? "", description: t.short ? `<p>${escapeHtml(t.short)}</p>` : "" };
  }
  return rows;
}

/** A category and its ancestors, so a parent category lists its children's products too. */
function withAncestors(slug: string): string[] {
  const category = CATEGORIES.find((c) => c.slug === slug);
  if (!category) throw new Error(`Seed product refers to unknown category ${slug}`);
  return category.parent ? [slug, ...withAncestors(category.parent)] : [slug];
}

function colourOf(attrs: AttributeSeed): string {
  const ral = RAL_COLOURS.find((c) => c.value === attrs.boja);
  return ral?.swatch ?? (attrs.materijal && MATERIAL_COLOURS[attrs.materijal]) ?? DEFAULT_COLOUR;
}

function variantOf(parent: ProductSeed, v: VariantSeed): FlatProduct {
  const ral = RAL_COLOURS.find((c) => c.value === v.boja)!;
  const mm = thicknessValue(v.debljina);
  const name = `${parent.name} ${ral.label.hr} ${mm.replace(".", ",")} mm`;
  return {
    ...base(parent),
    sku: v.sku,
    parentSku: parent.sku,
    format: "simple",
    isVisibleIndividually: false,
    isDefaultVariant: v.isDefault ?? false,
    retailPriceCents: v.retail,
    priceCents: v.price ?? v.retail,
    membershipPriceCents: null,
    stock: v.stock,
    translations: {
      hrv: { name, slug: slugify(name), shortDescription: parent.short, description: descriptionHtml(parent) },
      ...otherLanguages(parent.i18n, { eng: `${ral.label.en} ${mm} mm`, ger: `${ral.label.de} ${mm.replace(".", ",")} mm` }),
    },
    categories: [],
    attributes: { ...parent.attrs, boja: [v.boja], debljina: [v.debljina] },
    tags: [],
    crossSells: [],
    bundle: [],
    customLength: false,
    priceUnit: "piece",
    madeToOrder: false,
    configurable: false,
    colour: ral.swatch!,
  };
}

function base(p: ProductSeed): FlatProduct {
  const variants = p.variants ?? [];
  const { boja, debljina, ...otherAttrs } = p.attrs ?? {};
  return {
    sku: p.sku,
    format: p.format ?? "simple",
    type: p.type ?? "product",
    isVisibleIndividually: true,
    isDefaultVariant: false,
    retailPriceCents: p.retail,
    // A configurable product shows the lowest price of its variants ("from ...").
    priceCents: p.price ?? (variants.length ? Math.min(...variants.map((v) => v.price ?? v.retail)) : p.retail),
    membershipPriceCents: p.member ?? null,
    stock: p.stock,
    categoryPriority: p.priority ?? 0,
    archived: p.archived ?? false,
    eProductUrl: p.eProductUrl ?? null,
    translations: {
      hrv: { name: p.name, slug: p.slug ?? slugify(p.name), shortDescription: p.short, description: descriptionHtml(p) },
      ...otherLanguages(p.i18n),
    },
    categories: [],
    // The parent of a configurable product carries all its variants' colours and thicknesses,
    // so layered filters match it without looking at the invisible variants.
    attributes: {
      ...otherAttrs,
      boja: [...new Set([...(boja ? [boja] : []), ...variants.map((v) => v.boja)])],
      debljina: [...new Set([...(debljina !== undefined ? [debljina] : []), ...variants.map((v) => v.debljina)])],
    },
    tags: p.tags ?? [],
    crossSells: p.crossSells ?? [],
    bundle: p.bundle ?? [],
    customLength: p.customLength ?? false,
    priceUnit: p.priceUnit ?? "piece",
    madeToOrder: p.madeToOrder ?? false,
    configurable: p.format === "configurable",
    drawing: p.drawing,
    colour: colourOf(p.attrs ?? {}),
  };
}

/** Every seed product, parents before their variants, with categories resolved to slugs. */
export function flattenProducts(groups = PRODUCT_GROUPS): FlatProduct[] {
  return groups.flatMap((group) =>
    group.products.flatMap((p) => {
      const categories = [...new Set([group.category, ...(p.alsoIn ?? [])].flatMap(withAncestors))];
      return [{ ...base(p), categories }, ...(p.variants ?? []).map((v) => variantOf(p, v))];
    }),
  );
}
