import type { BundleOption, CartItemOptions } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import type { Locale } from "~/lib/locales";
import { getProductForCart } from "~/modules/catalog/product-for-cart.server";
import { validateProductOptions } from "~/modules/catalog/product-options.server";
import type { CartLinePost } from "./cart.schema";

/**
 * What an add-to-cart (or cart-item edit) form asks for, checked per product format
 * (spec §4 Cart "Addable", §5 quantity): the line to store, or a DomainError with the
 * spec's key. Nothing here writes.
 */
export type CartLine = { productId: number; variantId: number | null; options: CartItemOptions };
/** The toast's entity name (spec §8 addedToCart "with entity name product or bundle"). */
export type CartEntity = "product" | "bundle";

export const invalidQuantity = () => new DomainError("invalidQuantity", { message: "Invalid quantity", key: "error.invalidQuantity" });

/** Identical product, variant and options merge into one line (spec §1 "items merge"). */
export function mergeKey(line: CartLine): string {
  const personalizations = Object.entries(line.options.personalizations).sort(([a], [b]) => a.localeCompare(b));
  const bundle = [...line.options.bundleOptions].sort((a, b) => a.id - b.id).map((o) => [o.id, o.variantId]);
  return JSON.stringify([line.productId, line.variantId, personalizations, bundle]);
}

/** The posted line (parsed by cartSchema: ids are positive numbers or null) checked against the product. */
export async function resolveCartLine(posted: CartLinePost, locale: Locale): Promise<{ line: CartLine; entity: CartEntity }> {
  const { productId } = posted;
  const product = productId ? await getProductForCart(productId, locale) : null;
  if (!product) throw new DomainError("productNotFound", { message: "Product not found", key: "cart.productNotFound", status: 404 });

  let variantId: number | null = null;
  const bundleOptions: BundleOption[] = [];
  if (product.format === "configurable") {
    // A configurable product is added as one of its variants (spec: "configuration is not set").
    const wanted = posted.variantId ?? null;
    const variant = product.configuration?.associatedProducts.find((v) => v.id === wanted);
    if (!variant)
      throw new DomainError("configurationNotSet", { message: "Configuration not set", key: "core.notifications.configurationNotSet" });
    if (!variant.inStock) throw new DomainError("outOfStock", { message: "Out of stock", key: "cart.outOfStock", status: 409 });
    variantId = variant.id;
  } else if (product.format === "bundle" && product.bundle) {
    for (const part of product.bundle.parts) {
      // A part that is itself a bundle blocks the bundle.
      if (part.format === "bundle") throw new DomainError("nestedBundle", { message: "Nested bundle", key: "product.bundle.nestedBundle" });
      if (!part.configuration) continue;
      // A configurable part needs a chosen simple or e-product variant distinct from the main one.
      const chosen = posted.bundleOptions?.[String(part.id)] ?? null;
      const variant = part.configuration.associatedProducts.find((v) => v.id === chosen && v.id !== part.id);
      if (!variant) throw new DomainError("bundleNotConfigured", { message: "Bundle not configured", key: "product.bundle.notConfigured" });
      if (!variant.inStock) throw new DomainError("outOfStock", { message: "Out of stock", key: "cart.outOfStock", status: 409 });
      bundleOptions.push({ id: part.id, variantId: variant.id });
    }
  }
  if (product.format !== "configurable" && !product.inStock)
    throw new DomainError("outOfStock", { message: "Out of stock", key: "cart.outOfStock", status: 409 });

  const options = await validateProductOptions(product, posted.options ?? {});
  if (!options.ok) {
    const [field, message] = Object.entries(options.errors)[0];
    const label = product.customOptions.find((o) => `options.${o.code}` === field)?.label ?? field;
    throw new DomainError("invalidOption", { message: "Invalid options", key: "cart.optionInvalid", values: { label, message } });
  }
  return {
    line: { productId: product.id, variantId, options: { personalizations: options.values, bundleOptions } },
    entity: product.format === "bundle" ? "bundle" : "product",
  };
}
