import { z } from "zod/v4";
import { id as rowId, integer, text } from "~/lib/schema-fields";

/**
 * The customer screens' posts (decision 0040). The detail's forms carry the `version`
 * of the customer they showed (optimistic concurrency); erasure also the customer's
 * e-mail typed by the admin as confirmation. The list's bulk action posts the ticked ids
 * (and, to put them in a customer group, the group).
 */
const version = integer({ min: 0 });

export const customerActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("block"), version }),
  z.object({ intent: z.literal("unblock"), version }),
  z.object({ intent: z.literal("resetPassword") }),
  // The customer group whose prices they pay (decision 0107); none chosen: no group.
  z.object({ intent: z.literal("setGroup"), version, groupId: rowId().optional() }),
  z.object({ intent: z.literal("erase"), version, confirmEmail: text({ max: 254, required: true }) }),
]);
export type CustomerAction = z.output<typeof customerActionSchema>;

/** Ticked rows of the list: none ticked is the service's answer, not a bad request. */
export const customerBulkSchema = z.object({
  intent: z.enum(["block", "unblock", "setGroup"]),
  customerId: z.array(rowId()).max(500).optional(),
  /** With setGroup: the group the ticked customers go in; none chosen takes them out of theirs. */
  groupId: rowId().optional(),
});
