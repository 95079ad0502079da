import { getFormProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { formatPrice } from "~/lib/format";
import { type Currency } from "~/lib/prices";
import type { Locale } from "~/lib/locales";
import type { CouponInput, InstructionsInput, MemberCardInput } from "./cart.schema";
import type { CartSummary, FreeDeliveryView } from "./cart-view";

/**
 * The cart's text forms (coupon, member card, instructions). Their constraints come from
 * the cart schema through the loader; the cart action answers them with a toast (spec §8),
 * so they have no `lastResult`: the browser checks the constraints, conform shows them on blur.
 */
type FormProps = { cartPath: string; redirectTo?: string; constraint: FormConstraint };

function Hidden({ intent, redirectTo }: { intent: string; redirectTo?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    </>
  );
}

/** The post of this form (by its intent) is on its way. */
function usePending(cartPath: string, ...intents: string[]) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" && navigation.formAction === cartPath && intents.includes(String(navigation.formData?.get("intent")))
  );
}

/** Spec §4 Coupon: required; once applied the field is disabled and the button removes it. */
export function CouponForm({ cartPath, redirectTo, applied, constraint }: FormProps & { applied: string | null }) {
  const { t } = useTranslation();
  const pending = usePending(cartPath, "coupon", "removeCoupon");
  const [form, fields] = useShopForm<CouponInput>({ id: "coupon", constraint, defaultValue: { couponCode: applied ?? "" } });
  return (
    <SecureForm {...getFormProps(form)} method="post" action={cartPath} className="flex flex-col gap-1" data-testid="coupon-form">
      <Hidden intent={applied ? "removeCoupon" : "coupon"} redirectTo={redirectTo} />
      <Field meta={fields.couponCode} label={t("cart.coupon.label")} disabled={applied !== null} autoComplete="off" />
      <Button className="self-start" pending={pending}>
        {applied ? t("cart.coupon.remove") : t("cart.coupon.apply")}
      </Button>
    </SecureForm>
  );
}

/** Spec §4 Membership barcode: logged-in shoppers only, prefilled from their profile; empty clears it. */
export function MemberCardForm({
  cartPath,
  redirectTo,
  loggedIn,
  prefill,
  loginPath,
  constraint,
}: FormProps & { loggedIn: boolean; prefill: string; loginPath: string }) {
  const { t } = useTranslation();
  const pending = usePending(cartPath, "memberCard");
  const [form, fields] = useShopForm<MemberCardInput>({ id: "member-card", constraint, defaultValue: { memberCardBarcode: prefill } });
  if (!loggedIn) {
    return (
      <p className="text-sm text-slate-600" data-testid="member-card-login">
        {t("cart.memberCard.loginRequired")}{" "}
        <Link to={loginPath} className="text-brand-700 underline">
          {t("cart.memberCard.login")}
        </Link>
      </p>
    );
  }
  return (
    <SecureForm {...getFormProps(form)} method="post" action={cartPath} className="flex flex-col gap-1" data-testid="member-card-form">
      <Hidden intent="memberCard" redirectTo={redirectTo} />
      <Field meta={fields.memberCardBarcode} label={t("cart.memberCard.label")} inputMode="numeric" autoComplete="off" />
      <Button className="self-start" pending={pending}>
        {t("cart.memberCard.apply")}
      </Button>
    </SecureForm>
  );
}

export function InstructionsForm({ cartPath, redirectTo, value, constraint }: FormProps & { value: string }) {
  const { t } = useTranslation();
  const pending = usePending(cartPath, "instructions");
  const [form, fields] = useShopForm<InstructionsInput>({ id: "instructions", constraint, defaultValue: { instructions: value } });
  return (
    <SecureForm {...getFormProps(form)} method="post" action={cartPath} className="flex flex-col gap-1" data-testid="instructions-form">
      <Hidden intent="instructions" redirectTo={redirectTo} />
      <TextareaField meta={fields.instructions} label={t("cart.instructions.label")} rows={3} />
      <Button variant="secondary" size="sm" className="self-start" pending={pending}>
        {t("cart.instructions.save")}
      </Button>
    </SecureForm>
  );
}

/** Spec §2 Cart summary: sum, coupon, delivery, tax, total (prices.converted), two decimals and the currency label. */
export function CartSummaryView({
  prices,
  currency,
  locale,
  freeDelivery,
  digitalOnly = false,
}: {
  prices: CartSummary;
  currency: Pick<Currency, "label" | "symbol">;
  locale: Locale;
  freeDelivery: FreeDeliveryView;
  /** Only e-products: delivered by link, no delivery line to choose (decision 0030). */
  digitalOnly?: boolean;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatPrice(cents, currency, locale);
  const row = (key: string, label: string, value: string, strong = false) => (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? "border-t border-slate-300 pt-2 text-base font-bold" : ""}`}
      data-testid={`summary-${key}`}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div>
      <dl className="text-sm" data-testid="cart-summary">
        {row("itemsTotal", t("cart.summary.itemsTotal"), money(prices.itemsTotal))}
        {row("coupon", t("cart.summary.coupon"), money(-prices.coupon))}
        {row("loyalty", t("cart.summary.loyalty"), money(-prices.loyalty))}
        {row("cartTotal", t("cart.summary.cartTotal"), money(prices.cartTotal))}
        {row(
          "delivery",
          t("cart.summary.delivery"),
          digitalOnly
            ? t("cart.summary.deliveryByLink")
            : freeDelivery.reached
              ? t("cart.summary.freeDelivery")
              : prices.delivery
                ? money(prices.delivery)
                : t("cart.summary.deliveryNotChosen"),
        )}
        {row("orderTotal", t("cart.summary.orderTotal"), money(prices.orderTotal), true)}
        {row("tax", t("cart.summary.tax"), money(prices.tax))}
      </dl>
      {/* Beside the list, not in it: a <dl> holds only name and value pairs (axe definition-list). */}
      {freeDelivery.limit !== null && !freeDelivery.reached ? (
        // The free-delivery limit names the amount it is compared with, and what is left.
        <div className="pt-2 text-xs text-slate-600" data-testid="free-delivery">
          <p>{t("cart.summary.freeDeliveryFrom", { amount: money(freeDelivery.limit) })}</p>
          <p className="font-semibold text-brand-700" data-testid="free-delivery-left">
            {t("cart.summary.freeDeliveryLeft", { amount: money(freeDelivery.left) })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
