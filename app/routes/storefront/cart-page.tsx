import { Link } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button, buttonClass } from "~/components/ui/button";
import type { FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";
import { serverFirst } from "~/lib/server-first";
import { ProductCardView } from "~/modules/catalog/product-card";
import { QuoteCart as QuoteCartNow } from "~/modules/quote/quote-cart";
import type { QuoteData } from "~/modules/quote/quote-fields";
import { CartSummaryView, CouponForm, InstructionsForm, MemberCardForm } from "~/modules/cart/cart-forms";
import { CartEmpty } from "~/modules/cart/cart-empty";
import { CartLines } from "~/modules/cart/cart-lines";
import type { CartView } from "~/modules/cart/cart-view";

/** The cart route's loader data: what the cart page and the cart modal render. */
export type CartPageData = {
  locale: Locale;
  cart: CartView | null;
  currency: Pick<Currency, "label" | "symbol">;
  paths: { cart: string; checkout: string; shop: string; login: string };
  loggedIn: boolean;
  memberCardPrefill: string;
  /** Set when the shop runs the request-quote cart (spec §2 Cart variant): the cart shows QuoteCart instead. */
  quote?: QuoteData | null;
  /** HTML constraints of the cart's forms, from the cart schema (`formConstraint`). */
  constraints: { coupon: FormConstraint; memberCard: FormConstraint; instructions: FormConstraint; quantity: FormConstraint };
};

// Only request-quote shops show it: the browser loads it when the cart renders it.
const QuoteCart = serverFirst(import.meta.env.SSR ? QuoteCartNow : null, () =>
  import("~/modules/quote/quote-cart").then((m) => m.QuoteCart),
);

/** The cart page (spec §2 Cart): the lines, the coupon, member card and instructions forms, the summary, checkout and cross-sells. */
export function CartPage(props: CartPageData) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8" data-testid="cart-page">
      <h1 className="text-3xl font-bold text-brand-900">{t("cart.title")}</h1>
      <CartContents {...props} />
    </div>
  );
}

/** Everything below the title; the modal shows it too, with `redirectTo` bringing no-modal posts back to its page. */
export function CartContents({
  cart,
  currency,
  locale,
  paths,
  loggedIn,
  memberCardPrefill,
  quote,
  constraints,
  redirectTo,
  compact = false,
}: CartPageData & { redirectTo?: string; compact?: boolean }) {
  const { t } = useTranslation();
  // The request-quote cart renders its empty state itself: its request modal outlives the emptied cart.
  if (quote)
    return (
      <QuoteCart
        cart={cart}
        quote={quote}
        cartPath={paths.cart}
        shopPath={paths.shop}
        redirectTo={redirectTo}
        quantityConstraint={constraints.quantity}
      />
    );
  if (!cart || cart.items.length === 0) return <CartEmpty shopPath={paths.shop} />;
  const forms = { cartPath: paths.cart, redirectTo };
  return (
    <>
      <div className={compact ? "flex flex-col gap-6" : "grid gap-8 lg:grid-cols-[2fr_1fr]"}>
        <div className="flex flex-col gap-6 overflow-x-auto">
          <CartLines items={cart.items} currency={currency} locale={locale} quantityConstraint={constraints.quantity} {...forms} />
          <SecureForm method="post" action={paths.cart} className="self-end" data-testid="clear-cart-form">
            <input type="hidden" name="intent" value="clear" />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <Button variant="dangerGhost" size="sm">
              {t("cart.clear")}
            </Button>
          </SecureForm>
          <div className="grid gap-6 md:grid-cols-2">
            <CouponForm {...forms} applied={cart.couponCode} constraint={constraints.coupon} />
            <MemberCardForm
              {...forms}
              loggedIn={loggedIn}
              prefill={memberCardPrefill}
              loginPath={paths.login}
              constraint={constraints.memberCard}
            />
          </div>
          <InstructionsForm {...forms} value={cart.instructions} constraint={constraints.instructions} />
        </div>
        <aside className="flex h-fit flex-col gap-4 rounded-lg border border-slate-200 p-4" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className="text-lg font-semibold">
            {t("cart.summary.title")}
          </h2>
          <CartSummaryView
            prices={cart.prices.converted}
            currency={currency}
            locale={locale}
            freeDelivery={cart.freeDelivery}
            digitalOnly={cart.digitalOnly}
          />
          <Link to={paths.checkout} className={buttonClass({ size: "lg" })} data-testid="checkout-link">
            {t("cart.checkout")}
          </Link>
        </aside>
      </div>
      {cart.crossSells.length ? (
        <section aria-labelledby="cart-cross-sells">
          <h2 id="cart-cross-sells" className="mb-4 text-xl font-semibold">
            {t("cart.crossSells")}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="cart-cross-sells">
            {cart.crossSells.map((card) => (
              <li key={card.id}>
                <ProductCardView product={card} currency={currency} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
