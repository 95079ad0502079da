import { z } from "zod/v4";

/**
 * The maintenance section of /admin/settings (spec §1 maintenance mode): the switch, and
 * the state the page showed, so a form left open while someone else switched changes nothing.
 */
export const maintenanceSchema = z.object({
  intent: z.literal("maintenance"),
  maintenanceMode: z.boolean().optional().default(false),
  was: z.enum(["on", "off"]),
});
