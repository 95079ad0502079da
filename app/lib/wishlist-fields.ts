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

/** Whether the root loader's text of kept products holds `productId`. */
export const isKept = (text: string | undefined, productId: number): boolean => `,${text ?? ""},`.includes(`,${productId},`);

/**
 * A heart's state as the attributes that show it, side by side and of the same length in
 * both states (`aria-pressed="true" class="kept …"` and `aria-pressed="false" class="add …"`),
 * so a kept page swaps them per visitor in place without disturbing the compressed bytes
 * around them (decision 0135). The fill follows the class in CSS (app.css).
 */
export const heartState = (kept: boolean, className: string) =>
  ({ "aria-pressed": kept ? "true" : "false", className: `${kept ? "kept" : "add"} ${className}` }) as const;

/** The bytes a heart's state takes in a page, from the product id through the state: what a kept page fills. */
export const HEART_STATE_PATTERN = /value="(\d+)" aria-pressed="(?:true" class="kept|false" class="add) /g;
export const heartStateText = (kept: boolean) => (kept ? 'true" class="kept' : 'false" class="add');
