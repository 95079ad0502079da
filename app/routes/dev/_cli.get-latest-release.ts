import type { ActionFunctionArgs } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { notFound, readDevToolsInput, requireDevTools } from "~/routes/http/dev-tools-access.server";
import { latestReleaseSchema } from "~/modules/dev-tools/dev-tools.schema";
import { INPUT_MESSAGES, releasesOfProject } from "~/modules/dev-tools/dev-tools.server";

/**
 * POST /_cli/get-latest-release {gitlabProjectId, gitlabBranch} (spec §7 Dev tooling): the
 * project's releases, newest first, each with tag_name, name, released_at, description and
 * description_html; cached about 5 min (0.08 h). A form post (the toolbar's fetcher) or
 * JSON with the CSRF token. Answers `{ data: Release[] }`, or `{ errored, statusCode,
 * message }` with the forge's failure (shown as a toast, spec §8). Not in production.
 */
const NO_STORE = { "Cache-Control": "no-store" };
const failed = (statusCode: number, message: string, key?: string) =>
  Response.json({ errored: true, statusCode, message, key }, { status: statusCode, headers: NO_STORE });

export async function loader() {
  // A POST-only call: a GET is no page of the shop.
  return notFound();
}

export async function action({ request }: ActionFunctionArgs) {
  await requireDevTools(request);
  const input = await readDevToolsInput(request, latestReleaseSchema);
  if (!input.ok) return failed(400, INPUT_MESSAGES[input.message] ?? input.message, input.message);
  try {
    return Response.json({ data: await releasesOfProject(input.value.gitlabProjectId, input.value.gitlabBranch) }, { headers: NO_STORE });
  } catch (error) {
    if (isDomainError(error)) return failed(error.status, error.message, error.key);
    throw error;
  }
}
