import type { ActionFunctionArgs } from "@remix-run/node";
import { toastDomainError } from "~/.server/http/domain-error.server";
import { redirect } from "@remix-run/node";
import { localPath } from "~/lib/local-path";
import { getFixedT } from "~/.server/i18n.server";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { localeFromPath } from "~/lib/locales";
import { shopperOf } from "~/.server/shopper.server";
import { guestWishlistCookie } from "~/.server/shopper-cookies.server";
import { wishlistToggleSchema } from "~/modules/wishlist/wishlist.schema";
import { toggleGuestWishlist, toggleWishlist } from "~/modules/wishlist/wishlist.server";

/**
 * POST: the heart of a product card or page (spec §4 Wishlist: toggles add and remove).
 * Back to the page with addedToWishlist / removedFromWishlist naming the entity (product
 * or bundle). A visitor's hearts are kept in the wishlist cookie until they sign in, when
 * they join the account's wishlist (decision 0129).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, wishlistToggleSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { productId, redirectTo } = submission.value;
  const back = localPath(redirectTo, "/");
  const locale = localeFromPath(new URL(back, "http://shop.invalid").pathname);
  const t = await getFixedT(locale);
  try {
    const shopper = await shopperOf(request);
    const headers = new Headers();
    let result;
    if (shopper.user) result = await toggleWishlist(shopper.user, productId, locale);
    else {
      result = await toggleGuestWishlist(shopper.guestWishlist, productId, locale);
      headers.append("Set-Cookie", guestWishlistCookie(result.kept));
    }
    const entity = t(`wishlist.entity.${result.entity}`);
    const key = result.added ? "core.notifications.addedToWishlist" : "core.notifications.removedFromWishlist";
    return redirect(back, { headers: await setToast({ type: "success", key, values: { entity, name: result.name } }, headers) });
  } catch (error) {
    return toastDomainError(error, back, { locale, back });
  }
}

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
