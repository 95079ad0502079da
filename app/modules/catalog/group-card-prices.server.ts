import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { products } from "~/.server/db/schema";
import { groupDisplayPrice, type PriceGroup } from "~/lib/shopper-price";
import type { ProductCard } from "./product-cards.server";

/**
 * Product cards as a group customer sees them (decision 0107), put over the cards every
 * visitor shares (those are cached; these never are): the group's price as the card's price
 * and the catalogue price kept to be struck through. A configurable product is priced by its
 * variants, as its card is (decision 0075): the lowest of their group prices.
 */
export async function cardsWithGroupPrices(cards: ProductCard[], group: PriceGroup | null): Promise<ProductCard[]> {
  if (!group || cards.length === 0) return cards;
  const configurable = cards.filter((c) => c.format === "configurable").map((c) => c.id);
  const variants = configurable.length
    ? await (
        await getDb()
      )
        .select({ id: products.id, parentId: products.parentId, price: products.priceCents })
        .from(products)
        .where(and(inArray(products.parentId, configurable), eq(products.archived, false)))
    : [];
  return cards.map((card) => {
    const own = variants.filter((v) => v.parentId === card.id);
    const offers = own.length
      ? own.map((v) => groupDisplayPrice(v.price, [card.id, v.id], group) ?? v.price)
      : [groupDisplayPrice(card.finalPriceCents, [card.id], group) ?? card.finalPriceCents];
    const lowest = Math.min(...offers);
    if (lowest >= card.finalPriceCents) return card;
    return { ...card, finalPriceCents: lowest, discountPercent: 0, catalogueCents: card.finalPriceCents };
  });
}
