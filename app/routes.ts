import { index, layout, prefix, route, type RouteConfig } from "@remix-run/route-config";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./lib/locales";
import { ROUTE_FILES } from "./lib/route-files";
import { ROUTES, ROUTE_KEYS, routeId } from "./lib/routes-table";

/** The site routes of one locale, inside the main layout, built from app/lib/routes-table.ts. */
function siteRoutes(locale: Locale) {
  const children = ROUTE_KEYS.flatMap((key) => {
    const { file, aliases } = ROUTE_FILES[key];
    const routes = [route(ROUTES[key].paths[locale], file, { id: routeId(locale, key) })];
    if (locale === DEFAULT_LOCALE) {
      for (const alias of aliases ?? []) routes.unshift(route(alias, file, { id: routeId(locale, key, true) }));
    }
    return routes;
  });
  // Deeper unknown paths (/a/b) answer 404 inside the locale's layout.
  children.push(route("*", "routes/not-found.tsx", { id: `${locale}:notFound` }));
  return layout("routes/site-layout.tsx", { id: `${locale}:layout` }, children);
}

export default [
  // Resource and service routes, the same in every language.
  route("sitemap.xml", "routes/sitemap[.]xml.tsx"),
  route("test", "routes/test.tsx"),
  route("healthz", "routes/healthz.ts"),
  // Message namespaces a client navigation needs and the document did not bring (decision 0015).
  route("locales/:lng/:file", "routes/locales.ts"),
  // Every /media/... path, so malformed ones get a bare 404 rather than the site's 404 page.
  route("media/*", "routes/media.ts"),
  route("actions/cookie-consent", "routes/actions.cookie-consent.ts"),
  route("actions/newsletter", "routes/actions.newsletter.ts"),
  route("actions/logout", "routes/actions.logout.ts"),
  route("actions/wishlist", "routes/actions.wishlist.ts"),
  // Card payments: the provider's callback, and the built-in test provider (docs/decisions/0012).
  route("payment/card/callback", "routes/payment.card-callback.ts"),
  route("test-payment-provider/pay", "routes/test-payment-provider.tsx"),
  route("test-payment-provider/orders", "routes/test-payment-provider.orders.ts"),
  route("actions/comments", "routes/actions.comments.ts"),
  route("adminLogin", "routes/admin-login.tsx"),
  route("section-tool", "routes/section-tool.tsx"),
  route("admin", "routes/admin-layout.tsx", [
    index("routes/admin.index.tsx"),
    route("cache", "routes/admin.cache.tsx"),
    route("consent", "routes/admin.consent.tsx"),
    route("consent/:slug", "routes/admin.consent.$slug.tsx"),
    route("templates", "routes/admin.templates.tsx"),
    route("cart-settings", "routes/admin.cart-settings.tsx"),
    route("comments", "routes/admin.comments.tsx"),
    route("forms", "routes/admin.forms.tsx"),
  ]),
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((locale) => prefix(locale, [siteRoutes(locale)])),
  siteRoutes(DEFAULT_LOCALE),
] satisfies RouteConfig;
