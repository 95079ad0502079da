import { data, redirect } from "@remix-run/node";
import { env } from "~/.server/env.server";
import { localPath } from "~/lib/local-path";
import { DomainError, isDomainError } from "~/.server/domain-error";
import { getFixedT } from "~/.server/i18n.server";
import { setToast, type Toast } from "~/.server/toast.server";
import { localePrefix, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { readSubmission } from "~/.server/forms.server";
import { parseMessage } from "~/lib/validation-message";
import { shopperOf, type Shopper } from "~/.server/shopper.server";
import { cartCookies, clearCartCookies, headersWithCookies, memberCardCookie } from "~/.server/shopper-cookies.server";
import { addLineToCart } from "~/modules/cart/cart-add.server";
import { getSiteContext } from "~/modules/site/site.server";
import { resolveCartLine, type CartEntity } from "~/modules/cart/cart-line.server";
import { isSessionGone } from "~/modules/cart/cart-session.server";
import {
  applyCoupon,
  clearCart,
  removeCartItem,
  removeCoupon,
  saveInstructions,
  updateCartItem,
  type CartChange,
} from "~/modules/cart/cart.server";
import { CART_INTENTS, CART_MODAL_PARAM, VIA_FETCHER, type CartAnswer, type CartIntent } from "~/modules/cart/cart-form";
import { cartSchema, type CartPost } from "~/modules/cart/cart.schema";
import { applyMemberCard } from "~/modules/cart/member-card.server";

/**
 * The cart route's action (spec §4 Cart, §8 cart toasts): one intent per form. Without
 * JavaScript every answer is a redirect with a flash toast (POST → redirect → GET); the
 * hydrated cart page's fetchers (via=fetcher) get the toast as data. A broken rule is a
 * translated toast and changes nothing; 'Cart is archived.' and 'Session already used.'
 * clear the session and send the shopper to the home page of the language.
 */
type Outcome = { toast: Toast; headers: string[]; to: "cart" | "back" | "added" };

export async function cartAction(request: Request, locale: Locale) {
  const { submission } = await readSubmission(request, cartSchema);
  const posted = submission.payload;
  const viaFetcher = posted.via === VIA_FETCHER;
  const cartPath = href("cart", locale);
  const back = backTo(request, typeof posted.redirectTo === "string" ? posted.redirectTo : undefined, cartPath);
  const intent = String(posted.intent ?? "") as CartIntent;
  if (!CART_INTENTS.includes(intent)) throw new Response("Unknown intent", { status: 400 });
  if (submission.status !== "success") {
    // The first refused field as the cart's toast (the quantity first: error.invalidQuantity).
    const [message] = Object.values(submission.error ?? {}).find((messages) => messages?.length) ?? ["core.validation.required"];
    const { key, values } = parseMessage(message);
    return refusal(new DomainError("invalidPost", { message: "Invalid post", key, values }), { viaFetcher, back, locale, intent });
  }
  const post = submission.value;
  let outcome: Outcome;
  try {
    outcome = await run(post, await shopperOf(request), locale);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refusal(error, { viaFetcher, back, locale, intent });
  }
  if (viaFetcher) return answer({ ok: true, toast: outcome.toast }, 200, outcome.headers);
  const headers = await setToast(outcome.toast, withCookies(outcome.headers));
  if (outcome.to === "added") return redirect(await afterAdd(post.js === "1", back, cartPath, locale), { headers });
  return redirect(outcome.to === "back" ? back : cartPath, { headers });
}

async function run(post: CartPost, shopper: Shopper, locale: Locale): Promise<Outcome> {
  const cookies = (change: CartChange<unknown>) => (change.created ? cartCookies(change.cart) : []);
  const success = (key: string, values?: Toast["values"]): Toast => ({ type: "success", key, values });
  const withCouponNote = (change: CartChange<unknown>, toast: Toast): Toast =>
    change.couponRemoved ? { type: "info", key: "cart.coupon.removedInvalid" } : toast;
  switch (post.intent) {
    case "add": {
      const { change, entity } = await addLineToCart(shopper, post, post.quantity);
      return { toast: success("core.notifications.addedToCart", await entityName(entity, locale)), headers: cookies(change), to: "added" };
    }
    case "update": {
      // From the product page's cart-item edit mode the form carries the product again.
      const line = post.productId !== undefined ? (await resolveCartLine(post, locale)).line : undefined;
      const change = await updateCartItem(shopper, post.itemId, post.quantity, line);
      return { toast: withCouponNote(change, success("core.notifications.cartUpdated")), headers: [], to: line ? "cart" : "back" };
    }
    case "delete": {
      const change = await removeCartItem(shopper, post.itemId);
      const toast = withCouponNote(change, success("core.notifications.removedFromCart", await entityName(change.result, locale)));
      return { toast, headers: [], to: "added" };
    }
    case "clear":
      // Spec §4: "Clearing does nothing if the cart is empty or has no session."
      await clearCart(shopper);
      return { toast: success("cart.cleared"), headers: [], to: "cart" };
    case "coupon":
      await applyCoupon(shopper, post.couponCode);
      return { toast: success("cart.coupon.applied"), headers: [], to: "back" };
    case "removeCoupon":
      await removeCoupon(shopper);
      return { toast: success("cart.coupon.removed"), headers: [], to: "back" };
    case "memberCard": {
      const result = await applyMemberCard(shopper, post.memberCardBarcode);
      const key = {
        skipped: "cart.memberCard.loginRequired",
        cleared: "cart.memberCard.cleared",
        applied: "core.notifications.membershipCardBarcodeApplied",
      }[result.outcome];
      const toast: Toast = { type: result.outcome === "skipped" ? "info" : "success", key };
      return { toast, headers: result.memberCard === undefined ? [] : [memberCardCookie(result.memberCard)], to: "back" };
    }
    case "instructions":
      await saveInstructions(shopper, post.instructions);
      return { toast: success("cart.instructions.saved"), headers: [], to: "back" };
  }
}

async function entityName(entity: CartEntity, locale: Locale) {
  const t = await getFixedT(locale);
  return { entity: t(`core.entity.${entity}`) };
}

/**
 * Spec §4: after an add or a removal the site's cartAdditionBehaviour decides: 0 the cart,
 * 1 stay on the page, 2 the cart modal over the page (only a hydrated page can show it; a
 * page without JavaScript gets the cart page, its real fallback).
 */
async function afterAdd(hydrated: boolean, back: string, cartPath: string, locale: Locale) {
  const behaviour = (await getSiteContext(locale)).site.cartAdditionBehaviour;
  if (behaviour === 1) return back;
  if (behaviour === 2 && hydrated) {
    const url = new URL(back, "http://shop.invalid");
    url.searchParams.set(CART_MODAL_PARAM, "open");
    return url.pathname + url.search;
  }
  return cartPath;
}

async function refusal(
  error: DomainError,
  { viaFetcher, back, locale, intent }: { viaFetcher: boolean; back: string; locale: Locale; intent: CartIntent },
) {
  const gone = isSessionGone(error);
  const missing = error.code === "cartSessionMissing";
  const info = error.code === "configurationNotSet" || error.code === "itemNotInCart";
  let toast: Toast = { type: info ? "info" : "error", key: error.key, values: error.values };
  // Spec §8 removeFromCartFailed: a removal that fails for any reason but "not in the cart".
  if (intent === "delete" && !info && !gone) toast = { type: "error", key: "core.notifications.removeFromCartFailed" };
  const headers = gone || missing ? clearCartCookies() : [];
  const home = localePrefix(locale) || "/";
  if (viaFetcher) return answer({ ok: false, toast, redirectTo: gone ? home : undefined }, error.status, headers);
  return redirect(gone ? home : back, { headers: await setToast(toast, withCookies(headers)) });
}

/** The fetcher's answer: data (single fetch encodes it), with the status and cookies of the change. */
function answer(body: CartAnswer, status: number, cookies: string[]) {
  return data(body, { status, headers: withCookies(cookies) });
}

const withCookies = (cookies: string[]) => headersWithCookies(cookies);

/** Where "stay on the page" returns to: the posted redirectTo, else the referring page of this shop, else the cart. */
function backTo(request: Request, posted: string | undefined, fallback: string) {
  if (posted) return localPath(posted, fallback);
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== env.PUBLIC_URL) return fallback; // a page of this shop only (PUBLIC_URL, not the Host header)
    url.searchParams.delete(CART_MODAL_PARAM);
    return localPath(url.pathname + url.search, fallback);
  } catch {
    return fallback;
  }
}
