import { z } from "zod/v4";
import { id, integer, optionalText, text } from "~/lib/schema-fields";

/** The /admin/api-keys forms (decision 0057): create a key, revoke one with a confirmation tick, the list's filters. */
export const API_KEY_KIND_OPTIONS = ["storefront", "integration"] as const;
export const API_KEY_STATES = ["live", "revoked"] as const;

export const apiKeyPostSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name: text({ max: 100, required: true }),
    kind: z.enum(API_KEY_KIND_OPTIONS),
    rateLimit: integer({ min: 10, max: 10_000 }),
  }),
  z.object({
    intent: z.literal("revoke"),
    id: id(),
    confirm: z.literal("on", { error: "adminApi.confirmRequired" }),
  }),
]);

export const apiKeyListQuery = z.object({
  q: optionalText({ max: 100 }),
  state: z.enum(API_KEY_STATES).optional().catch(undefined),
});
