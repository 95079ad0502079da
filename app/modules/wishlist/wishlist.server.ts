import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { products, wishlistEntries } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import type { Locale } from "~/lib/locales";
import { cardsWithGroupPrices } from "~/modules/catalog/group-card-prices.server";
import { loadProductCards, type ProductCard } from "~/modules/catalog/product-cards.server";
import type { PriceGroup } from "~/lib/shopper-price";
import type { CurrentUser } from "~/.server/shopper.server";
import { loadTranslations, pickTranslation } from "~/modules/catalog/product-queries.server";
import { WISHLIST_FETCH_LIMIT, WISHLIST_PER_PAGE, type WishlistPagination } from "~/lib/wishlist-fields";

/**
 * Wishlists (spec §4 Wishlist, §7 wishlist/create toggles, wishlist/filter): registered
 * customers only; back-office users have none.
 */
export const loginRequired = () =>
  new DomainError("loginRequired", { message: "Wishlist needs a customer", key: "wishlist.loginRequired", status: 401 });
const noBackofficeWishlist = () =>
  new DomainError("backofficeNoWishlist", {
    message: "Back-office users have no wishlist",
    key: "wishlist.backofficeNoWishlist",
    status: 403,
  });

/** The product ids a customer keeps (spec §4 "refetched with limit 9999"); empty for anyone else. */
export async function wishlistProductIds(user: Pick<CurrentUser, "id" | "isBackofficeUser"> | null): Promise<number[]> {
  if (!user || user.isBackofficeUser) return [];
  const db = await getDb();
  const rows = await db
    .select({ productId: wishlistEntries.productId })
    .from(wishlistEntries)
    .where(eq(wishlistEntries.userId, user.id))
    .orderBy(desc(wishlistEntries.id))
    .limit(WISHLIST_FETCH_LIMIT);
  return rows.map((r) => r.productId);
}

/** Refuses anyone without a wishlist (visitors, back-office users), as the HTML does. */
export function assertWishlistOwner<U extends Pick<CurrentUser, "id" | "isBackofficeUser">>(user: U | null): asserts user is U {
  if (!user) throw loginRequired();
  if (user.isBackofficeUser) throw noBackofficeWishlist();
}

export type ToggleResult = { added: boolean; entity: "product" | "bundle"; name: string };

/** wishlist/create {product_id}: adds the product, or removes it when it is already kept. */
export async function toggleWishlist(
  user: Pick<CurrentUser, "id" | "isBackofficeUser"> | null,
  productId: number,
  locale: Locale,
): Promise<ToggleResult> {
  assertWishlistOwner(user);
  const db = await getDb();
  const [product] = await db
    .select({ id: products.id, format: products.format })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, SITE_ID)));
  if (!product) throw new DomainError("productNotFound", { message: "Product not found", key: "wishlist.productNotFound", status: 404 });
  const name = pickTranslation(await loadTranslations([product.id], locale), product.id, locale)?.name ?? "";
  const entity = product.format === "bundle" ? "bundle" : "product";
  const removed = await db
    .delete(wishlistEntries)
    .where(and(eq(wishlistEntries.userId, user.id), eq(wishlistEntries.productId, productId)))
    .returning({ id: wishlistEntries.id });
  if (removed.length > 0) return { added: false, entity, name };
  await db.insert(wishlistEntries).values({ userId: user.id, productId }).onConflictDoNothing();
  return { added: true, entity, name };
}

/**
 * One page of the wishlist page (spec §3 wishlist pagination: lastPage, page, limit, total,
 * perPage), its cards at the customer's group price where they have one (decision 0107), as on
 * the product page and in the lists.
 */
export async function wishlistPage(
  userId: number,
  page: number,
  locale: Locale,
  group: PriceGroup | null = null,
  perPage = WISHLIST_PER_PAGE,
): Promise<{ data: ProductCard[]; pagination: WishlistPagination }> {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(wishlistEntries).where(eq(wishlistEntries.userId, userId));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = await db
    .select({ productId: wishlistEntries.productId })
    .from(wishlistEntries)
    .where(eq(wishlistEntries.userId, userId))
    .orderBy(desc(wishlistEntries.id))
    .limit(perPage)
    .offset((current - 1) * perPage);
  const cards = await loadProductCards(
    rows.map((r) => r.productId),
    locale,
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  const listed = rows.map((r) => byId.get(r.productId)).filter((c): c is ProductCard => Boolean(c));
  const data = await cardsWithGroupPrices(listed, group);
  return { data, pagination: { page: current, lastPage, limit: perPage, total, perPage } };
}
