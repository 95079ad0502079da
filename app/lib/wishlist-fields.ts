/** Wishlist constants without server code: the heart button and the profile list import these. */

/** Spec §9 "Wishlist fetch limit 9999; wishlist pagination defaults page 1, last page 1". */
export const WISHLIST_FETCH_LIMIT = 9999;
export const WISHLIST_PER_PAGE = 12;
/** The query parameter of the wishlist's page on the profile. */
export const WISHLIST_PAGE_PARAM = "wishlistPage";
export const WISHLIST_ACTION = "/actions/wishlist";

export type WishlistPagination = { page: number; lastPage: number; limit: number; total: number; perPage: number };

/**
 * The kept products as the root loader sends them: ids joined by commas, newest first. A
 * string, not an array, so a kept page can carry a visitor's list in one slot of its inline
 * data (decision 0135): an array travels as references to other entries there.
 */
export const keptProductsText = (ids: readonly number[]): string => ids.join(",");

/** The kept products of the root loader's text (anything else in it is ignored). */
export function keptProducts(text: string | undefined): Set<number> {
  return new Set(
    (text ?? "")
      .split(",")
      .filter((part) => /^\d{1,9}$/.test(part))
      .map(Number),
  );
}

/**
 * A heart's state as the attributes that show it, side by side and of the same length in
 * both states ("true"/"kept" and "false"/"add"), so a kept page swaps them per visitor in
 * place without disturbing the compressed bytes around them (decision 0135).
 */
export const heartState = (kept: boolean) =>
  kept ? ({ "aria-pressed": "true", "data-heart": "kept" } as const) : ({ "aria-pressed": "false", "data-heart": "add" } as const);

/** The bytes a heart's state takes in a page, from the product id through the state: what a kept page fills. */
export const HEART_STATE_PATTERN = /value="(\d+)" aria-pressed="(?:true" data-heart="kept|false" data-heart="add)"/g;
export const heartStateText = (kept: boolean) => (kept ? 'true" data-heart="kept' : 'false" data-heart="add');
