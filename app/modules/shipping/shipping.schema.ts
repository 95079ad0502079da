import { z } from "zod/v4";
import { DELIVERY_BRANCH_KINDS } from "~/.server/db/schema/orders";
import { id, integer, money, text } from "~/lib/schema-fields";

/**
 * The forms of /admin/shipping (decision 0049): a delivery method (code, name and
 * description per language — Croatian required, en/de fall back to it —, price with VAT,
 * VAT rate, active), its branches (pick-up points and parcel lockers), the order of
 * methods, the free-delivery threshold and the countries checkout delivers to.
 */
const version = integer({ min: 0 });
const localised = (max: number, { required = false, multiline = false } = {}) =>
  z.object({ hr: text({ max, required, multiline }), en: text({ max, multiline }), de: text({ max, multiline }) });

export const methodSchema = z.object({
  intent: z.literal("save"),
  version: version.optional(),
  code: text({ max: 40, required: true }).refine((value) => /^[a-z0-9-]+$/.test(value), "adminShipping.validation.code"),
  name: localised(100, { required: true }),
  description: localised(1000, { multiline: true }),
  price: money(),
  taxRate: integer({ min: 0, max: 100 }),
  active: z.boolean().optional().default(false),
});
export type MethodInput = z.output<typeof methodSchema>;

const branchFields = {
  version,
  name: text({ max: 200, required: true }),
  address: text({ max: 300 }),
  kind: z.enum(DELIVERY_BRANCH_KINDS),
  active: z.boolean().optional().default(false),
};

/** The method page's forms besides the method itself: delete it; add, change, move or remove a branch. */
export const methodPageSchema = z.discriminatedUnion("intent", [
  methodSchema,
  z.object({ intent: z.literal("delete"), version }),
  z.object({ intent: z.literal("addBranch"), ...branchFields }),
  z.object({ intent: z.literal("saveBranch"), branchId: id(), ...branchFields }),
  z.object({ intent: z.literal("removeBranch"), branchId: id(), version }),
  z.object({ intent: z.enum(["branchUp", "branchDown"]), branchId: id(), version }),
]);
export const branchSchema = z.object({ intent: z.literal("addBranch"), ...branchFields });

/** Up or down in the list of methods (works without JavaScript). */
export const shippingPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["up", "down"]), methodId: id(), version }),
  // Free delivery from this items total (after the coupon); empty = never free.
  z.object({ intent: z.literal("freeDelivery"), amount: money({ required: false }), was: text({ max: 20 }) }),
  z.object({
    intent: z.literal("countries"),
    mode: z.enum(["all", "list"]),
    countries: z
      .array(text({ max: 2 }))
      .max(300)
      .default([]),
    was: text({ max: 2000 }),
  }),
]);
export const freeDeliverySchema = shippingPageSchema.options[1];
