import { z } from "zod/v4";
import { id, integer, text } from "~/lib/schema-fields";
import { isValidIban, normalizeIban } from "./bank-transfer/iban";

/**
 * The forms of /admin/payments (decision 0049): a payment method's names and
 * descriptions per language (Croatian required), active, and its gateway's own settings —
 * for bank transfer the account on the payment slip (holder, IBAN checked with its check
 * digits, bank, HUB-3 model and a reference prefix). Card provider keys are never a field:
 * they come from the environment only.
 */
const version = integer({ min: 0 });
const localised = (max: number, { required = false, multiline = false } = {}) =>
  z.object({ hr: text({ max, required, multiline }), en: text({ max, multiline }), de: text({ max, multiline }) });

export const bankSettingsSchema = z.object({
  accountHolder: text({ max: 100 }),
  // Empty: the seller's IBAN (CMS option SellerDetails) stays on slips and invoices.
  iban: text({ max: 42 })
    .transform(normalizeIban)
    .refine((value) => value === "" || isValidIban(value), "adminShipping.validation.iban"),
  bankName: text({ max: 100 }),
  model: text({ max: 4 }).refine((value) => value === "" || /^HR\d{2}$/.test(value), "adminShipping.validation.model"),
  referencePrefix: text({ max: 10 }).refine((value) => /^\d*$/.test(value), "adminShipping.validation.referencePrefix"),
});
export type BankSettings = z.output<typeof bankSettingsSchema>;

export const paymentSchema = z.object({
  intent: z.literal("save"),
  version,
  name: localised(100, { required: true }),
  description: localised(1000, { multiline: true }),
  active: z.boolean().optional().default(false),
  bank: bankSettingsSchema.optional(),
});
export type PaymentInput = z.output<typeof paymentSchema>;

/** The list's forms: switch a method on or off, move it up or down. */
export const paymentListSchema = z.object({
  intent: z.enum(["on", "off", "up", "down"]),
  methodId: id(),
  version,
});
