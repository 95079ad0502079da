import { getFormProps } from "@conform-to/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError, useMessageText } from "~/components/ui/message";
import { formatMetres, formatPrice } from "~/lib/format";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { PhoneOrderPage } from "./phone-order-page.server";

type Props = { page: PhoneOrderPage; answer: unknown; constraints: Record<"add" | "coupon", FormConstraint> };

/**
 * The phone order's lines (decision 0109): each with its quantity form and its remove
 * button, the line added by SKU (with a length in millimetres for a product sold per
 * running metre), the coupon, and the totals as the cart page prices them. Plain posts.
 */
export function PhoneOrderLines({ page, answer, constraints }: Props) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { cart, locale, currency } = page;
  const money = (cents: number) => formatPrice(cents, currency, locale, { symbol: true });
  const lineAnswer = resultFor(answer, "quantity") ?? resultFor(answer, "remove");
  const refusedItem = lineAnswer?.initialValue?.itemId;
  const lineError = lineAnswer ? [...(lineAnswer.error?.quantity ?? []), ...(lineAnswer.error?.[""] ?? [])][0] : undefined;
  return (
    <section className="space-y-4 rounded border border-slate-200 bg-white p-4" data-testid="phone-order-lines">
      <h2 className="text-lg font-semibold">{t("adminOrders.phone.lines")}</h2>
      {cart.items.length === 0 ? <p className="text-slate-600">{t("adminOrders.phone.noLines")}</p> : null}
      <ul className="divide-y divide-slate-200">
        {cart.items.map((line) => (
          <li key={line.itemId} className="flex flex-wrap items-end gap-3 py-2" data-testid="phone-order-line">
            <div className="min-w-48 flex-1">
              <span className="block font-semibold">{line.productData.name}</span>
              <span className="block text-sm text-slate-600">
                {line.productData.sku}
                {line.prices.lengthMm !== null ? ` · ${formatMetres(line.prices.lengthMm, locale)}` : ""}
              </span>
              <span className="block text-sm">
                {money(line.prices.finalPrice)}
                {line.prices.lengthMm !== null ? "/m" : ""}
              </span>
            </div>
            <SecureForm method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="quantity" />
              <input type="hidden" name="itemId" value={line.itemId} />
              <label className="text-sm">
                <span className="block">{t("adminOrders.phone.quantity")}</span>
                <input
                  type="number"
                  name="quantity"
                  min={1}
                  max={999}
                  required
                  defaultValue={line.qty}
                  className="w-20 rounded border border-slate-300 px-2 py-1"
                  aria-label={t("adminOrders.phone.quantityOf", { name: line.productData.name })}
                />
              </label>
              <Button size="sm" variant="secondary">
                {t("adminOrders.phone.saveQuantity")}
              </Button>
            </SecureForm>
            <SecureForm method="post">
              <input type="hidden" name="itemId" value={line.itemId} />
              <Button
                size="sm"
                variant="dangerGhost"
                name="intent"
                value="remove"
                aria-label={t("adminOrders.phone.removeOf", { name: line.productData.name })}
              >
                {t("adminOrders.phone.remove")}
              </Button>
            </SecureForm>
            <span className="w-28 text-right font-semibold" data-testid="phone-order-line-total">
              {money(line.prices.row)}
            </span>
            {refusedItem === line.itemId && lineError ? (
              <p role="alert" className="w-full text-sm text-red-700" data-testid="phone-order-line-error">
                {text(lineError)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <AddLineForm constraint={constraints.add} answer={answer} />
      <CouponForm constraint={constraints.coupon} answer={answer} couponCode={cart.couponCode} />
      <dl className="ml-auto grid max-w-sm grid-cols-2 gap-1 text-sm" data-testid="phone-order-totals">
        <dt>{t("cart.summary.itemsTotal")}</dt>
        <dd className="text-right">{money(cart.prices.converted.itemsTotal)}</dd>
        <dt>{t("cart.summary.coupon")}</dt>
        <dd className="text-right">-{money(cart.prices.converted.coupon)}</dd>
        <dt>{t("cart.summary.delivery")}</dt>
        <dd className="text-right">{money(cart.prices.converted.delivery)}</dd>
        <dt>{t("cart.summary.tax")}</dt>
        <dd className="text-right">{money(cart.prices.converted.tax)}</dd>
        <dt className="font-semibold">{t("cart.summary.orderTotal")}</dt>
        <dd className="text-right font-semibold" data-testid="phone-order-total">
          {money(cart.prices.converted.orderTotal)}
        </dd>
      </dl>
      {cart.freeDelivery.limit !== null && !cart.freeDelivery.reached ? (
        <p className="text-sm text-slate-600">{t("adminOrders.phone.freeDeliveryLeft", { amount: money(cart.freeDelivery.left) })}</p>
      ) : null}
    </section>
  );
}

function AddLineForm({ constraint, answer }: { constraint: FormConstraint; answer: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<Record<string, string>>({
    id: "phone-add",
    lastResult: resultFor(answer, "add"),
    constraint,
    defaultValue: { quantity: "1" },
  });
  return (
    <SecureForm {...getFormProps(form)} className="grid gap-2 sm:grid-cols-4 sm:items-start" data-testid="phone-order-add">
      <input type="hidden" name="intent" value="add" />
      <Field meta={fields.sku} label={t("adminOrders.phone.sku")} autoComplete="off" />
      <Field meta={fields.quantity} label={t("adminOrders.phone.quantity")} type="number" />
      <Field
        meta={fields.lengthMm}
        label={t("adminOrders.phone.lengthMm")}
        description={t("adminOrders.phone.lengthHelp")}
        type="number"
        optional
      />
      <div className="sm:pt-6">
        <Button variant="secondary">{t("adminOrders.phone.addLine")}</Button>
      </div>
      <FormError id={form.errorId} errors={form.errors} />
    </SecureForm>
  );
}

function CouponForm({ constraint, answer, couponCode }: { constraint: FormConstraint; answer: unknown; couponCode: string | null }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<Record<string, string>>({ id: "phone-coupon", lastResult: resultFor(answer, "coupon"), constraint });
  if (couponCode)
    return (
      <SecureForm method="post" className="flex items-center gap-2 text-sm" data-testid="phone-order-coupon">
        <span>
          {t("cart.summary.coupon")}: <strong>{couponCode}</strong>
        </span>
        <Button size="sm" variant="ghost" name="intent" value="removeCoupon">
          {t("adminOrders.phone.removeCoupon")}
        </Button>
      </SecureForm>
    );
  return (
    <SecureForm {...getFormProps(form)} className="flex flex-wrap items-start gap-2" data-testid="phone-order-coupon">
      <input type="hidden" name="intent" value="coupon" />
      <Field meta={fields.couponCode} label={t("adminOrders.phone.coupon")} autoComplete="off" />
      <div className="pt-6">
        <Button size="sm" variant="secondary">
          {t("adminOrders.phone.applyCoupon")}
        </Button>
      </div>
    </SecureForm>
  );
}
