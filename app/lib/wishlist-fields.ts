/** Wishlist constants without server code: the heart button and the profile list import these. */

/** Spec §9 "Wishlist fetch limit 9999; wishlist pagination defaults page 1, last page 1". */
export const WISHLIST_FETCH_LIMIT = 9999;
export const WISHLIST_PER_PAGE = 12;
/** The query parameter of the wishlist's page on the profile. */
export const WISHLIST_PAGE_PARAM = "wishlistPage";
export const WISHLIST_ACTION = "/actions/wishlist";

export type WishlistPagination = { page: number; lastPage: number; limit: number; total: number; perPage: number };
