import { z } from "zod/v4";
import { ENQUIRY_STATUSES } from "~/.server/db/schema";
import { FIELD_MAX_LENGTH, integer, text } from "~/lib/schema-fields";

/**
 * The inbox's posts (decision 0041): the bulk status change of the list, and on the detail
 * page the status change, the reply by mail and (request-quote carts) the order draft.
 */
const version = integer({ min: 0 });

/** An amount in euros as typed, "1234,50" or "1234.50" (at most two decimals), in cents. */
const MONEY = /^\d{1,7}(?:[.,]\d{1,2})?$/;
export const moneyCents = text({ max: 12, required: true })
  .refine((value) => MONEY.test(value), "adminEnquiries.draft.badAmount")
  .transform((value) => Math.round(Number(value.replace(",", ".")) * 100));

/** The list's bulk form: the ticked rows' refs ("enquiry-12", "submission-5") and the status they get. */
export const bulkStatusSchema = z.object({
  intent: z.literal("bulk"),
  status: z.enum(["answered", "closed"]),
  refs: z
    .array(text({ max: 30 }))
    .max(500)
    .default([]),
});

export const inboxActionSchema = z.discriminatedUnion("intent", [
  // `version` of a price enquiry; a form submission has none, its form posts the status it showed (`shown`).
  z.object({
    intent: z.literal("status"),
    status: z.enum(ENQUIRY_STATUSES),
    version: version.optional(),
    shown: z.enum(ENQUIRY_STATUSES).optional(),
  }),
  z.object({
    intent: z.literal("reply"),
    subject: text({ max: 200, required: true }),
    text: text({ max: FIELD_MAX_LENGTH, required: true, multiline: true }),
  }),
  z.object({ intent: z.literal("draft"), version, prices: z.array(moneyCents).min(1).max(200), delivery: moneyCents }),
]);
export type InboxAction = z.output<typeof inboxActionSchema>;
