/**
 * Where a page reached by a URL that is not its own goes (301): a page, product, category,
 * blog category or post by another language's slug, an old slug or a hidden variant's slug
 * answers with its own path in this language, the visitor's query kept (filters, a shared
 * link's tracking, ?cartItemId). Parameters the canonical path carries itself (a variant's
 * choice) win over the visitor's of the same name. Null when the page is already at its own
 * path. The query is kept as written (`?boja=1,3` stays, not `boja=1%2C3`); the route sends
 * the answer through `localPath` like every redirect target.
 */
export function canonicalTarget(canonicalPath: string | null | undefined, currentSearch: string): string | null {
  if (!canonicalPath) return null;
  const query = currentSearch.replace(/^\?/, "");
  if (!query) return canonicalPath;
  const mark = canonicalPath.indexOf("?");
  if (mark === -1) return `${canonicalPath}?${query}`;
  const own = new Set(new URLSearchParams(canonicalPath.slice(mark + 1)).keys());
  const kept = query.split("&").filter((pair) => pair && !own.has(new URLSearchParams(pair).keys().next().value ?? ""));
  return kept.length ? `${canonicalPath}&${kept.join("&")}` : canonicalPath;
}
