import { Link } from "@remix-run/react";
import { useId } from "react";
import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import { formatPrice } from "~/lib/format";
import { type Currency } from "~/lib/prices";
import type { Locale } from "~/lib/locales";
import { INSTRUCTIONS_MAX_LENGTH } from "./cart-form";
import type { CartSummary } from "./cart-view";

type FormProps = { cartPath: string; redirectTo?: string };
const INPUT = "w-full rounded border border-slate-300 px-3 py-2 disabled:bg-slate-100";
const BUTTON = "rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";

function Hidden({ intent, redirectTo }: { intent: string; redirectTo?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    </>
  );
}

/** Spec §4 Coupon: required; once applied the field is disabled and the button removes it. */
export function CouponForm({ cartPath, redirectTo, applied }: FormProps & { applied: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <SecureForm method="post" action={cartPath} className="flex flex-col gap-2" data-testid="coupon-form">
      <Hidden intent={applied ? "removeCoupon" : "coupon"} redirectTo={redirectTo} />
      <label htmlFor={id} className="text-sm font-medium text-slate-700">{t("cart.coupon.label")}</label>
      <div className="flex gap-2">
        <input id={id} name="couponCode" required disabled={applied !== null} defaultValue={applied ?? ""} maxLength={64} autoComplete="off" className={INPUT} />
        <button type="submit" className={BUTTON}>{applied ? t("cart.coupon.remove") : t("cart.coupon.apply")}</button>
      </div>
    </SecureForm>
  );
}

/** Spec §4 Membership barcode: logged-in shoppers only, prefilled from their profile; empty clears it. */
export function MemberCardForm({ cartPath, redirectTo, loggedIn, prefill, loginPath }: FormProps & { loggedIn: boolean; prefill: string; loginPath: string }) {
  const { t } = useTranslation();
  const id = useId();
  if (!loggedIn) {
    return (
      <p className="text-sm text-slate-600" data-testid="member-card-login">
        {t("cart.memberCard.loginRequired")} <Link to={loginPath} className="text-brand-700 underline">{t("cart.memberCard.login")}</Link>
      </p>
    );
  }
  return (
    <SecureForm method="post" action={cartPath} className="flex flex-col gap-2" data-testid="member-card-form">
      <Hidden intent="memberCard" redirectTo={redirectTo} />
      <label htmlFor={id} className="text-sm font-medium text-slate-700">{t("cart.memberCard.label")}</label>
      <div className="flex gap-2">
        <input id={id} name="memberCardBarcode" defaultValue={prefill} maxLength={64} inputMode="numeric" autoComplete="off" className={INPUT} />
        <button type="submit" className={BUTTON}>{t("cart.memberCard.apply")}</button>
      </div>
    </SecureForm>
  );
}

export function InstructionsForm({ cartPath, redirectTo, value }: FormProps & { value: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <SecureForm method="post" action={cartPath} className="flex flex-col gap-2" data-testid="instructions-form">
      <Hidden intent="instructions" redirectTo={redirectTo} />
      <label htmlFor={id} className="text-sm font-medium text-slate-700">{t("cart.instructions.label")}</label>
      <textarea id={id} name="instructions" defaultValue={value} maxLength={INSTRUCTIONS_MAX_LENGTH} rows={3} className={INPUT} />
      <button type="submit" className="self-start rounded border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50">{t("cart.instructions.save")}</button>
    </SecureForm>
  );
}

/** Spec §2 Cart summary: sum, coupon, delivery, tax, total (prices.converted), two decimals and the currency label. */
export function CartSummaryView({ prices, currency, locale, freeDelivery }: {
  prices: CartSummary;
  currency: Pick<Currency, "label" | "symbol">;
  locale: Locale;
  freeDelivery: { limit: number | null; reached: boolean };
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatPrice(cents, currency, locale);
  const row = (key: string, label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? "border-t border-slate-300 pt-2 text-base font-bold" : ""}`} data-testid={`summary-${key}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="text-sm" data-testid="cart-summary">
      {row("itemsTotal", t("cart.summary.itemsTotal"), money(prices.itemsTotal))}
      {row("coupon", t("cart.summary.coupon"), money(-prices.coupon))}
      {row("loyalty", t("cart.summary.loyalty"), money(-prices.loyalty))}
      {row("cartTotal", t("cart.summary.cartTotal"), money(prices.cartTotal))}
      {row("delivery", t("cart.summary.delivery"), freeDelivery.reached ? t("cart.summary.freeDelivery") : prices.delivery ? money(prices.delivery) : t("cart.summary.deliveryNotChosen"))}
      {row("orderTotal", t("cart.summary.orderTotal"), money(prices.orderTotal), true)}
      {row("tax", t("cart.summary.tax"), money(prices.tax))}
      {freeDelivery.limit !== null && !freeDelivery.reached ? (
        <p className="pt-2 text-xs text-slate-600">{t("cart.summary.freeDeliveryFrom", { amount: money(freeDelivery.limit) })}</p>
      ) : null}
    </dl>
  );
}
