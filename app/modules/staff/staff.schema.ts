import { z } from "zod/v4";
import { integer, text } from "~/lib/schema-fields";
import { BACKOFFICE_SCOPES } from "~/lib/backoffice-scopes";
import { EMAIL_MAX, NAME_MAX } from "~/modules/account/account-fields";

/** The backoffice users screen's forms (decision 0043). */
const scope = z.enum(BACKOFFICE_SCOPES, { error: "core.validation.required" });
const version = integer({ min: 0 });

/** Invite by mail: who, and the one scope they get. */
export const inviteStaffSchema = z.object({
  intent: z.literal("invite"),
  email: text({ max: EMAIL_MAX, required: true, email: true }),
  firstName: text({ max: NAME_MAX, required: true }),
  lastName: text({ max: NAME_MAX }),
  scope,
});
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;

/** A user's page: change the scope, deactivate, reactivate, mail the invitation again; each with the version it showed. */
export const staffEditSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("scope"), scope, version }),
  z.object({ intent: z.literal("deactivate"), version }),
  z.object({ intent: z.literal("reactivate"), version }),
  z.object({ intent: z.literal("reinvite"), version }),
]);
export type StaffEdit = z.output<typeof staffEditSchema>;

/** The profile page's sessions (decision 0085): end one, named by its handle, or all the others. */
export const staffSessionsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end"), session: text({ max: 64, required: true }) }),
  z.object({ intent: z.literal("endOthers") }),
]);
