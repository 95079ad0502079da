import { z } from "zod/v4";
import { id as rowId, integer, text } from "~/lib/schema-fields";

/**
 * The customer screens' posts (decision 0040). The detail's forms carry the `version`
 * of the customer they showed (optimistic concurrency); erasure also the customer's
 * e-mail typed by the admin as confirmation. The list's bulk action posts the ticked ids.
 */
const version = integer({ min: 0 });

export const customerActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("block"), version }),
  z.object({ intent: z.literal("unblock"), version }),
  z.object({ intent: z.literal("resetPassword") }),
  z.object({ intent: z.literal("erase"), version, confirmEmail: text({ max: 254, required: true }) }),
]);
export type CustomerAction = z.output<typeof customerActionSchema>;

/** Ticked rows of the list: none ticked is the service's answer, not a bad request. */
export const customerBulkSchema = z.object({
  intent: z.enum(["block", "unblock"]),
  customerId: z.array(rowId()).max(500).optional(),
});
