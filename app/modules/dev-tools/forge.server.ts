import { DomainError } from "~/.server/domain-error";
import { namedCache } from "~/.server/cache.server";
import { env } from "~/.server/env.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { LATEST_TAG_TTL_MS, RELEASES_TTL_MS, type Release } from "./dev-tools";

/**
 * The project's forge (GitLab REST v4), the only outbound call of the dev tooling
 * (decision 0062): the newest tag and the releases of a project, each asked with a
 * timeout and kept in a named cache (the tag 1 h, the releases 0.08 h, spec §9), so a page
 * of the admin never waits on GitLab more than once an hour. msw stands in for it in tests;
 * GITLAB_URL points the browser tests at a stub. A failure is a DomainError with a clear
 * message (status 424 Failed Dependency: no 5xx for a shop that works, decision 0062;
 * 400 when no project is configured), never a 500; failures are
 * not cached, so the next check asks again.
 */
const TIMEOUT_MS = 5000;
const RELEASES_PER_PAGE = 20;

const tagCache = namedCache<string>("dev-tools-latest-tag", { ttlSeconds: LATEST_TAG_TTL_MS / 1000, max: 20 });
const releaseCache = namedCache<Release[]>("dev-tools-releases", { ttlSeconds: RELEASES_TTL_MS / 1000, max: 20 });

const forgeFailed = (message: string) =>
  new DomainError("forgeFailed", { message, key: "devTools.errors.forge", values: { message }, status: 424 });

export const projectNotConfigured = () =>
  new DomainError("forgeNotConfigured", {
    message: "No GitLab project is configured (option GitlabProjectId)",
    key: "devTools.errors.notConfigured",
    status: 400,
  });

/** The project the checks ask about: the posted one, else the option GitlabProjectId, else GITLAB_PROJECT_ID. */
export function forgeProject(posted: string | undefined, option: unknown): string | null {
  if (posted) return posted;
  if (typeof option === "number" && Number.isInteger(option) && option > 0) return String(option);
  if (typeof option === "string" && option.trim()) return option.trim();
  return env.GITLAB_PROJECT_ID ?? null;
}

async function forgeGet(path: string, query: Record<string, string>): Promise<unknown> {
  const url = new URL(`${env.GITLAB_URL.replace(/\/+$/, "")}/api/v4/${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (env.GITLAB_TOKEN) headers["PRIVATE-TOKEN"] = env.GITLAB_TOKEN;
  let response: Response;
  try {
    response = await fetch(url, { headers, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw forgeFailed(timedOut ? `GitLab did not answer within ${TIMEOUT_MS / 1000} s` : "GitLab could not be reached");
  }
  if (!response.ok) {
    // Not awaited: the body is not needed, and a cancel may wait on a stalled stream.
    void response.body?.cancel().catch(() => {});
    const reason =
      response.status === 404
        ? "project not found"
        : response.status === 401 || response.status === 403
          ? "access refused"
          : `status ${response.status}`;
    throw forgeFailed(`GitLab answered ${response.status} (${reason})`);
  }
  try {
    return await response.json();
  } catch {
    throw forgeFailed("GitLab's answer was not JSON");
  }
}

const text = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : "");

/** The newest tag of the project by version order ("v1.12.191"); "" when it has none. Cached 1 h. */
export function latestTag(project: string): Promise<string> {
  return tagCache.wrap(project, async () => {
    const tags = await forgeGet(`projects/${encodeURIComponent(project)}/repository/tags`, {
      order_by: "version",
      sort: "desc",
      per_page: "1",
    });
    if (!Array.isArray(tags)) throw forgeFailed("GitLab's answer was not a list of tags");
    return text((tags[0] as { name?: unknown } | undefined)?.name, 200);
  });
}

/**
 * The project's releases, newest first (tag_name, name, released_at, description and its
 * rendered HTML through the CMS allow-list). Cached 0.08 h per project and branch. GitLab's
 * releases belong to tags, not branches: the branch keeps its own cache entry and is
 * otherwise only passed through (decision 0062).
 */
export function releases(project: string, branch = ""): Promise<Release[]> {
  return releaseCache.wrap(`${project}\n${branch}`, async () => {
    const list = await forgeGet(`projects/${encodeURIComponent(project)}/releases`, {
      per_page: String(RELEASES_PER_PAGE),
      order_by: "released_at",
      sort: "desc",
      include_html_description: "true",
    });
    if (!Array.isArray(list)) throw forgeFailed("GitLab's answer was not a list of releases");
    return list.slice(0, RELEASES_PER_PAGE).flatMap((entry: Record<string, unknown>) => {
      const tag = text(entry?.tag_name, 200);
      if (!tag) return [];
      return [
        {
          tag_name: tag,
          name: text(entry.name, 300) || tag,
          released_at: typeof entry.released_at === "string" ? entry.released_at.slice(0, 40) : null,
          description: text(entry.description, 20_000),
          description_html: sanitizeCmsHtml(text(entry.description_html, 50_000)),
        },
      ];
    });
  });
}
