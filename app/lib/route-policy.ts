import { LOCALES, DEFAULT_LOCALE, localePrefix } from "./locales";
import { ROUTE_FILES, SERVICE_ROUTES, type RoutePolicy } from "./route-files";
import { ROUTES, ROUTE_KEYS } from "./routes-table";

/**
 * The path lists of the HTTP layer, from the route table (app/lib/routes-table.ts and
 * route-files.ts) instead of regular expressions of their own: a new route, language or
 * spelling reaches the rate limiter and the page cache with its entry in the table.
 */

type Pattern = { path: string; subtree: boolean };

/** Every URL pattern of the routes whose policy passes `wanted`, in every language and spelling. */
function patterns(wanted: (policy: RoutePolicy) => boolean): Pattern[] {
  const found: Pattern[] = [];
  for (const key of ROUTE_KEYS) {
    const files = ROUTE_FILES[key];
    if (!wanted(files)) continue;
    for (const locale of LOCALES) found.push({ path: `${localePrefix(locale)}/${ROUTES[key].paths[locale]}`, subtree: false });
    for (const alias of files.aliases ?? []) found.push({ path: `${localePrefix(DEFAULT_LOCALE)}/${alias}`, subtree: false });
  }
  for (const route of SERVICE_ROUTES) {
    if (wanted(route)) found.push({ path: `/${route.path}`, subtree: Boolean(route.children) });
  }
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A route path ("/en/product/:slug?", "/media/*") as a regular expression source. */
function patternSource({ path, subtree }: Pattern): string {
  const body = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${escape(segment)}`;
    })
    .join("");
  return `${body}${subtree ? "(?:/.*)?" : "/?"}`;
}

/** One regular expression that matches a whole pathname of any of the routes (ignoring case, as the router does). */
export function routePathMatcher(wanted: (policy: RoutePolicy) => boolean): RegExp {
  return new RegExp(`^(?:${patterns(wanted).map(patternSource).join("|")})$`, "i");
}

/** Sign-in, registration, recovery and the public forms: the strict post budget. */
export const STRICT_RATE_LIMIT_PATHS = routePathMatcher((policy) => policy.rateLimit === "strict");

/** Pages never kept in the rendered-page cache: the back office, media, actions. */
export const UNCACHED_ROUTE_PATHS = routePathMatcher((policy) => policy.pageCache === false);

/** Pages whose address is a secret link (a draft's preview): no tracking tag runs there. */
export const UNTRACKED_ROUTE_PATHS = routePathMatcher((policy) => policy.tracking === false);

const customerKept = routePathMatcher((policy) => policy.customerKept === true);
// The CMS page's address is one free segment: it would match /profil too, where the route
// table sends the profile. A path any other route can answer is not a kept page for customers.
const otherRoutes = routePathMatcher((policy) => policy.customerKept !== true);

/** Pages a signed-in customer gets from the kept page with their own values filled in (decision 0135). */
export const CUSTOMER_KEPT_ROUTE_PATHS = { test: (path: string) => customerKept.test(path) && !otherRoutes.test(path) };
