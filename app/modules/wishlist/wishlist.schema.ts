import { z } from "zod/v4";
import { id, optionalText } from "~/lib/schema-fields";

/** The heart's post (spec §4 Wishlist): the product to toggle and the page to return to. */
export const wishlistToggleSchema = z.object({
  productId: id(),
  redirectTo: optionalText({ max: 2000 }),
});
