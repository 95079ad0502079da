import { z } from "zod/v4";
import { text } from "~/lib/schema-fields";

/**
 * The second factor's forms (decision 0086). A code field takes a 6-digit TOTP code or a
 * recovery code ("k3vq-7xnd-p2aa-m4rt"); the service tells which it is.
 */
const code = text({ max: 40, required: true });
// Passwords are not trimmed: a space is a character the user chose.
const password = text({ max: 200, required: true, trim: false });

/** The sign-in's second step: the code, or the first code of a required enrolment. */
export const twoFactorSignInSchema = z.object({ code });
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

/** The profile's two-factor section: start, confirm with the first code, new recovery codes, turn off. */
export const twoFactorProfileSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("confirm"), code }),
  z.object({ intent: z.literal("recovery"), password }),
  z.object({ intent: z.literal("disable"), password }),
]);
export type TwoFactorProfileInput = z.input<typeof twoFactorProfileSchema>;

/** The settings page's switch "admins must use a second factor", with the state the page showed. */
export const adminTwoFactorSchema = z.object({
  intent: z.literal("adminTwoFactor"),
  required: z.boolean().optional().default(false),
  was: z.enum(["on", "off"]),
});
