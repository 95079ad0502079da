import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { formConstraint } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { localePrefix } from "~/lib/locales";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { shopperOf } from "~/.server/shopper.server";
import { cartSessionChangeCookies, headersWithCookies } from "~/.server/shopper-cookies.server";
import { cartAction } from "~/routes/storefront/cart-actions.server";
import { CartPage } from "~/routes/storefront/cart-page";
import { couponSchema, instructionsSchema, memberCardSchema, quantitySchema } from "~/modules/cart/cart.schema";
import { lookupCart, sessionAfter } from "~/modules/cart/cart-session.server";
import { buildCartView } from "~/modules/cart/cart-view.server";
import { quoteData } from "~/modules/quote/quote.server";
import { getSiteContext } from "~/modules/site/site.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["captcha", "cart", "catalog", "enquiry", "routes"] };

/**
 * The cart (spec §2 Cart, /kosarica, /en/cart, /de/einkaufswagen): its page, and the data
 * of the cart modal (loaded by a fetcher). An archived or used cart clears the session and
 * sends the shopper home with the cart-update error (spec §2, §8).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await shopperOf(request);
  const { locale, user } = shopper;
  const [lookup, site, t, quote] = await Promise.all([lookupCart(shopper), getSiteContext(locale), getFixedT(locale), quoteData(locale)]);
  const headers = headersWithCookies(cartSessionChangeCookies(sessionAfter(lookup)));
  if (lookup.kind === "gone") {
    throw redirect(localePrefix(locale) || "/", {
      headers: await setToast({ type: "error", key: "core.notifications.cartUpdateError" }, headers),
    });
  }
  const cart = lookup.kind === "active" ? await buildCartView(lookup.cart, locale) : null;
  return data(
    {
      locale,
      title: `${t("routes.cart")} | ${site.site.name}`,
      description: metaDescription(t, "cart"),
      cart,
      currency: site.currency,
      paths: { cart: href("cart", locale), checkout: href("checkout", locale), shop: href("shop", locale), login: href("login", locale) },
      loggedIn: user !== null,
      memberCardPrefill: cart?.memberCardBarcode ?? user?.memberCardBarcode ?? "",
      quote,
      constraints: {
        coupon: formConstraint(couponSchema),
        memberCard: formConstraint(memberCardSchema),
        instructions: formConstraint(instructionsSchema),
        quantity: formConstraint(quantitySchema),
      },
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => titleMeta({ data });

export async function action({ request }: ActionFunctionArgs) {
  return cartAction(request, (await shopperOf(request)).locale);
}

export default function Cart() {
  const data = useLoaderData<typeof loader>();
  return <CartPage {...data} />;
}
