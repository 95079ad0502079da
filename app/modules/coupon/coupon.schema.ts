import { z } from "zod/v4";
import { id, integer, money, text } from "~/lib/schema-fields";
import { isIsoDay } from "~/modules/kernel/shop-days";
import { COUPON_TYPES } from "./coupon-state";

/**
 * The coupon editor's form (decision 0049): every kind the cart engine knows
 * (app/modules/cart/cart-totals.ts) — a percentage (1–100) or a fixed amount, a minimum
 * cart value, products it is limited to, total and per-customer limits, the shop days it
 * is valid from and to — plus active and the owner's note. The code is typed by hand by
 * shoppers: upper-cased, 3–32 of A–Z, 0–9 and "-".
 */
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

const day = text({ max: 10 }).refine((value) => value === "" || isIsoDay(value), "adminCoupons.validation.day");
const limit = integer({ min: 1, max: 1_000_000 }).optional();

const couponFields = z.object({
  intent: z.literal("save"),
  version: integer({ min: 0 }).optional(),
  code: text({ max: 32, required: true })
    .transform((value) => value.toUpperCase())
    .refine((value) => COUPON_CODE_PATTERN.test(value), "adminCoupons.validation.code"),
  type: z.enum(COUPON_TYPES, { error: "core.validation.required" }),
  percent: integer({ min: 1, max: 100 }).optional(),
  amount: money({ required: false }),
  minCart: money({ required: false }),
  // SKUs or product names, one per line (or separated by commas); empty = the whole cart.
  products: text({ max: 5000, multiline: true }),
  usageLimit: limit,
  perCustomerLimit: limit,
  validFrom: day,
  validTo: day,
  active: z.boolean().optional().default(false),
  note: text({ max: 1000, multiline: true }),
});

/** The rules between fields: the value of the chosen kind is given; the period does not end before it starts. */
function refineCoupon(value: z.output<typeof couponFields> | { intent: "delete" }, ctx: z.RefinementCtx) {
  if (value.intent !== "save") return;
  if (value.type === "percent" && value.percent === undefined)
    ctx.addIssue({ code: "custom", path: ["percent"], message: "core.validation.required" });
  if (value.type === "fixed" && !value.amount)
    ctx.addIssue({ code: "custom", path: ["amount"], message: "adminCoupons.validation.amount" });
  if (value.validFrom && value.validTo && value.validTo < value.validFrom)
    ctx.addIssue({ code: "custom", path: ["validTo"], message: "adminCoupons.validation.dates" });
}

export const couponSchema = couponFields.superRefine(refineCoupon);
export type CouponInput = z.output<typeof couponFields>;

/** The detail page's forms: save, or delete (a coupon no order used). */
export const couponPageSchema = z
  .discriminatedUnion("intent", [couponFields, z.object({ intent: z.literal("delete"), version: integer({ min: 0 }) })])
  .superRefine(refineCoupon);

/** The list's bulk actions on the ticked coupons (at most a page of 100). */
export const couponBulkSchema = z.object({
  intent: z.enum(["activate", "deactivate"]),
  ids: z.array(id()).max(100).default([]),
});
