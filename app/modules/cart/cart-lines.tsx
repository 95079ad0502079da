import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm, SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { mediaUrl } from "~/lib/media";
import { formatPrice } from "~/lib/format";
import { type Currency } from "~/lib/prices";
import { showToast } from "~/lib/toast";
import { QUANTITY } from "~/modules/catalog/product-view";
import { QUANTITY_DEBOUNCE_MS, VIA_FETCHER, type CartAnswer } from "./cart-form";
import type { CartLineView } from "./cart-view";

type Props = { items: CartLineView[]; currency: Pick<Currency, "label" | "symbol">; locale: Locale; cartPath: string; redirectTo?: string };

/** The cart table (spec §2 Cart): product, quantity, unit price, row total, and the removal of a line. */
export function CartLines({ items, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-left text-sm" data-testid="cart-table">
      <thead className="border-b border-slate-300 text-slate-600">
        <tr>
          <th scope="col" className="py-2 pr-3">{t("cart.product")}</th>
          <th scope="col" className="py-2 pr-3">{t("cart.quantity")}</th>
          <th scope="col" className="py-2 pr-3 text-right">{t("cart.unitPrice")}</th>
          <th scope="col" className="py-2 pr-3 text-right">{t("cart.rowTotal")}</th>
          <th scope="col" className="py-2"><span className="sr-only">{t("cart.delete")}</span></th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {items.map((item) => (
          <CartLine key={item.itemId} item={item} {...rest} />
        ))}
      </tbody>
    </table>
  );
}

function CartLine({ item, currency, locale, cartPath, redirectTo }: Omit<Props, "items"> & { item: CartLineView }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const money = (cents: number) => formatPrice(cents, currency, locale);
  const remove = useFetcher<CartAnswer>();
  useAnswerToast(remove, true);
  const deleting = remove.state !== "idle";
  const quantity = useQuantityEdit(item, cartPath);
  const via = hydrated ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null;
  const back = redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
  return (
    <tr data-testid="cart-line" data-item-id={item.itemId} data-deleting={deleting || undefined} aria-busy={deleting || undefined} className={deleting ? "opacity-50" : undefined}>
      <td className="py-3 pr-3">
        <div className="flex items-center gap-3">
          {item.productData.media ? (
            <img src={mediaUrl(item.productData.media, "thumbnail")} alt="" width={50} height={50} className="h-12 w-12 rounded object-cover" />
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
            <Link to={item.editHref} className="text-xs text-brand-700 underline">{t("cart.edit")}</Link>
          </div>
        </div>
      </td>
      <td className="py-3 pr-3">
        <SecureForm method="post" action={cartPath} onSubmit={quantity.onSubmit} className="flex items-center gap-2" data-testid="quantity-form">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="itemId" value={item.itemId} />
          {back}
          <input
            type="number"
            name="quantity"
            min={QUANTITY.min}
            max={QUANTITY.max}
            step={1}
            required
            inputMode="numeric"
            value={quantity.value}
            onChange={quantity.onChange}
            aria-label={t("cart.quantityOf", { name: item.productData.name })}
            className="w-20 rounded border border-slate-300 px-2 py-1"
          />
          {hydrated ? null : (
            <button type="submit" className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50">
              {t("cart.update")}
            </button>
          )}
        </SecureForm>
      </td>
      <td className="py-3 pr-3 text-right" data-testid="cart-line-unit">
        {money(item.prices.finalPrice)}
        {item.prices.membershipApplied ? <span className="block text-xs text-brand-700">{t("cart.membershipPrice")}</span> : null}
      </td>
      <td className="py-3 pr-3 text-right font-medium" data-testid="cart-line-row">
        {money(quantity.rowCents)}
      </td>
      <td className="py-3 text-right">
        <SecureFetcherForm fetcher={remove} method="post" action={cartPath}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="itemId" value={item.itemId} />
          {via}
          {back}
          <button type="submit" disabled={deleting} className="rounded px-2 py-1 text-red-700 hover:bg-red-50" aria-label={t("cart.deleteItem", { name: item.productData.name })}>
            {deleting ? t("cart.deleting") : t("cart.delete")}
          </button>
        </SecureFetcherForm>
      </td>
    </tr>
  );
}

/**
 * Spec §4/§9: a quantity edit is sent 500 ms after the last keystroke; a newer edit cancels
 * the pending one (the timer, and the fetcher aborts a submission still in flight). The
 * row total follows the typed quantity at once.
 */
function useQuantityEdit(item: CartLineView, cartPath: string) {
  const fetcher = useFetcher<CartAnswer>();
  useAnswerToast(fetcher, false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [value, setValue] = useState(String(item.qty));
  const [editing, setEditing] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The stored quantity wins again once nothing of ours is pending.
  useEffect(() => {
    if (!editing && fetcher.state === "idle") setValue(String(item.qty));
  }, [item.qty, editing, fetcher.state]);

  const typed = Number(value);
  const valid = /^\d+$/.test(value) && typed >= QUANTITY.min && typed <= QUANTITY.max;
  const submit = () => {
    setEditing(false);
    const form = formRef.current;
    if (!form) return;
    if (!form.checkValidity()) {
      showToast({ type: "error", key: "error.invalidQuantity" });
      return;
    }
    const body = new FormData(form);
    body.set("via", VIA_FETCHER);
    fetcher.submit(body, { method: "post", action: cartPath });
  };
  return {
    value,
    rowCents: valid ? typed * item.prices.finalPrice : item.prices.row,
    onChange(event: React.ChangeEvent<HTMLInputElement>) {
      formRef.current = event.currentTarget.form;
      setValue(event.target.value);
      setEditing(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(submit, QUANTITY_DEBOUNCE_MS);
    },
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      // Enter in the field: send now instead of waiting for the debounce.
      event.preventDefault();
      formRef.current = event.currentTarget;
      clearTimeout(timer.current);
      submit();
    },
  };
}

/** Shows the action's toast once per answer: every failure, and successes where asked. */
export function useAnswerToast(fetcher: ReturnType<typeof useFetcher<CartAnswer>>, successes: boolean) {
  const shown = useRef<CartAnswer | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    // The answer is there while the page revalidates ("loading"): a deleted row may be gone by "idle".
    if (fetcher.state === "submitting" || !answer || shown.current === answer) return;
    shown.current = answer;
    if (!answer.ok || successes || answer.toast.type === "info") showToast(answer.toast);
    if (answer.redirectTo) window.location.assign(answer.redirectTo);
  }, [fetcher.state, fetcher.data, successes]);
}
