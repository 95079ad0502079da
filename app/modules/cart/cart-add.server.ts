import type { Shopper } from "~/.server/shopper.server";
import { resolveCartLine } from "./cart-line.server";
import type { CartLinePost } from "./cart.schema";
import { addToCart, type NewCartOwner } from "./cart.server";
import { savedMemberCard } from "./member-card.server";

/**
 * Adding to the cart (spec §4 "Adding with no session creates one"), shared by the cart
 * page's "add" intent and the API's addItem: the posted line checked against the product,
 * then put into the cart; a signed-in customer's new cart is theirs, with the member card of
 * their profile, not typed again. A new cart comes back in the change (`created`): the
 * caller keeps its session (the HTML route as cookies, the API in its answer).
 */
export async function addLineToCart(shopper: Shopper, posted: CartLinePost, quantity: number) {
  const { line, entity } = await resolveCartLine(posted, shopper.locale);
  const change = await addToCart(shopper, line, quantity, await cartOwnerOf(shopper));
  return { change, entity };
}

/** Who a new cart belongs to: the signed-in customer (with their saved member card), else nobody. */
export async function cartOwnerOf({ user, locale }: Shopper): Promise<NewCartOwner | null> {
  return user ? { userId: user.id, memberCardBarcode: await savedMemberCard(user.memberCardBarcode, locale) } : null;
}
