import type { Locale } from "~/lib/locales";
import { getCurrentUser } from "~/modules/account/user.server";
import { resolveCartLine } from "./cart-line.server";
import type { CartLinePost } from "./cart.schema";
import { addToCart, type NewCartOwner } from "./cart.server";
import { savedMemberCard } from "./member-card.server";

/**
 * Adding to the cart (spec §4 "Adding with no session creates one"), shared by the cart
 * page's "add" intent and the API's addItem: the posted line checked against the product,
 * then put into the cart; a signed-in customer's new cart is theirs, with the member card of
 * their profile, not typed again.
 */
export async function addLineToCart(request: Request, posted: CartLinePost, quantity: number, locale: Locale) {
  const { line, entity } = await resolveCartLine(posted, locale);
  const change = await addToCart(request, line, quantity, await cartOwnerOf(request, locale));
  return { change, entity };
}

/** Who a new cart belongs to: the signed-in customer (with their saved member card), else nobody. */
export async function cartOwnerOf(request: Request, locale: Locale): Promise<NewCartOwner | null> {
  const user = await getCurrentUser(request);
  return user ? { userId: user.id, memberCardBarcode: await savedMemberCard(user.memberCardBarcode, locale) } : null;
}
