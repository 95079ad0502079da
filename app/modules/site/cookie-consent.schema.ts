import { z } from "zod/v4";
import { optionalText, text } from "~/lib/schema-fields";

/**
 * The cookie notice's post (spec §4 Other): which button was pressed and the ticked
 * categories. Unknown categories are dropped by the action, never refused.
 */
export const cookieConsentSchema = z.object({
  choice: z.enum(["necessary", "selected", "all"]).optional(),
  categories: z
    .array(text({ max: 50 }))
    .max(20)
    .default([]),
  redirectTo: optionalText({ max: 2000 }),
});
