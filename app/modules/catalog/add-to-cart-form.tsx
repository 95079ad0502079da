import { useLocation, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/i18n";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import type { Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";
import { serverFirst } from "~/lib/server-first";
import { LengthPrice as LengthPriceNow } from "./length-price";
import { OptionFields as OptionFieldsNow } from "./option-fields";
import { bundleOptionField, CART_FIELDS, QUANTITY, type CustomOption, type FormPrefill } from "./product-view";

// Only products with personalisations show them: the browser loads them for those alone. The
// inputs have no handlers, so the server's HTML works (and keeps what is typed) until then.
const OptionFields = serverFirst(import.meta.env.SSR ? OptionFieldsNow : null, () => import("./option-fields").then((m) => m.OptionFields));
// Only products sold per running metre show the price of the entered length: loaded for those alone.
const LengthPrice = serverFirst(import.meta.env.SSR ? LengthPriceNow : null, () => import("./length-price").then((m) => m.LengthPrice));

type Props = {
  productId: number;
  /** The cart route's path: its action adds (intent=add) or updates (intent=update) an item. */
  action: string;
  prefill: FormPrefill;
  customOptions: CustomOption[];
  variantId?: number | null;
  /** A bundle's chosen variant per configurable part: partId → variant id. */
  bundleVariants?: Record<number, number>;
  disabled: boolean;
  /** Why it is disabled (a combination that does not exist, an unconfigured bundle). */
  reason?: string | null;
  /** Field errors by posted name (options.duljina, quantity), e.g. handed back by the cart action. */
  errors?: Record<string, string>;
  /** A product sold per running metre: its length option and price per metre, for the price of the entered length. */
  perMetre?: PerMetre | null;
  /** The most the quantity field takes: the units on hand when stock is tracked (decision 0074). */
  available?: number | null;
  children?: ReactNode;
};

/**
 * The add-to-cart form: a CSRF-protected POST to the cart route with the product, the
 * chosen variant or bundle variants, the personalisations and the quantity (1 to 999,
 * default 1, spec §9). In cart-item edit mode it carries the item id and intent=update.
 * The browser checks the HTML constraints; the cart action checks them again with
 * validateProductOptions (product-options.server.ts) and the quantity rule of spec §5.
 */
// One object, not a new {} per render: OptionFields is a serverFirst section (React #421).
const NO_ERRORS: NonNullable<Props["errors"]> = {};
export type PerMetre = { option: CustomOption; unitCents: number; currency: Pick<Currency, "label" | "symbol">; locale: Locale };

export function AddToCartForm(props: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { prefill, errors = NO_ERRORS } = props;
  const editing = prefill.itemId !== null;
  const location = useLocation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === props.action;
  const { perMetre } = props;
  const maxQuantity = props.available != null ? Math.max(QUANTITY.min, Math.min(QUANTITY.max, props.available)) : QUANTITY.max;
  return (
    <SecureForm action={props.action} method="post" className="flex flex-col gap-4" data-testid="add-to-cart-form">
      <input type="hidden" name={CART_FIELDS.intent} value={editing ? "update" : "add"} />
      {/* Where "stay on the page" returns to; js=1 lets the cart answer with its modal (cartAdditionBehaviour 2). */}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {editing ? <input type="hidden" name={CART_FIELDS.itemId} value={prefill.itemId!} /> : null}
      <input type="hidden" name={CART_FIELDS.productId} value={props.productId} />
      {props.variantId ? <input type="hidden" name={CART_FIELDS.variantId} value={props.variantId} /> : null}
      {Object.entries(props.bundleVariants ?? {}).map(([partId, variantId]) => (
        <input key={partId} type="hidden" name={bundleOptionField(Number(partId))} value={variantId} />
      ))}
      {props.children}
      {props.customOptions.length ? (
        <OptionFields idPrefix={id} options={props.customOptions} values={prefill.options} errors={errors} />
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-quantity`} className="text-sm font-medium text-slate-700">
            {t("product.quantity")}
          </label>
          <input
            id={`${id}-quantity`}
            type="number"
            name={CART_FIELDS.quantity}
            min={QUANTITY.min}
            max={maxQuantity}
            step={1}
            required
            inputMode="numeric"
            defaultValue={prefill.quantity}
            className="w-24 rounded border border-slate-300 px-3 py-2"
          />
        </div>
        <Button size="lg" disabled={props.disabled} pending={pending}>
          {editing ? t("product.updateCartItem") : t("product.addToCart")}
        </Button>
      </div>
      {perMetre ? (
        <LengthPrice perMetre={perMetre} length={prefill.options[perMetre.option.code] ?? ""} quantity={String(prefill.quantity)} />
      ) : null}
      <p className="min-h-5 text-sm text-red-700" role="status">
        {errors[CART_FIELDS.quantity] ?? (props.disabled ? props.reason : null) ?? ""}
      </p>
    </SecureForm>
  );
}
