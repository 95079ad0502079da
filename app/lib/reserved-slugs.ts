import { LOCALES } from "./locales";
import { ROUTE_FILES, SERVICE_ROUTES } from "./route-files";
import { ROUTES, ROUTE_KEYS } from "./routes-table";

/**
 * The first path segments the shop's own routes take, in every language: a page or post
 * at /{slug} with one of these would never be reached (/objave is the blog, /pretraga the
 * search, /en the English site), so no page may take such a slug. Built from the route
 * table, its alias spellings, the service routes and the build's file folders, so a new
 * route reserves its segment without anyone remembering to list it here. Server-side only
 * (route-files.ts stays out of the browser bundle).
 */
const BUILD_FOLDERS = ["assets", "brand", "build"];

function firstSegment(path: string): string | null {
  const segment = path.split("/")[0] ?? "";
  return segment && !segment.startsWith(":") && segment !== "*" ? segment.toLowerCase() : null;
}

export const RESERVED_SLUGS: ReadonlySet<string> = new Set(
  [
    ...LOCALES,
    ...BUILD_FOLDERS,
    ...ROUTE_KEYS.flatMap((key) => [...LOCALES.map((l) => ROUTES[key].paths[l]), ...(ROUTE_FILES[key].aliases ?? [])]),
    ...SERVICE_ROUTES.map((route) => route.path),
  ]
    .map(firstSegment)
    .filter((s): s is string => s !== null),
);

/** Whether a page slug is a segment one of the shop's routes owns. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}
