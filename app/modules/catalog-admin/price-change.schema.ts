import { z } from "zod/v4";
import { PRICE_TARGETS, type PriceChange } from "~/lib/price-change";
import { id, text } from "~/lib/schema-fields";

/**
 * The bulk price change of the product list (docs/decisions/0103): a preview of the
 * ticked products' prices, its confirmation (the same fields plus the fingerprint of what
 * the preview showed) and the undo of a confirmed batch. One schema for the three posts of
 * /admin/products/prices.
 */
export const PRICE_MODES = ["percent", "amount"] as const;
/** −90 … +500 %; an amount up to ±9 999,99 EUR. Neither may be 0. */
export const PERCENT_MIN = -90;
export const PERCENT_MAX = 500;
const AMOUNT_MAX_CENTS = 999_999;
const E = "adminProductList.prices";

const ids = z.array(id()).max(100).default([]);
// "12,5", "-1,50", "+2": a sign, up to 6 digits, up to two decimals; a typed minus (−) too.
const VALUE = /^[+\-−]?\d{1,6}([.,]\d{1,2})?$/;

const change = {
  ids,
  mode: z.enum(PRICE_MODES, { error: `${E}.valueInvalid` }),
  value: text({ max: 20, required: true }),
  target: z.enum(PRICE_TARGETS).default("all"),
};

/** The change a valid post asks for; null when the value is not one (a field error at `value`). */
export function priceChangeOf({ mode, value }: { mode: (typeof PRICE_MODES)[number]; value: string }): PriceChange | null {
  const typed = value.replace(/\s/g, "");
  if (!VALUE.test(typed)) return null;
  const number = Number(typed.replace("−", "-").replace(",", "."));
  if (number === 0) return null;
  if (mode === "percent") return number >= PERCENT_MIN && number <= PERCENT_MAX ? { mode, percent: number } : null;
  const cents = Math.round(number * 100);
  return Math.abs(cents) <= AMOUNT_MAX_CENTS ? { mode, cents } : null;
}

const checked = <T extends { mode: (typeof PRICE_MODES)[number]; value: string }>(posted: T, ctx: z.RefinementCtx) => {
  if (posted.value !== "" && priceChangeOf(posted) === null)
    ctx.addIssue({ code: "custom", path: ["value"], message: `${E}.${posted.mode === "percent" ? "percentRange" : "amountRange"}` });
};

export const priceChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preview"), ...change }).superRefine(checked),
  z.object({ intent: z.literal("confirm"), ...change, fingerprint: text({ max: 64, required: true }) }).superRefine(checked),
  z.object({ intent: z.literal("undo"), batch: id() }),
]);
export type PriceChangeInput = { ids: number[]; change: PriceChange; target: (typeof PRICE_TARGETS)[number] };
