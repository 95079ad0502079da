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

/** Most grams a rate row's limit may name: 100 t, a full truck and then some. */
export const MAX_RATE_WEIGHT_G = 100_000_000;
/** The longest goods the shop sells are ~8 m; a limit past 20 m would never charge. */
export const MAX_LONG_GOODS_MM = 20_000;

/** A weight as the owner types it in kilograms ("1,5", "1500", up to three decimals), parsed to grams, above 0. */
const kilograms = () =>
  text({ max: 20, required: true })
    .refine((value) => value === "" || /^\d{1,6}([.,]\d{1,3})?$/.test(value.replace(/\s/g, "")), "adminShipping.rates.validation.weight")
    .transform((value) => Math.round(Number(value.replace(/\s/g, "").replace(",", ".")) * 1000))
    .refine((grams) => grams > 0 && grams <= MAX_RATE_WEIGHT_G, "adminShipping.rates.validation.weight");

/** A zone's countries as typed: ISO codes separated by commas or spaces ("HR" or "AT, DE, SI"), upper-cased, each once. */
const countryCodes = text({ max: 1000, required: true })
  .transform((value) => [
    ...new Set(
      value
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ])
  .refine((codes) => codes.every((code) => /^[A-Z]{2}$/.test(code)), "adminShipping.rates.validation.countries")
  .refine((codes) => codes.length > 0 && codes.length <= 300, "adminShipping.rates.validation.countries");

const zoneFields = { version, name: text({ max: 100, required: true }), countries: countryCodes };
const rateFields = { version, maxWeight: kilograms(), price: money() };

/** The rate table's forms (decision 0106): zones, their rate rows, the long-goods surcharge. */
const rateTableForms = [
  z.object({ intent: z.literal("addZone"), ...zoneFields }),
  z.object({ intent: z.literal("saveZone"), zoneId: id(), ...zoneFields }),
  z.object({ intent: z.literal("removeZone"), zoneId: id(), version }),
  z.object({ intent: z.literal("addRate"), zoneId: id(), ...rateFields }),
  z.object({ intent: z.literal("saveRate"), rateId: id(), ...rateFields }),
  z.object({ intent: z.literal("removeRate"), rateId: id(), version }),
  z.object({
    intent: z.literal("longGoods"),
    version,
    // Both empty: no surcharge; one without the other is refused by the service.
    fromMm: integer({ min: 1, max: MAX_LONG_GOODS_MM }).optional(),
    surcharge: money({ required: false }),
  }),
] as const;
export const RATE_TABLE_INTENTS = rateTableForms.map((form) => form.shape.intent.value);

/** The method page's forms besides the method itself: delete it; add, change, move or remove a branch; the rate table. */
export const methodPageSchema = z.discriminatedUnion("intent", [
  methodSchema,
  ...rateTableForms,
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
