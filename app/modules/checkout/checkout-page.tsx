import { useTranslation } from "~/lib/i18n";
import { formatMetres, formatPrice } from "~/lib/format";
import { CartSummaryView } from "~/modules/cart/cart-forms";
import type { CheckoutPageData } from "./checkout-fields";
import { AddressStep, GuestStep, PaymentStep, ShippingStep, StepSection, type CheckoutConstraints } from "./checkout-steps";

/** The one-page checkout (spec §2 Checkout): three steps with the cart summary alongside. */
export function CheckoutPage({
  data,
  lastResult,
  constraints,
}: {
  data: CheckoutPageData;
  lastResult: unknown;
  constraints: CheckoutConstraints;
}) {
  const { t } = useTranslation();
  const props = { data, lastResult, constraints };
  const method = data.shipping.methods.find((m) => m.id === data.shipping.methodId);
  const branch = method?.options.find((o) => o.id === data.shipping.branchId);
  // Spec §3 Cart digitalOnly: e-products only, delivered by link; the address is the invoice's (decision 0030).
  const digital = data.cart.digitalOnly;
  const lines = (summary: { lines: string[] } | null) =>
    summary?.lines.map((line) => (
      <span key={line} className="block">
        {line}
      </span>
    ));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8" data-testid="checkout-page">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t("routes.checkout")}</h1>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          {data.shopper === null ? (
            <GuestStep {...props} />
          ) : (
            <>
              {data.shopper.guest ? (
                <p className="text-sm text-slate-600" data-testid="guest-email">
                  {t("checkout.guest.as", { email: data.shopper.email })}
                </p>
              ) : null}
              {digital ? (
                <p className="rounded bg-brand-50 p-3 text-sm text-brand-900" data-testid="digital-only">
                  {t("checkout.downloads.digitalNote")}
                </p>
              ) : null}
              <StepSection
                step="address"
                index={1}
                data={data}
                summary={
                  digital ? (
                    <div>
                      <strong>{t("checkout.address.billing")}</strong>
                      {lines(data.delivery.billing)}
                    </div>
                  ) : (
                    <div className="grid gap-2 sm:grid-cols-2">
                      <div>{lines(data.delivery.address)}</div>
                      <div>
                        <strong>{t("checkout.address.billing")}</strong>
                        {lines(data.delivery.billing)}
                      </div>
                    </div>
                  )
                }
              >
                <AddressStep {...props} />
              </StepSection>
              {digital ? null : (
                <StepSection
                  step="shipping"
                  index={2}
                  data={data}
                  summary={method ? `${method.name}${branch ? ` — ${branch.name}` : ""}` : null}
                >
                  <ShippingStep {...props} />
                </StepSection>
              )}
              <StepSection step="payment" index={digital ? 2 : 3} data={data}>
                <PaymentStep {...props} />
              </StepSection>
            </>
          )}
        </div>
        <aside
          className="flex h-fit flex-col gap-4 rounded-lg border border-slate-200 p-4"
          aria-labelledby="checkout-summary-title"
          data-testid="checkout-summary"
        >
          <h2 id="checkout-summary-title" className="text-lg font-semibold">
            {t("cart.summary.title")}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {data.cart.items.map((item) => (
              <li key={item.itemId} className="flex justify-between gap-2" data-testid="checkout-line">
                <span>
                  {item.qty} × {item.productData.name}
                  {item.prices.lengthMm !== null ? ` (${formatMetres(item.prices.lengthMm, data.locale)})` : ""}
                </span>
                <span>{formatPrice(item.prices.row, data.currency, data.locale)}</span>
              </li>
            ))}
          </ul>
          <CartSummaryView
            prices={data.cart.prices.converted}
            currency={data.currency}
            locale={data.locale}
            freeDelivery={data.cart.freeDelivery}
            digitalOnly={data.cart.digitalOnly}
          />
        </aside>
      </div>
    </div>
  );
}
