import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { setToast } from "~/.server/toast.server";
import { href } from "~/lib/routes-table";
import { confirmFormSubmission } from "~/modules/forms/form-confirmation.server";

/**
 * GET ?token=…: the link of a database form's confirmation mail (decision 0063). A valid
 * token confirms the submission (the shop is mailed now) and lands on the confirm-email
 * page in the submission's language with the goal in its query (spec §3); an unknown, used
 * or expired one lands on the home page with a toast, as the newsletter's link does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const confirmed = await confirmFormSubmission(new URL(request.url).searchParams.get("token"));
  if (!confirmed) return redirect("/", { headers: await setToast({ type: "error", key: "forms.confirmation.invalidToken" }) });
  const { goal, locale } = confirmed;
  const query = new URLSearchParams({ goalType: goal.goalType, goal: goal.goal, confirmedEmail: goal.confirmedEmail });
  return redirect(`${href("confirmEmail", locale)}?${query}`);
}
