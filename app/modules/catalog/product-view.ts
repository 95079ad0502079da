import type { AttributeType, ProductFormat, ProductType } from "~/.server/db/schema/catalog";
import type { Locale } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";
import { discountPercent, taxPart } from "~/lib/prices";
import { groupDisplayPrice, type PriceGroup } from "~/lib/shopper-price";
import type { ProductCard } from "./product-cards.server";

/**
 * The isomorphic half of the product page: what the loader sends (spec §3 Product) and the
 * pure rules the page and the cart action share: which variant a selection means (spec §4
 * Product configuration), when a bundle may be added (spec §4 Cart "Addable"), the posted
 * field names, and the cart-item edit prefill.
 */

/** Spec §3 prices: basic = final net of VAT; discount percent per spec §9. */
export type ProductPrices = {
  basicCents: number;
  retailCents: number;
  membershipCents: number | null;
  finalCents: number;
  taxCents: number;
  taxRateBp: number;
  discountPercent: number;
  /** Set when a customer group's price replaced the final price (decision 0107): the catalogue price, struck through. */
  catalogueCents?: number;
};

export function productPrices(row: { retail: number; price: number; membership: number | null; taxRateBp: number }): ProductPrices {
  const taxCents = taxPart(row.price, row.taxRateBp);
  return {
    basicCents: row.price - taxCents,
    retailCents: row.retail,
    membershipCents: row.membership,
    finalCents: row.price,
    taxCents,
    taxRateBp: row.taxRateBp,
    discountPercent: discountPercent(row.retail, row.price),
  };
}

/**
 * The prices a group customer sees (decision 0107): the group's price as the final price
 * (VAT and net recomputed from it) with the catalogue price kept to be struck through; the
 * same prices when the group offers nothing lower. `productIds`: the main product, then the
 * variant.
 */
export function withGroupPrice(prices: ProductPrices, productIds: readonly number[], group: PriceGroup | null): ProductPrices {
  const groupCents = groupDisplayPrice(prices.finalCents, productIds, group);
  if (groupCents === null) return prices;
  const taxCents = taxPart(groupCents, prices.taxRateBp);
  return {
    ...prices,
    finalCents: groupCents,
    taxCents,
    basicCents: groupCents - taxCents,
    discountPercent: 0,
    catalogueCents: prices.finalCents,
  };
}

/** The product page's data with a group customer's prices on the product and each variant (decision 0107). */
export function productWithGroupPrices(product: ProductDetail, group: PriceGroup | null): ProductDetail {
  if (!group) return product;
  const configuration = product.configuration
    ? {
        ...product.configuration,
        associatedProducts: product.configuration.associatedProducts.map((v) => ({
          ...v,
          prices: withGroupPrice(v.prices, [product.id, v.id], group),
        })),
      }
    : null;
  return {
    ...product,
    prices: withGroupPrice(product.prices, [product.id], group),
    configuration,
    fromCents: configuration ? variantsFromCents(configuration) : product.fromCents,
  };
}

/**
 * Stock as the shop shows and checks it (decision 0074): stock null is not tracked, a
 * made-to-order product is always available; otherwise the units on hand, and the
 * low-stock hint's count (decision 0037).
 */
export function stockState(row: { stock: number | null; madeToOrder: boolean }, lowStockThreshold: number) {
  const available = row.madeToOrder || row.stock === null ? null : Math.max(0, row.stock);
  return {
    inStock: available === null || available > 0,
    madeToOrder: row.madeToOrder,
    available,
    lowStock: lowStockCount(available, lowStockThreshold),
  };
}

/**
 * The low-stock hint's count (decision 0037): the stock when it is tracked, above zero
 * and at most the threshold (CMS option LowStockThreshold), else null.
 */
export function lowStockCount(stock: number | null, threshold: number): number | null {
  return stock !== null && stock > 0 && stock <= threshold ? stock : null;
}

/** One line of the attribute table: label and value, already in the page's language. */
export type AttributeRow = { code: string; label: string; value: string };

/** Spec §3 associatedProductsAttributes values. isMedia: shown as a visual swatch (colour). */
export type ConfigValue = { id: number; value: string; label: string; isMedia: boolean; swatch: string | null; shopDefault: boolean };
export type ConfigAttribute = {
  attributeCode: string;
  label: string;
  inputType: AttributeType;
  customClass: string;
  values: ConfigValue[];
};
/** A variant (spec: associated product) with its configured values: attributeCode → value id. */
export type AssociatedProduct = {
  id: number;
  sku: string;
  attributes: Record<string, number>;
  prices: ProductPrices;
  images: MediaRef[];
  inStock: boolean;
  madeToOrder: boolean;
  available: number | null;
  /** The pieces left when few are (the low-stock hint), else null. */
  lowStock: number | null;
};
export type Configuration = { associatedProductsAttributes: ConfigAttribute[]; associatedProducts: AssociatedProduct[] };

export type CustomOption = {
  id: number;
  code: string;
  type: "text" | "number";
  label: string;
  required: boolean;
  min: number | null;
  max: number | null;
  unit: string | null;
  /** Carries the length a product sold per running metre is priced by. */
  isLength: boolean;
};

/** What a product's price is per: a piece, or a running metre (decision 0028). */
export type PriceUnit = "piece" | "metre";
/** The length option of a product sold per running metre, if it is one. */
export const lengthOption = (product: Pick<ProductDetail, "priceUnit" | "customOptions">) =>
  product.priceUnit === "metre" ? (product.customOptions.find((o) => o.isLength) ?? null) : null;

export type BundlePart = {
  id: number;
  name: string;
  sku: string;
  format: ProductFormat;
  quantity: number;
  /** Null when the part has no page of its own (hidden or archived). */
  slug: string | null;
  image: MediaRef | null;
  configuration: Configuration | null;
};

export type ProductDetail = {
  id: number;
  locale: Locale;
  format: ProductFormat;
  type: ProductType;
  name: string;
  slug: string;
  sku: string;
  shortDescription: string;
  descriptionHtml: string;
  /** The editor's SEO title and description in this language, when set (decision 0046; empty: derived). */
  seo?: { title: string; description: string };
  images: MediaRef[];
  prices: ProductPrices;
  priceUnit: PriceUnit;
  inStock: boolean;
  /** Made to order: always addable, the page says so instead of the stock state. */
  madeToOrder: boolean;
  /** Units on hand when stock is tracked (null: not tracked or made to order). */
  available: number | null;
  /** The pieces left when few are (the low-stock hint), else null. */
  lowStock: number | null;
  attributes: AttributeRow[];
  configuration: Configuration | null;
  /** A configurable product whose variants differ in price: the lowest (decision 0075). */
  fromCents: number | null;
  bundle: { parts: BundlePart[]; hasConfigurableParts: boolean } | null;
  customOptions: CustomOption[];
  crossSells: ProductCard[];
  alternates: Partial<Record<Locale, string>>;
  /** The languages it has its own text in: only these are indexed (canonical, hreflang, sitemap). */
  translated: Locale[];
  /** The language its name and descriptions are written in when it is not the page's (untranslated); absent otherwise. */
  textLang?: Locale;
};

/**
 * A configurable product whose variants differ in price is "from" its lowest variant
 * price (decision 0075): the card and the product page say so; null when every variant
 * costs the same (that price is then simply the price).
 */
export function variantsFromCents(config: Pick<Configuration, "associatedProducts">): number | null {
  const prices = config.associatedProducts.map((p) => p.prices.finalCents);
  if (prices.length === 0 || new Set(prices).size === 1) return null;
  return Math.min(...prices);
}

/** attributeCode → chosen value id. */
export type Selection = Record<string, number>;

/** Each attribute at its shop-default value (spec §4 Product configuration). */
export function defaultSelection(config: Configuration): Selection {
  const selection: Selection = {};
  for (const attribute of config.associatedProductsAttributes) {
    const value = attribute.values.find((v) => v.shopDefault) ?? attribute.values[0];
    if (value) selection[attribute.attributeCode] = value.id;
  }
  return selection;
}

/**
 * The selection a URL asks for: `?boja=ral-8017&debljina=0.7` (machine values) or value ids,
 * each under `prefix` (bundle parts use "p{partId}."). Unknown attributes or values are
 * ignored, so a mangled link still shows a product. A preferred variant (the cart item being
 * edited) fills what the URL does not say; the shop defaults fill the rest.
 */
export function readSelection(config: Configuration, params: URLSearchParams, prefix = "", preferredVariantId?: number | null): Selection {
  const preferred = config.associatedProducts.find((p) => p.id === preferredVariantId);
  const selection: Selection = { ...defaultSelection(config), ...(preferred?.attributes ?? {}) };
  for (const attribute of config.associatedProductsAttributes) {
    const wanted = params.get(prefix + attribute.attributeCode);
    if (wanted === null) continue;
    const value = attribute.values.find((v) => v.value === wanted || String(v.id) === wanted);
    if (value) selection[attribute.attributeCode] = value.id;
  }
  return selection;
}

/** The associated product whose configured values all match the selection, if any. */
export function findVariant(config: Configuration, selection: Selection): AssociatedProduct | null {
  const codes = config.associatedProductsAttributes.map((a) => a.attributeCode);
  return config.associatedProducts.find((p) => codes.every((code) => p.attributes[code] === selection[code])) ?? null;
}

/** The URL query of a selection, keeping the URL's other parameters (e.g. cartItemId). */
export function selectionSearch(config: Configuration, selection: Selection, current: URLSearchParams, prefix = ""): string {
  const next = new URLSearchParams(current);
  for (const attribute of config.associatedProductsAttributes) {
    const value = attribute.values.find((v) => v.id === selection[attribute.attributeCode]);
    if (value) next.set(prefix + attribute.attributeCode, value.value);
  }
  return next.toString();
}

export const partPrefix = (partId: number) => `p${partId}.`;

/**
 * Spec §4 Cart "Addable" for a bundle: a part that is itself a bundle blocks it; a
 * configurable part needs a chosen variant (one that exists for the selected values).
 */
export function bundleReadiness(parts: BundlePart[], selections: Record<number, Selection>) {
  const variants: Record<number, AssociatedProduct | null> = {};
  for (const part of parts) {
    if (part.configuration) variants[part.id] = findVariant(part.configuration, selections[part.id] ?? {});
  }
  const nestedBundle = parts.some((p) => p.format === "bundle");
  const unconfigured = parts.filter((p) => p.configuration && !variants[p.id]).map((p) => p.id);
  return { variants, nestedBundle, unconfigured, ready: !nestedBundle && unconfigured.length === 0 };
}

/** Names of the posted fields of the add-to-cart form, shared with the cart action. */
export const CART_FIELDS = {
  intent: "intent",
  productId: "productId",
  variantId: "variantId",
  quantity: "quantity",
  itemId: "itemId",
} as const;
export const optionField = (code: string) => `options.${code}`;
/** "270 mm": an option's bound as the spec writes it (length hint 270–15000 mm). */
export const withUnit = (value: number, unit: string | null) => (unit ? `${value} ${unit}` : String(value));
export const bundleOptionField = (partId: number) => `bundleOptions.${partId}`;
/** The longest personalisation text (a name, a label, a note); a text option's max bounds it further. */
export const OPTION_TEXT_MAX = 255;
/** Spec §9: cart quantity 1 to 999, default 1. */
export const QUANTITY = { min: 1, max: 999, default: 1 } as const;

/** A cart item opened for editing (spec §2 Product page, §3 Cart item); see app/routes/storefront/product-cart-item-edit.server.ts. */
export type CartItemForEdit = {
  itemId: string;
  productId: number;
  variantId: number | null;
  quantity: number;
  options: Record<string, string>;
  bundleOptions: Record<number, number>;
};

/**
 * What the form starts with: the edited cart item's quantity and personalisations when
 * there is one for this product, else the spec's defaults (quantity 1, empty options).
 */
export function formPrefill(product: Pick<ProductDetail, "id" | "customOptions">, item: CartItemForEdit | null) {
  const own = item && item.productId === product.id ? item : null;
  const quantity =
    own && Number.isInteger(own.quantity) && own.quantity >= QUANTITY.min ? Math.min(own.quantity, QUANTITY.max) : QUANTITY.default;
  const options: Record<string, string> = {};
  for (const option of product.customOptions) options[option.code] = own?.options[option.code] ?? "";
  return { itemId: own?.itemId ?? null, quantity, options, variantId: own?.variantId ?? null, bundleOptions: own?.bundleOptions ?? {} };
}
export type FormPrefill = ReturnType<typeof formPrefill>;
