import { z } from "zod/v4";
import { id } from "~/lib/schema-fields";

/** The detail screen's "send again" button. */
export const resendMailSchema = z.object({ intent: z.literal("resend") });

/** The list's bulk "send again": the ticked mails (at most a page). */
export const bulkResendSchema = z.object({
  intent: z.literal("resendFailed"),
  mailId: z.array(id()).max(200).default([]),
});
