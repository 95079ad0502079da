import { z } from "zod";
import { LOCALES } from "~/lib/locales";

/** The admin shell's forms (routes/admin-layout.tsx): the interface language and logging out. */
export const adminLayoutSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("language"), lng: z.enum(LOCALES), redirectTo: z.string().optional() }),
  z.object({ intent: z.literal("logout") }),
]);

/** Available caches: the name of the cache to clear. */
export const clearCacheSchema = z.object({ name: z.string({ required_error: "core.validation.required" }) });
