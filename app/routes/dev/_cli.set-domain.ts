import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { setToast } from "~/.server/toast.server";
import { localPath } from "~/lib/local-path";
import { notFound, readDevToolsInput, requireDevTools } from "~/routes/http/dev-tools-access.server";
import { setDomainSchema } from "~/modules/dev-tools/dev-tools.schema";
import { INPUT_MESSAGES } from "~/modules/dev-tools/dev-tools.server";
import { setDomain } from "~/modules/dev-tools/domains.server";

/**
 * POST /_cli/set-domain {domain} (spec §7 Dev tooling): chooses the dev domain from the
 * domain list. Scope admin (the admin access key), otherwise /adminLogin; not in production.
 * JSON in, JSON out ({ data: { domain } } or { errored, statusCode, message }); the toolbar's
 * form (with or without JavaScript) goes back to its page (`redirectTo`) with a toast.
 */
export async function loader() {
  return notFound();
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireDevTools(request, { admin: true });
  const input = await readDevToolsInput(request, setDomainSchema);
  const back = input.ok ? localPath(input.value.redirectTo, "/admin") : "/admin";
  if (!input.ok) {
    if (input.json)
      return Response.json({ errored: true, statusCode: 400, message: INPUT_MESSAGES[input.message] ?? input.message }, { status: 400 });
    return redirect(back, { headers: await setToast({ type: "error", key: "devTools.errors.domain" }) });
  }
  try {
    const chosen = await setDomain(staff, input.value.domain);
    if (input.json) return Response.json({ data: { domain: chosen.domain } });
    return redirect(back, {
      headers: await setToast({ type: "success", key: "devTools.domains.changed", values: { domain: chosen.domain } }),
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (input.json) return Response.json({ errored: true, statusCode: error.status, message: error.message }, { status: error.status });
    return redirect(back, { headers: await setToast({ type: "error", key: error.key, values: error.values }) });
  }
}
