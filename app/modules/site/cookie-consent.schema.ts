import { z } from "zod";

/**
 * The cookie notice's post (spec §4 Other): which button was pressed and the ticked
 * categories. Unknown categories are dropped by the action, never refused.
 */
export const cookieConsentSchema = z.object({
  choice: z.enum(["necessary", "selected", "all"]).optional(),
  categories: z.array(z.string()).default([]),
  redirectTo: z.string().optional(),
});
