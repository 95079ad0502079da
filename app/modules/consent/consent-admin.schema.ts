import { z } from "zod/v4";
import { messageKey } from "~/lib/validation-message";
import { optionalText, text, typeError } from "~/lib/schema-fields";
import { MAX_ID, acceptedConsentsSchema } from "./consent.schema";

/**
 * The backoffice's consent forms, apart from the shoppers' consent rules (consent.schema.ts):
 * shopper pages import those, and so carry none of these admin messages (decision 0015).
 */
const NAME_MAX = 300;
const SLUG_MAX = 200;
const required = "core.validation.required";
const uniqueNumberMessage = messageKey("consent.validation.uniqueNumber", { max: MAX_ID });
const nameTooLong = messageKey("core.validation.maxLength", { length: NAME_MAX });
const optionalName = optionalText({ max: NAME_MAX, maxMessage: nameTooLong });

/** The admin's new-consent form (conform + zod: HTML constraints without JS, the same rules in the action). */
export const createConsentSchema = z.object({
  uniqueNumber: z
    .number(typeError(required, uniqueNumberMessage))
    .int(uniqueNumberMessage)
    .min(1, uniqueNumberMessage)
    .max(MAX_ID, uniqueNumberMessage),
  displayName: z.object(
    {
      hr: text({ max: NAME_MAX, required: true, maxMessage: nameTooLong }),
      en: optionalName,
      de: optionalName,
    },
    typeError(required),
  ),
  pageSlug: z
    .string()
    .trim()
    .min(4, "core.validation.slugShort")
    .max(SLUG_MAX, messageKey("core.validation.maxLength", { length: SLUG_MAX }))
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "core.validation.slugFormat")
    .optional(),
});
export type CreateConsentInput = z.infer<typeof createConsentSchema>;

/** The admin's assignment of consents to a form: the assigned and the required ids (junk ids are dropped). */
export const assignmentSchema = z.object({ consents: acceptedConsentsSchema, requiredConsents: acceptedConsentsSchema });
