import type { LoaderFunctionArgs } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { requireDevTools } from "~/routes/http/dev-tools-access.server";
import { latestTagOfProject } from "~/modules/dev-tools/dev-tools.server";

/**
 * GET /_cli/get-latest-tag (spec §7 Dev tooling): the newest tag of the project's forge
 * as a plain string, "" when it has none; cached 1 h on the server (the toolbar keeps it
 * 1 h in localStorage too). Not in production; backoffice users only. A failure is its
 * message as text with status 424 (400 when no project is configured), never a 500.
 */
const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireDevTools(request);
  try {
    return new Response(await latestTagOfProject(), { headers: TEXT });
  } catch (error) {
    if (isDomainError(error)) return new Response(error.message, { status: error.status, headers: TEXT });
    throw error;
  }
}
