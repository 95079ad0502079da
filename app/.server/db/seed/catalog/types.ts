import type { LocalisedText, PriceUnit, ProductFormat, ProductType } from "../../schema";
import type { Drawing } from "./svg-shapes";

/** A name (and optionally a slug and short description) in another content language. */
export type TranslationSeed = { name: string; slug?: string; short?: string };
export type OtherLanguages = Partial<Record<"eng" | "ger", TranslationSeed>>;

export type CategorySeed = {
  slug: string;
  name: string;
  title: string;
  description: string;
  parent?: string; // slug of the parent category
  sortTypes: number[];
  sortDefaultType: number;
  i18n: OtherLanguages;
};

/** Values by attribute code; see data/attributes.ts for the codes and their values. */
export type AttributeSeed = {
  boja?: string; // RAL value, e.g. "ral-7016"
  materijal?: string;
  debljina?: number; // mm
  premaz?: string[];
  rekonstrukcija?: boolean;
  dostupno_od?: string; // ISO date
};

export type VariantSeed = {
  sku: string;
  boja: string;
  debljina: number;
  retail: number;
  price?: number;
  stock: number;
  isDefault?: boolean;
};

/** Prices are integer cents, VAT included. `price` defaults to `retail` (not discounted). */
export type ProductSeed = {
  sku: string;
  name: string;
  slug?: string; // derived from the name when omitted
  short: string;
  features: string[]; // bullet points of the HTML description
  body?: string; // an extra paragraph of the HTML description
  retail: number;
  price?: number;
  member?: number;
  stock: number | null; // null: not tracked (services, e-products)
  priority?: number;
  format?: ProductFormat;
  type?: ProductType;
  attrs?: AttributeSeed;
  tags?: string[];
  crossSells?: string[]; // skus
  alsoIn?: string[]; // category slugs besides the file's own
  i18n?: OtherLanguages;
  archived?: boolean;
  eProductUrl?: string;
  customLength?: boolean; // the cut-to-length option, 270–15000 mm
  priceUnit?: PriceUnit; // "metre": priced per running metre of the length option
  madeToOrder?: boolean;
  variants?: VariantSeed[]; // configurable products: configured by colour and thickness
  bundle?: { sku: string; quantity: number }[];
  drawing: Drawing;
};

export type CategoryProducts = { category: string; products: ProductSeed[] };
export type { LocalisedText };
