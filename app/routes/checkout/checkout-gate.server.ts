import { redirect } from "@remix-run/node";
import { shopperOf, type Shopper } from "~/.server/shopper.server";
import { cartSessionChangeCookies, headersWithCookies } from "~/.server/shopper-cookies.server";
import { setToast, type Toast } from "~/.server/toast.server";
import { localePrefix } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { checkoutGate, type CheckoutContext, type CheckoutRefusal } from "~/modules/checkout/checkout.server";

/**
 * The checkout page's gate: the shopper of the request, and the checkout they may open, or
 * the redirect its refusal leads to (with the toast, and a dead cart session cleared).
 */
export async function openCheckout(request: Request): Promise<{ shopper: Shopper; checkout: CheckoutContext }> {
  const shopper = await shopperOf(request);
  const gate = await checkoutGate(shopper);
  if (gate.ok) return { shopper, checkout: gate.checkout };
  const { locale } = shopper;
  const cartPath = href("cart", locale);
  const refusals: Record<CheckoutRefusal, { to: string; toast: Toast }> = {
    disabled: { to: cartPath, toast: { type: "info", key: "checkout.disabled" } },
    cartGone: { to: localePrefix(locale) || "/", toast: { type: "error", key: "core.notifications.cartUpdateError" } },
    emptyCart: { to: cartPath, toast: { type: "info", key: "checkout.emptyCart" } },
    // Registered users only (spec §1): log in, then back here (a local path, checked by the login's localPath, app/lib/local-path.ts).
    loginRequired: {
      to: `${href("login", locale)}?redirectTo=${encodeURIComponent(href("checkout", locale))}`,
      toast: { type: "info", key: "checkout.loginRequired" },
    },
  };
  const { to, toast } = refusals[gate.refusal];
  throw redirect(to, { headers: await setToast(toast, headersWithCookies(cartSessionChangeCookies(gate.cartSession))) });
}
