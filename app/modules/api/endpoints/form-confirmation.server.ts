import { z } from "zod/v4";
import { GOAL_TYPES } from "~/modules/account/email-goal";
import { confirmFormEmail } from "~/modules/forms/form-confirmation.server";
import { defineEndpoint } from "../api-endpoint";
import { notFound } from "../api-errors.server";

/**
 * Spec §7 CMS form/confirmEmail/{token} (decision 0063): a front end's own
 * confirmation page confirms a database form's submission by the token of its mail, as
 * the shop's link (routes/storefront/actions.form-confirm.ts) does, and shows the goal.
 */
export const formConfirmationEndpoints = {
  "cms.form.confirmEmail": defineEndpoint({
    method: "GET",
    readOnly: false,
    path: "/cms/form/confirmEmail/:token",
    service: "cms",
    params: { token: "The token of the confirmation mail's link" },
    auth: "public",
    strict: true,
    summary: "Confirms the sender's e-mail address of a database form's submission by its mailed token; the shop is mailed now",
    description:
      "Works once and within 7 days. The answer is what the confirm-email page shows (spec §3 goalType, goal, confirmedEmail); a message goal is in the submission's language.",
    response: z.object({
      goalType: z.enum(GOAL_TYPES),
      goal: z.string().describe("message: the text; url: a local path; file: a local path or http(s) URL"),
      confirmedEmail: z.string(),
    }),
    errors: [{ status: 404, message: "Confirmation token not found or expired" }],
    handler: async ({ params }) => {
      const goal = await confirmFormEmail(params.token);
      if (!goal) throw notFound("Confirmation token not found or expired");
      return goal;
    },
  }),
};
