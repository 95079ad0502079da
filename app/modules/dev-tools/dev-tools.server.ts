import { and, eq, inArray } from "drizzle-orm";
import { isDomainError } from "~/.server/domain-error";
import { getDb } from "~/.server/db/client.server";
import { options } from "~/.server/db/schema";
import { hasScope } from "~/lib/backoffice-scopes";
import type { CurrentUser } from "~/.server/shopper.server";
import { SITE_ID } from "~/modules/kernel/options";
import { CORE_VERSION, type Release } from "./dev-tools";
import { devToolsEnabled } from "./access.server";
import { currentDomain, listDomains } from "./domains.server";
import { forgeProject, latestTag, projectNotConfigured, releases } from "./forge.server";

/**
 * The dev tooling's services for its routes and the admin toolbar
 * (decision 0062). The /_cli calls and the toolbar's no-JavaScript panels call the same
 * functions, so the answers are the same.
 */

/** The English messages of refused inputs (JSON answers carry the English text, DESIGN.md API). */
export const INPUT_MESSAGES: Record<string, string> = {
  "devTools.errors.projectId": "gitlabProjectId must be a project id or path",
  "devTools.errors.branch": "gitlabBranch is not a branch name",
  "devTools.errors.domain": "domain must be a host name",
  "devTools.errors.invalid": "Invalid input",
};

async function devOptions() {
  const db = await getDb();
  const rows = await db
    .select({ key: options.key, value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), inArray(options.key, ["CmsVersion", "GitlabProjectId"])));
  return Object.fromEntries(rows.map((row) => [row.key, row.value])) as { CmsVersion?: unknown; GitlabProjectId?: unknown };
}

/** The version the shop reports: the option CmsVersion, else the built-in 1.12.190 (spec §9). */
export async function coreVersion(): Promise<string> {
  const { CmsVersion } = await devOptions();
  return typeof CmsVersion === "string" && CmsVersion.trim() ? CmsVersion.trim() : CORE_VERSION;
}

/** The project the checks ask: posted, else the option, else GITLAB_PROJECT_ID; a DomainError when none. */
export async function requireProject(posted?: string): Promise<string> {
  const project = forgeProject(posted, (await devOptions()).GitlabProjectId);
  if (!project) throw projectNotConfigured();
  return project;
}

export async function latestTagOfProject(posted?: string): Promise<string> {
  return latestTag(await requireProject(posted));
}

export async function releasesOfProject(posted?: string, branch?: string): Promise<Release[]> {
  return releases(await requireProject(posted), branch ?? "");
}

export type ReleasesOutcome = { ok: true; releases: Release[]; latestTag: string } | { ok: false; message: string };

/** The releases and the newest tag, or the failure's message (the no-JavaScript panel of the toolbar). */
export async function releasesPanel(): Promise<ReleasesOutcome> {
  try {
    const project = await requireProject();
    const [list, tag] = await Promise.all([releases(project), latestTag(project)]);
    return { ok: true, releases: list, latestTag: tag };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * What the admin toolbar shows outside production (null in production): the core version,
 * the project (the browser caches its checks per project), and for scope admin the domain
 * list and the chosen domain. `panel` opens the releases or domains panel without JavaScript
 * (`?devTools=releases|domains`).
 */
export async function devToolbar(user: CurrentUser, url: URL) {
  if (!devToolsEnabled()) return null;
  const { GitlabProjectId } = await devOptions();
  const project = forgeProject(undefined, GitlabProjectId);
  const admin = hasScope(user.scope, "admin");
  const asked = url.searchParams.get("devTools");
  const panel = asked === "releases" || (asked === "domains" && admin) ? asked : null;
  return {
    coreVersion: await coreVersion(),
    project,
    domains: admin ? await listDomains() : null,
    domain: admin ? await currentDomain() : null,
    panel,
    releases: panel === "releases" ? await releasesPanel() : null,
  };
}

export type DevToolbarData = NonNullable<Awaited<ReturnType<typeof devToolbar>>>;
