import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDevTools } from "~/routes/http/dev-tools-access.server";
import { currentDomain, listDomains } from "~/modules/dev-tools/domains.server";

/**
 * GET /_cli/get-domain (spec §7 Dev tooling): the domain this development shop stands in
 * for (null until one is chosen) and the list to choose from. Scope admin (the admin
 * access key), otherwise /adminLogin; not in production.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDevTools(request, { admin: true });
  return Response.json({ domain: await currentDomain(), domains: await listDomains() }, { headers: { "Cache-Control": "no-store" } });
}
