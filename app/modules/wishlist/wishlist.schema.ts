import { z } from "zod";

/** The heart's post (spec §4 Wishlist): the product to toggle and the page to return to. */
export const wishlistToggleSchema = z.object({
  productId: z.number().int().positive(),
  redirectTo: z.string().optional(),
});
