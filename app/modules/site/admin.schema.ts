import { z } from "zod/v4";
import { optionalText, text } from "~/lib/schema-fields";
import { LOCALES } from "~/lib/locales";

/** The admin shell's forms (routes/admin/admin-layout.tsx): the interface language and logging out. */
export const adminLayoutSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("language"), lng: z.enum(LOCALES), redirectTo: optionalText({ max: 2000 }) }),
  z.object({ intent: z.literal("logout") }),
]);

/** Available caches: the name of the cache to clear. */
export const clearCacheSchema = z.object({ name: text({ max: 100, required: true }) });
