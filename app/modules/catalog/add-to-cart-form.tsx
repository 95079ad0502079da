import { useLocation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/i18n";
import { SecureForm } from "~/components/form";
import {
  bundleOptionField, CART_FIELDS, optionField, QUANTITY, withUnit, type CustomOption, type FormPrefill,
} from "./product-view";

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
  children?: ReactNode;
};

/**
 * The add-to-cart form: a CSRF-protected POST to the cart route with the product, the
 * chosen variant or bundle variants, the personalisations and the quantity (1 to 999,
 * default 1, spec §9). In cart-item edit mode it carries the item id and intent=update.
 * The browser checks the HTML constraints; the cart action checks them again with
 * validateProductOptions (product-options.server.ts) and the quantity rule of spec §5.
 */
export function AddToCartForm(props: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { prefill, errors = {} } = props;
  const editing = prefill.itemId !== null;
  const location = useLocation();
  const hydrated = useHydrated();
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
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-semibold">{t("product.options.legend")}</legend>
          {props.customOptions.map((option) => (
            <OptionField key={option.id} id={`${id}-${option.code}`} option={option} value={prefill.options[option.code] ?? ""} error={errors[optionField(option.code)]} />
          ))}
        </fieldset>
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
            max={QUANTITY.max}
            step={1}
            required
            inputMode="numeric"
            defaultValue={prefill.quantity}
            className="w-24 rounded border border-slate-300 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          disabled={props.disabled}
          className="rounded bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          {editing ? t("product.updateCartItem") : t("product.addToCart")}
        </button>
      </div>
      <p className="min-h-5 text-sm text-red-700" role="status">
        {errors[CART_FIELDS.quantity] ?? (props.disabled ? props.reason : null) ?? ""}
      </p>
    </SecureForm>
  );
}

/** A personalisation input with its hint (the length: 270–15000 mm) and its error line. */
function OptionField({ id, option, value, error }: { id: string; option: CustomOption; value: string; error?: string }) {
  const { t } = useTranslation();
  const name = optionField(option.code);
  let hint: string | null = null;
  if (option.type === "number") {
    const min = option.min !== null ? withUnit(option.min, option.unit) : null;
    const max = option.max !== null ? withUnit(option.max, option.unit) : null;
    if (min && max) hint = t("product.options.hint", { min, max });
    else if (min) hint = t("product.options.min", { value: min });
    else if (max) hint = t("product.options.max", { value: max });
  }
  const textMax = Math.min(option.max ?? 255, 255);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {option.label}
        {option.unit ? ` (${option.unit})` : ""}
        {option.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={option.type === "number" ? "number" : "text"}
        required={option.required}
        defaultValue={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-invalid={error ? true : undefined}
        {...(option.type === "number"
          ? { min: option.min ?? undefined, max: option.max ?? undefined, step: 1, inputMode: "numeric" as const }
          : { maxLength: textMax, minLength: option.min ?? undefined })}
        className="w-48 rounded border border-slate-300 px-3 py-2"
        data-testid={`option-${option.code}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600" data-testid={`option-hint-${option.code}`}>
          {hint}
        </p>
      ) : null}
      <p className="min-h-5 text-sm text-red-700">{error ?? ""}</p>
    </div>
  );
}
