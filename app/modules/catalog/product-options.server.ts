import { getFixedT } from "~/.server/i18n.server";
import { lengthOption, OPTION_TEXT_MAX, optionField, withUnit, type CustomOption, type ProductDetail } from "./product-view";

export type OptionValues = Record<string, string | number>;
/** Field errors by posted field name (options.{code}), already in the product's language. */
export type OptionErrors = Record<string, string>;
export type OptionsResult = { ok: true; values: OptionValues } | { ok: false; values: OptionValues; errors: OptionErrors };

const NUMBER = /^[+-]?\d{1,12}(?:[.,]\d{1,6})?$/;

type Check = { value?: string | number; error?: { key: string; values?: Record<string, string | number> } };

function checkNumber(option: CustomOption, raw: string): Check {
  if (!NUMBER.test(raw)) return { error: { key: "product.options.notANumber" } };
  const value = Number(raw.replace(",", "."));
  // The browser's number input has step 1 (the default): the server accepts what it accepts.
  if (!Number.isInteger(value)) return { error: { key: "product.options.wholeNumber" } };
  if (option.min !== null && value < option.min)
    return { error: { key: "product.options.min", values: { value: withUnit(option.min, option.unit) } } };
  if (option.max !== null && value > option.max)
    return { error: { key: "product.options.max", values: { value: withUnit(option.max, option.unit) } } };
  return { value };
}

function checkText(option: CustomOption, raw: string): Check {
  // For a text option min and max bound its length.
  const max = Math.min(option.max ?? OPTION_TEXT_MAX, OPTION_TEXT_MAX);
  if (raw.length > max) return { error: { key: "core.validation.maxLength", values: { length: max } } };
  if (option.min !== null && raw.length < option.min)
    return { error: { key: "core.validation.minLength", values: { length: option.min } } };
  return { value: raw };
}

/**
 * The personalisations posted with an add-to-cart (or cart-item update) form, checked
 * against the product's custom options (spec §3 customOptions, §5 length hint 270–15000
 * mm): required ones must be filled, numbers must be whole numbers within min and max (a numeric
 * string or a number), texts
 * within their length. Unknown fields are ignored, optional empty ones left out. `posted`
 * is the form's `options` as parsed by the cart schema (options.{code} → { code: value }).
 * Returns the parsed values by option code, or translated messages by field name. Never
 * throws on input: a File or junk in a field is an error message like any other.
 */
export async function validateProductOptions(
  product: Pick<ProductDetail, "customOptions" | "locale"> & Partial<Pick<ProductDetail, "priceUnit">>,
  posted: Record<string, unknown>,
): Promise<OptionsResult> {
  // A product sold per running metre cannot be priced without its length.
  const length = product.priceUnit ? lengthOption({ priceUnit: product.priceUnit, customOptions: product.customOptions }) : null;
  const values: OptionValues = {};
  const failures: [string, NonNullable<Check["error"]>][] = [];
  for (const option of product.customOptions) {
    const field = optionField(option.code);
    const value = posted[option.code];
    // A form posts text; an API client may send a number option (a length among them) as a JSON number.
    const raw = typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
    if (raw === "") {
      if (option.required || option === length) failures.push([field, { key: "core.validation.required" }]);
      continue;
    }
    const check = option.type === "number" ? checkNumber(option, raw) : checkText(option, raw);
    if (check.error) failures.push([field, check.error]);
    else values[option.code] = check.value!;
  }
  if (failures.length === 0) return { ok: true, values };
  const t = await getFixedT(product.locale);
  return { ok: false, values, errors: Object.fromEntries(failures.map(([field, e]) => [field, t(e.key, e.values)])) };
}
