import { and, count, desc, eq, inArray } from "drizzle-orm";
import { customersChanged } from "~/.server/customer-views.server";
import { getDb } from "~/.server/db/client.server";
import { products, users, wishlistEntries } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import type { Locale } from "~/lib/locales";
import { cardsWithGroupPrices } from "~/modules/catalog/group-card-prices.server";
import { loadProductCards, type ProductCard } from "~/modules/catalog/product-cards.server";
import type { PriceGroup } from "~/lib/shopper-price";
import { GUEST_WISHLIST_MAX, type CurrentUser } from "~/.server/shopper.server";
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

/** The product a heart names, as its toast names it (product or bundle, in the language); a product of no shop is not found. */
async function keptProduct(productId: number, locale: Locale): Promise<Omit<ToggleResult, "added">> {
  const db = await getDb();
  const [product] = await db
    .select({ id: products.id, format: products.format })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, SITE_ID)));
  if (!product) throw new DomainError("productNotFound", { message: "Product not found", key: "wishlist.productNotFound", status: 404 });
  const name = pickTranslation(await loadTranslations([product.id], locale), product.id, locale)?.name ?? "";
  return { entity: product.format === "bundle" ? "bundle" : "product", name };
}

/** wishlist/create {product_id}: adds the product, or removes it when it is already kept. */
export async function toggleWishlist(
  user: Pick<CurrentUser, "id" | "isBackofficeUser"> | null,
  productId: number,
  locale: Locale,
): Promise<ToggleResult> {
  assertWishlistOwner(user);
  const db = await getDb();
  const { entity, name } = await keptProduct(productId, locale);
  const removed = await db
    .delete(wishlistEntries)
    .where(and(eq(wishlistEntries.userId, user.id), eq(wishlistEntries.productId, productId)))
    .returning({ id: wishlistEntries.id });
  if (removed.length > 0) {
    await customersChanged();
    return { added: false, entity, name };
  }
  await db.insert(wishlistEntries).values({ userId: user.id, productId }).onConflictDoNothing();
  await customersChanged();
  return { added: true, entity, name };
}

/**
 * A visitor's heart (decision 0129): the same toggle on the products they keep before signing
 * in (the wishlist cookie, newest first); the new list comes back for the route to keep. A
 * full list (GUEST_WISHLIST_MAX) takes no more: signing in keeps any number.
 */
export async function toggleGuestWishlist(
  kept: readonly number[],
  productId: number,
  locale: Locale,
): Promise<ToggleResult & { kept: number[] }> {
  const product = await keptProduct(productId, locale);
  if (kept.includes(productId)) return { ...product, added: false, kept: kept.filter((id) => id !== productId) };
  if (kept.length >= GUEST_WISHLIST_MAX) {
    throw new DomainError("guestWishlistFull", {
      message: "Wishlist is full",
      key: "wishlist.guestFull",
      values: { max: GUEST_WISHLIST_MAX },
      status: 409,
    });
  }
  return { ...product, added: true, kept: [productId, ...kept] };
}

/**
 * At sign-in (spec §4 Auth Login "fetch user, abandoned cart session and wishlist"), as the
 * visitor's cart becomes the user's: the products they kept as a visitor join the user's
 * wishlist (each once; products the shop no longer has are left out). Back-office users
 * have no wishlist. Returns whether there was a visitor's wishlist to take (its cookie ends).
 */
export async function mergeGuestWishlist(userId: number, kept: readonly number[]): Promise<boolean> {
  if (kept.length === 0) return false;
  const db = await getDb();
  const [user] = await db.select({ backoffice: users.isBackofficeUser }).from(users).where(eq(users.id, userId));
  if (!user || user.backoffice) return true;
  const existing = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...kept]), eq(products.siteId, SITE_ID)));
  const known = new Set(existing.map((p) => p.id));
  // Oldest first, so the newest kept product has the newest entry (the wishlist lists newest first).
  const rows = [...kept]
    .reverse()
    .filter((id) => known.has(id))
    .map((productId) => ({ userId, productId }));
  if (rows.length) {
    await db.insert(wishlistEntries).values(rows).onConflictDoNothing();
    await customersChanged();
  }
  return true;
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
