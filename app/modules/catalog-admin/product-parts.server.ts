import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { bundleItems, productCustomOptions, products, type CustomOptionValue } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import type { ProductOptionsEdit, ProductPartsEdit } from "./product-editor.schema";
import { changeProduct, refused, type Actor } from "./product-lock.server";
import { findProductByText } from "./product-relations.server";

/**
 * A bundle's parts (spec §3 bundles: product, quantity) and a product's custom options
 * (spec §3 customOptions, the length personalisation of decision 0028).
 */

/** Every bundle a product's parts lead to, itself included when it is a bundle (to refuse cycles). */
async function bundlesWithin(tx: Executor, productId: number): Promise<Set<number>> {
  const seen = new Set<number>();
  let frontier = [productId];
  while (frontier.length && seen.size < 1000) {
    const rows = await tx
      .select({ bundleId: bundleItems.bundleId, productId: bundleItems.productId })
      .from(bundleItems)
      .where(inArray(bundleItems.bundleId, frontier));
    frontier.forEach((id) => seen.add(id));
    frontier = [...new Set(rows.map((r) => r.productId))].filter((id) => !seen.has(id));
  }
  return seen;
}

/**
 * Replaces a bundle's parts: the kept rows with their quantity and position, plus one
 * added by SKU or name. A bundle cannot contain itself, nor a bundle that (at any depth)
 * contains it; archived products are not offered as parts.
 */
export async function saveParts(staff: Actor, productId: number, input: ProductPartsEdit) {
  await changeProduct(staff, productId, input.version, async (tx, bundle) => {
    if (bundle.format !== "bundle") throw refused("notBundle", "adminProducts.errors.notBundle");
    const parts = input.parts.filter((p) => !p.remove).map((p) => ({ productId: p.productId, quantity: p.quantity, position: p.position }));
    if (input.addPart) {
      const found = await findProductByText(tx, input.addPart);
      if (!found || found.archived)
        throw refused("unknownProduct", "adminProducts.errors.productNotFound", "addPart", { text: input.addPart });
      const at = parts.findIndex((p) => p.productId === found.id);
      if (at >= 0) parts[at].quantity = Math.min(999, parts[at].quantity + input.addQuantity);
      else parts.push({ productId: found.id, quantity: input.addQuantity, position: parts.length });
    }
    const ids = [...new Set(parts.map((p) => p.productId))];
    if (ids.length !== parts.length) throw refused("duplicatePart", "adminProducts.errors.duplicatePart", "parts");
    const found = ids.length
      ? await tx
          .select({ id: products.id, format: products.format })
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.siteId, SITE_ID)))
      : [];
    if (found.length !== ids.length) throw refused("unknownProduct", "adminProducts.errors.unknownChoice", "parts");
    for (const part of found) {
      if (part.id === bundle.id || (part.format === "bundle" && (await bundlesWithin(tx, part.id)).has(bundle.id))) {
        throw refused("bundleCycle", "adminProducts.errors.bundleCycle", input.addPart ? "addPart" : "parts");
      }
    }
    await tx.delete(bundleItems).where(eq(bundleItems.bundleId, bundle.id));
    const ordered = [...parts].sort((a, b) => a.position - b.position);
    if (ordered.length)
      await tx
        .insert(bundleItems)
        .values(ordered.map((p, position) => ({ bundleId: bundle.id, productId: p.productId, quantity: p.quantity, position })));
    return {
      value: undefined,
      audit: { action: "parts", after: { parts: ordered.map((p) => ({ productId: p.productId, quantity: p.quantity })) } },
    };
  });
}

/** "label" or "label | sku" per line. */
function optionValues(text: string): CustomOptionValue[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 100)
    .map((line) => {
      const [label, sku] = line.split("|").map((part) => part.trim());
      return sku ? { label: { hr: label }, sku } : { label: { hr: label } };
    });
}

/** Saves the custom options: the listed rows (changed or removed) and the new row when filled in. */
export async function saveOptions(staff: Actor, productId: number, input: ProductOptionsEdit) {
  await changeProduct(staff, productId, input.version, async (tx, product) => {
    const existing = await tx.select().from(productCustomOptions).where(eq(productCustomOptions.productId, product.id));
    const own = new Set(existing.map((o) => o.id));
    if (input.options.some((o) => o.id !== undefined && !own.has(o.id)))
      throw refused("foreignOption", "adminProducts.errors.unknownChoice", "options");
    const rows = input.options.filter((o) => !o.remove && (o.id !== undefined || o.code || o.labelHr));
    for (const [index, o] of input.options.entries()) {
      if (o.remove || !rows.includes(o)) continue;
      if (!o.code) throw refused("optionCode", "core.validation.required", `options[${index}].code`);
      if (!o.labelHr) throw refused("optionLabel", "core.validation.required", `options[${index}].labelHr`);
      if (o.isLength && (o.optionType !== "number" || !["mm", "cm", "m"].includes(o.unit)))
        throw refused("lengthOption", "adminProducts.errors.lengthOption", `options[${index}].unit`);
      if (o.minValue !== undefined && o.maxValue !== undefined && o.minValue > o.maxValue)
        throw refused("minMax", "adminProducts.errors.minAboveMax", `options[${index}].maxValue`);
    }
    if (rows.filter((o) => o.isLength).length > 1) throw refused("twoLengths", "adminProducts.errors.oneLength", "options");
    if (new Set(rows.map((o) => o.code)).size !== rows.length) throw refused("sameCode", "adminProducts.errors.sameCode", "options");
    await tx.delete(productCustomOptions).where(eq(productCustomOptions.productId, product.id));
    if (product.priceUnit === "metre" && !rows.some((o) => o.isLength))
      throw refused("metreWithoutLength", "adminProducts.errors.metreWithoutLength", "options");
    if (rows.length) {
      await tx.insert(productCustomOptions).values(
        rows.map((o, position) => ({
          productId: product.id,
          optionType: o.optionType,
          code: o.code,
          label: Object.fromEntries(Object.entries({ hr: o.labelHr, en: o.labelEn, de: o.labelDe }).filter(([, v]) => v)),
          required: o.required,
          minValue: o.minValue ?? null,
          maxValue: o.maxValue ?? null,
          unit: o.unit || null,
          values: optionValues(o.values),
          position,
          isLength: o.isLength,
        })),
      );
    }
    return {
      value: undefined,
      audit: { action: "options", before: { options: existing.map((o) => o.code) }, after: { options: rows.map((o) => o.code) } },
    };
  });
}
