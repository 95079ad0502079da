import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { productCrossSells, productCustomOptions, products } from "~/.server/db/schema";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { loadProductCards } from "~/modules/catalog/product-cards.server";
import { loadImages, loadTranslations, pickTranslation } from "~/modules/catalog/product-queries.server";
import { withUnit } from "~/modules/catalog/product-view";
import { freeDeliveryCents, priceCart, type CartItemRow } from "./cart-pricing.server";
import type { CartRow } from "./cart-session.server";
import type { CartLineView, CartView } from "./cart-view";

const CROSS_SELL_LIMIT = 4;

/** The cart page's data for an active cart: lines with names, links and prices, the summary, the cross-sells. */
export async function buildCartView(cart: CartRow, locale: Locale): Promise<CartView> {
  const db = await getDb();
  const { items, totals, couponCode, digitalOnly } = await priceCart(db, cart);
  const partIds = items.flatMap((i) => i.options.bundleOptions.flatMap((o) => [o.id, o.variantId]));
  const ids = [...new Set([...items.flatMap((i) => (i.variantId ? [i.productId, i.variantId] : [i.productId])), ...partIds])];
  const [rows, texts, images, optionRows, crossSells, freeLimit] = await Promise.all([
    ids.length
      ? db
          .select({ id: products.id, sku: products.sku, visible: products.isVisibleIndividually, format: products.format })
          .from(products)
          .where(inArray(products.id, ids))
      : [],
    loadTranslations(ids, locale),
    loadImages(ids, locale),
    items.length
      ? db
          .select()
          .from(productCustomOptions)
          .where(inArray(productCustomOptions.productId, [...new Set(items.map((i) => i.productId))]))
      : [],
    crossSellCards(items, locale),
    freeDeliveryCents(locale),
  ]);
  const row = new Map(rows.map((r) => [r.id, r]));
  const priced = new Map(totals.lines.map((l) => [l.itemId, l]));

  const lines = items.map((item): CartLineView => {
    const main = pickTranslation(texts, item.productId, locale);
    const shownId = item.variantId ?? item.productId;
    const shown = pickTranslation(texts, shownId, locale) ?? main;
    const mainSlug = main?.slug ?? "";
    const variantHidden = item.variantId !== null && !row.get(item.variantId)?.visible;
    const productHref = href("product", locale, { slug: mainSlug });
    const price = priced.get(item.id)!;
    return {
      itemId: item.id,
      productId: item.productId,
      variantId: item.variantId,
      qty: item.quantity,
      productData: {
        name: main?.name ?? row.get(item.productId)?.sku ?? "",
        sku: row.get(shownId)?.sku ?? "",
        media: images.get(shownId)?.[0] ?? images.get(item.productId)?.[0] ?? null,
        slug: shown?.slug ?? mainSlug,
        mainProductSlug: mainSlug,
        isVisibleIndividually: !variantHidden,
      },
      href: variantHidden ? `${productHref}?cartItemId=${item.id}` : productHref,
      editHref: `${productHref}?cartItemId=${item.id}`,
      details: lineDetails(item, optionRows, texts, row, locale),
      prices: {
        finalPrice: price.unitCents,
        row: price.rowCents,
        membershipApplied: price.membershipApplied,
        groupApplied: price.priceSource === "group",
        lengthMm: price.lengthMm,
      },
    };
  });

  return {
    items: lines,
    qty: items.reduce((sum, i) => sum + i.quantity, 0),
    digitalOnly,
    couponCode: totals.couponProblem ? null : couponCode,
    memberCardBarcode: cart.memberCardBarcode,
    instructions: cart.instructions,
    prices: {
      converted: {
        itemsTotal: totals.itemsTotal,
        cartTotal: totals.cartTotal,
        coupon: totals.coupon,
        delivery: totals.delivery,
        loyalty: totals.loyalty,
        orderTotal: totals.orderTotal,
        tax: totals.tax,
      },
    },
    freeDelivery: { limit: digitalOnly ? null : freeLimit, reached: totals.freeDelivery, left: totals.freeDeliveryLeft },
    crossSells,
  };
}

type OptionRow = typeof productCustomOptions.$inferSelect;
type Texts = Awaited<ReturnType<typeof loadTranslations>>;

/** The personalisations ("Duljina (mm): 2500") and a bundle's chosen variants ("Panel: AK-…") of a line. */
function lineDetails(item: CartItemRow, optionRows: OptionRow[], texts: Texts, row: Map<number, { sku: string }>, locale: Locale) {
  const details: { label: string; value: string }[] = [];
  for (const [code, value] of Object.entries(item.options.personalizations)) {
    const option = optionRows.find((o) => o.productId === item.productId && o.code === code);
    const label = option ? localized(option.label, locale) : code;
    details.push({ label, value: option?.optionType === "number" ? withUnit(Number(value), option.unit) : String(value) });
  }
  for (const part of item.options.bundleOptions) {
    details.push({ label: pickTranslation(texts, part.id, locale)?.name ?? String(part.id), value: row.get(part.variantId)?.sku ?? "" });
  }
  return details;
}

/** Cross-sells of the cart's products that are not in the cart yet (spec §2 Cart cross-sell block). */
async function crossSellCards(items: CartItemRow[], locale: Locale) {
  if (items.length === 0) return [];
  const inCart = [...new Set(items.map((i) => i.productId))];
  const db = await getDb();
  const rows = await db
    .selectDistinct({ id: productCrossSells.crossSellId, position: productCrossSells.position })
    .from(productCrossSells)
    .innerJoin(products, eq(products.id, productCrossSells.crossSellId))
    .where(
      and(
        inArray(productCrossSells.productId, inCart),
        notInArray(productCrossSells.crossSellId, inCart),
        eq(products.archived, false),
        eq(products.isVisibleIndividually, true),
      ),
    )
    .orderBy(asc(productCrossSells.position), asc(productCrossSells.crossSellId));
  const ids = [...new Set(rows.map((r) => r.id))].slice(0, CROSS_SELL_LIMIT);
  return loadProductCards(ids, locale);
}
