import { Link, useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm, SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import type { FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { mediaUrl } from "~/lib/media";
import { formatMetres, formatPrice, formatUnitPrice } from "~/lib/format";
import { type Currency } from "~/lib/prices";
import { VIA_FETCHER, type CartAnswer } from "./cart-form";
import type { CartLineView } from "./cart-view";
import { QuantityStatus } from "./quantity-status";
import { quantityConstraint, useAnswerToast, useQuantityStepper } from "./use-quantity-stepper";

type Props = {
  items: CartLineView[];
  currency: Pick<Currency, "label" | "symbol">;
  locale: Locale;
  cartPath: string;
  redirectTo?: string;
  /** The quantity's constraints, from the cart schema (`formConstraint`). */
  quantityConstraint: FormConstraint;
};

/**
 * The cart table (spec §2 Cart): product, quantity, unit price, row total, and the removal
 * of a line. On phones (below sm) each line stacks as a small grid, the prices labelled
 * by their column's name, so the table fits 390 px (decision 0037).
 */
export function CartLines({ items, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <table className="block w-full text-left text-sm sm:table" data-testid="cart-table">
      <thead className="sr-only border-b border-slate-300 text-slate-600 sm:not-sr-only sm:table-header-group">
        <tr>
          <th scope="col" className="py-2 pr-3">
            {t("cart.product")}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t("cart.quantity")}
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            {t("cart.unitPrice")}
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            {t("cart.rowTotal")}
          </th>
          <th scope="col" className="py-2">
            <span className="sr-only">{t("cart.delete")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-200 sm:table-row-group">
        {items.map((item) => (
          <CartLine key={item.itemId} item={item} {...rest} />
        ))}
      </tbody>
    </table>
  );
}

function CartLine({
  item,
  currency,
  locale,
  cartPath,
  redirectTo,
  quantityConstraint: constraint,
}: Omit<Props, "items"> & { item: CartLineView }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const money = (cents: number) => formatPrice(cents, currency, locale);
  const remove = useFetcher<CartAnswer>();
  useAnswerToast(remove, true);
  const deleting = remove.state !== "idle";
  const quantity = useQuantityStepper({ item, cartPath });
  const via = hydrated ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null;
  const back = redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
  return (
    <tr
      data-testid="cart-line"
      data-item-id={item.itemId}
      data-deleting={deleting || undefined}
      aria-busy={deleting || undefined}
      className={`grid grid-cols-[1fr_auto] items-center gap-x-3 py-2 sm:table-row sm:py-0 ${deleting ? "opacity-50" : ""}`}
    >
      <td className="col-span-2 py-2 sm:py-3 sm:pr-3">
        <div className="flex items-center gap-3">
          {item.productData.media ? (
            <img
              src={mediaUrl(item.productData.media, "thumbnail")}
              alt=""
              width={50}
              height={50}
              className="h-12 w-12 rounded object-cover"
            />
          ) : null}
          <div>
            <Link to={item.href} className="font-medium text-brand-800 hover:underline" data-testid="cart-line-link">
              {item.productData.name}
            </Link>
            <p className="text-xs text-slate-500">{item.productData.sku}</p>
            {item.details.map((d) => (
              <p key={d.label} className="text-xs text-slate-600" data-testid="cart-line-detail">
                {d.label}: {d.value}
              </p>
            ))}
            <Link to={item.editHref} className="text-xs text-brand-700 underline">
              {t("cart.edit")}
            </Link>
          </div>
        </div>
      </td>
      <td className="py-1 sm:py-3 sm:pr-3">
        <SecureForm
          id={quantity.formId}
          method="post"
          action={cartPath}
          onSubmit={quantity.onSubmit}
          className="flex items-center gap-2"
          data-testid="quantity-form"
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="itemId" value={item.itemId} />
          {back}
          <input
            type="number"
            name="quantity"
            {...quantityConstraint(constraint)}
            inputMode="numeric"
            value={quantity.value}
            onChange={quantity.onChange}
            aria-label={t("cart.quantityOf", { name: item.productData.name })}
            className="w-20 rounded border border-slate-300 px-2 py-1"
          />
          {hydrated ? null : (
            <Button variant="secondary" size="sm">
              {t("cart.update")}
            </Button>
          )}
          <QuantityStatus name={item.productData.name} quantity={hydrated ? quantity.number : item.qty} />
        </SecureForm>
      </td>
      <td
        className="py-1 text-right before:mr-1 before:text-slate-500 before:content-[attr(data-label)] sm:py-3 sm:pr-3 sm:before:content-none"
        data-label={t("cart.unitPrice")}
        data-testid="cart-line-unit"
      >
        {formatUnitPrice(item.prices.finalPrice, item.prices.lengthMm, currency, locale)}
        {item.prices.lengthMm !== null ? (
          <span className="block text-xs text-slate-600" data-testid="cart-line-length">
            × {formatMetres(item.prices.lengthMm, locale)}
          </span>
        ) : null}
        {item.prices.membershipApplied ? <span className="block text-xs text-brand-700">{t("cart.membershipPrice")}</span> : null}
        {item.prices.groupApplied ? (
          <span className="block text-xs text-brand-700" data-testid="cart-line-group-price">
            {t("cart.groupPrice")}
          </span>
        ) : null}
      </td>
      <td
        className="col-start-2 py-1 text-right font-medium before:mr-1 before:font-normal before:text-slate-500 before:content-[attr(data-label)] sm:col-auto sm:py-3 sm:pr-3 sm:before:content-none"
        data-label={t("cart.rowTotal")}
        data-testid="cart-line-row"
      >
        {money(quantity.rowCents)}
      </td>
      <td className="col-span-2 py-1 text-right sm:py-3">
        <SecureFetcherForm fetcher={remove} method="post" action={cartPath}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="itemId" value={item.itemId} />
          {via}
          {back}
          <Button
            variant="dangerGhost"
            size="sm"
            pending={deleting}
            pendingLabel={t("cart.deleting")}
            aria-label={t("cart.deleteItem", { name: item.productData.name })}
          >
            {t("cart.delete")}
          </Button>
        </SecureFetcherForm>
      </td>
    </tr>
  );
}
