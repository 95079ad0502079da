/**
 * Dev tooling constants and pure helpers shared by the server and the admin toolbar
 * (spec §4 "Dev tooling", §9; decision 0062). Nothing here touches the
 * network or the database.
 */

/** The core version the shop reports (spec §9); the option CmsVersion overrides it. */
export const CORE_VERSION = "1.12.190";

/** Spec §9: the latest-tag check is kept 1 h, the release list about 5 min (0.08 h). */
export const LATEST_TAG_TTL_MS = 60 * 60 * 1000;
export const RELEASES_TTL_MS = 0.08 * 60 * 60 * 1000;

/** What /_cli/get-latest-release answers per release (GitLab's names, spec §3 Release). */
export type Release = {
  tag_name: string;
  name: string;
  released_at: string | null;
  description: string;
  /** GitLab's rendered Markdown, put through the CMS allow-list on the server. */
  description_html: string;
};

/** The numbers of a version or tag ("v1.12.191" → [1, 12, 191]); null when it has none. */
export function versionParts(version: string): number[] | null {
  const match = /^v?(\d{1,6}(?:\.\d{1,6}){0,3})(?:[-+].*)?$/.exec(version.trim());
  return match ? match[1]!.split(".").map(Number) : null;
}

/** Whether `tag` names a newer version than `current` (a tag that is no version never is). */
export function isNewerVersion(tag: string, current: string): boolean {
  const a = versionParts(tag);
  const b = versionParts(current);
  if (!a || !b) return false;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

/**
 * A value kept in the browser's localStorage with the time it was fetched (spec §4: the
 * tag check 1 h, the release check about 5 min). Read as missing when older than `ttlMs`,
 * unreadable, or when storage is unavailable (a private window).
 */
export type Stored<T> = { at: number; value: T };

export function readStored<T>(storage: Pick<Storage, "getItem"> | null, key: string, ttlMs: number, now = Date.now()): T | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored<T>;
    if (typeof stored?.at !== "number" || now - stored.at >= ttlMs || now < stored.at) return undefined;
    return stored.value;
  } catch {
    return undefined;
  }
}

export function writeStored<T>(storage: Pick<Storage, "setItem"> | null, key: string, value: T, now = Date.now()): void {
  try {
    storage?.setItem(key, JSON.stringify({ at: now, value } satisfies Stored<T>));
  } catch {
    // Full or unavailable storage: the next check simply asks again.
  }
}

/** localStorage keys of the toolbar. */
export const STORAGE_KEYS = {
  latestTag: (project: string) => `devTools.latestTag:${project}`,
  releases: (project: string, branch: string) => `devTools.releases:${project}:${branch}`,
};
