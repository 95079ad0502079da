import { z } from "zod";

/** The admin's cart settings: the request-quote cart switch (a ticked box posts "on"). */
export const cartSettingsSchema = z.object({ requestQuote: z.boolean().optional() });
