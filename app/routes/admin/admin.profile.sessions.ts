import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readSubmission } from "~/.server/forms.server";
import { getSession, sessionStorage } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import { requireStaff } from "~/routes/http/staff.server";
import { endOtherStaffSessions, endStaffSession } from "~/modules/staff/staff-sessions.server";
import { staffSessionsSchema } from "~/modules/staff/staff.schema";
import { toastDomainError } from "~/.server/http/domain-error.server";

/**
 * The profile's session forms (decision 0085): end one of the user's own sessions, named
 * by its handle, or all the others; back to /admin/profile with a toast. Ending this very
 * session signs the browser out.
 */
const PROFILE = "/admin/profile";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "any");
  return redirect(PROFILE);
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "any");
  const { submission } = await readSubmission(request, staffSessionsSchema);
  // The panel's buttons post a known intent and a handle: anything else is forged.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const session = await getSession(request);
  const posted = submission.value;
  if (posted.intent === "endOthers") {
    const count = await endOtherStaffSessions(staff, session.id);
    return redirect(PROFILE, { headers: await setToast({ type: "success", key: "adminUsers.sessions.endedOthers", values: { count } }) });
  }
  try {
    const { current } = await endStaffSession(staff, session.id, posted.session);
    if (current) return redirect("/adminLogin", { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
    return redirect(PROFILE, { headers: await setToast({ type: "success", key: "adminUsers.sessions.ended" }) });
  } catch (error) {
    return toastDomainError(error, PROFILE);
  }
}
