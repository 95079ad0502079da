import type { ScreenScope } from "~/lib/backoffice-scopes";
import type { RouteKey } from "./routes-table";

/**
 * What the HTTP layer does with a route's requests (app/lib/route-policy.ts turns these
 * into the path lists of the rate limiter and the page cache):
 * - `rateLimit: "strict"`: its posts count against the strict budget of sign-in,
 *   registration, recovery and the public forms (RATE_LIMIT_AUTH_POINTS) instead of the
 *   general one;
 * - `pageCache: false`: its pages are never kept in the rendered-page cache (decision 0008);
 * - `tracking: false`: no analytics or marketing tag runs on its pages (their address is a secret link);
 * - `customerKept: true`: a signed-in customer (or a visitor with a wishlist) gets the kept page with their
 *   own name, hearts and token filled in (decision 0135): its content is the same for every customer but
 *   for those. Pages whose content is the customer's own (cart, checkout, profile, forms they fill) are not.
 */
export type RoutePolicy = {
  rateLimit?: "strict";
  pageCache?: false;
  tracking?: false;
  customerKept?: true;
  redirectTargets?: RedirectTarget[];
};

/**
 * A request parameter of the route that names where to go next (DESIGN.md "Trust boundaries"): read
 * only through localPath (app/lib/local-path.ts). Declared here so that the hostile-target
 * test (tests/integration/redirect-targets.test.ts) reaches every such route; the test
 * checks this list against the route modules that call localPath.
 */
export type RedirectTarget = { param: string; in: "query" | "form" };
const REDIRECT_TO_FORM: RedirectTarget[] = [{ param: "redirectTo", in: "form" }];

/**
 * The module of each route and its further unprefixed spellings from the spec's table
 * (e.g. /login beside /prijava), for app/routes.ts. Kept apart from routes-table.ts so
 * that the browser bundle carries only the paths.
 */
export const ROUTE_FILES: Record<RouteKey, { file: string; aliases?: string[] } & RoutePolicy> = {
  product: { file: "routes/storefront/product.tsx", customerKept: true },
  login: {
    file: "routes/account/login.tsx",
    aliases: ["login"],
    rateLimit: "strict",
    redirectTargets: [{ param: "redirectTo", in: "query" }, ...REDIRECT_TO_FORM],
  },
  register: { file: "routes/account/register.tsx", aliases: ["register"], rateLimit: "strict" },
  profile: { file: "routes/account/profile.tsx", aliases: ["profile"] },
  profileOrder: { file: "routes/account/profile-order.tsx" },
  profileOrderInvoice: { file: "routes/account/profile-order-invoice.ts" },
  profileOrderCreditNote: { file: "routes/account/profile-order-credit-note.ts" },
  profileOrderStorno: { file: "routes/account/profile-order-storno.ts" },
  cardReturn: { file: "routes/checkout/card-return.tsx" },
  download: { file: "routes/account/download.ts", pageCache: false },
  cart: { file: "routes/storefront/cart.tsx", aliases: ["cart"], redirectTargets: REDIRECT_TO_FORM },
  shop: { file: "routes/storefront/shop.tsx", customerKept: true },
  checkout: { file: "routes/checkout/checkout.tsx", aliases: ["checkout"] },
  checkoutSuccess: { file: "routes/checkout/checkout-success.tsx", aliases: ["checkout/success"] },
  checkoutFailure: { file: "routes/checkout/checkout-failure.tsx" },
  search: { file: "routes/storefront/search.tsx", customerKept: true, aliases: ["search"] },
  blog: { file: "routes/storefront/blog.tsx", customerKept: true, aliases: ["blog/:slug?"] },
  forgotPassword: { file: "routes/account/forgot-password.tsx", aliases: ["forgot-password"], rateLimit: "strict" },
  socialLogin: { file: "routes/account/social-login.tsx" },
  event: { file: "routes/storefront/event.tsx", customerKept: true, aliases: ["event/:id"] },
  events: { file: "routes/storefront/events.tsx", customerKept: true, aliases: ["events"] },
  confirmEmail: { file: "routes/account/confirm-email.tsx", aliases: ["confirm-email"], redirectTargets: [{ param: "goal", in: "query" }] },
  priceEnquiry: { file: "routes/storefront/price-enquiry.tsx", rateLimit: "strict" },
  cartInquiry: { file: "routes/storefront/cart-inquiry.tsx", rateLimit: "strict" },
  orderOffer: { file: "routes/checkout/order-offer.tsx", pageCache: false },
  form: { file: "routes/storefront/form.tsx", rateLimit: "strict", redirectTargets: REDIRECT_TO_FORM },
  // Never kept in the page cache (the draft changes under the same address), and its address,
  // a secret link, is reported to no analytics tag.
  draftPreview: { file: "routes/storefront/draft-preview.tsx", pageCache: false, tracking: false },
  page: { file: "routes/storefront/page.tsx", customerKept: true },
};

/**
 * The routes that are the same in every language (resources, actions, the back office),
 * for app/routes.ts. A route with children covers every path below its own.
 */
export type ServiceRoute = RoutePolicy & {
  path: string;
  file: string;
  children?: ChildRoute[];
};

/**
 * A backoffice screen (a child of /admin): the scope its loader and action demand
 * (`requireStaff(request, scope)`, app/modules/admin/scopes.ts) and, for a screen of the
 * menu, its entry (`nav`: locale key, `group`: the menu section). The admin layout builds
 * its menu from these for the user's scope; tests/integration/admin-scopes.test.ts checks
 * every screen against its declared scope.
 */
export type ChildRoute = { path?: string; file: string; scope?: ScreenScope; nav?: string; group?: AdminMenuGroup };
export type AdminMenuGroup = "sales" | "catalog" | "content" | "shop";

export const SERVICE_ROUTES: ServiceRoute[] = [
  { path: "sitemap.xml", file: "routes/service/sitemap[.]xml.tsx" },
  { path: "robots.txt", file: "routes/service/robots[.]txt.ts" },
  { path: "test", file: "routes/service/test.tsx" },
  { path: "healthz", file: "routes/service/healthz.ts" },
  // Message namespaces a client navigation needs and the document did not bring (decision 0015);
  // versioned URLs with their own immutable cache header.
  { path: "locales/:lng/:file", file: "routes/service/locales.ts", pageCache: false },
  // Every /media/... path, so malformed ones get a bare 404 rather than the site's 404 page.
  { path: "media/*", file: "routes/service/media.ts", pageCache: false },
  {
    path: "actions/cookie-consent",
    file: "routes/storefront/actions.cookie-consent.ts",
    pageCache: false,
    redirectTargets: REDIRECT_TO_FORM,
  },
  {
    path: "actions/newsletter",
    file: "routes/storefront/actions.newsletter.ts",
    pageCache: false,
    rateLimit: "strict",
    redirectTargets: REDIRECT_TO_FORM,
  },
  // A database form's e-mail confirmation link (decision 0063).
  { path: "actions/form-confirm", file: "routes/storefront/actions.form-confirm.ts", pageCache: false },
  { path: "actions/logout", file: "routes/account/actions.logout.ts", pageCache: false },
  { path: "actions/wishlist", file: "routes/storefront/actions.wishlist.ts", pageCache: false, redirectTargets: REDIRECT_TO_FORM },
  // Card payments: the provider's callback, and the built-in test provider (docs/decisions/0012, 0072).
  { path: "payment/card/callback", file: "routes/checkout/payment.card-callback.ts" },
  { path: "test-payment-provider/pay", file: "routes/dev/test-payment-provider.tsx" },
  { path: "test-payment-provider/orders", file: "routes/dev/test-payment-provider.orders.ts" },
  { path: "test-payment-provider/outage", file: "routes/dev/test-payment-provider.outage.ts", pageCache: false },
  {
    path: "actions/comments",
    file: "routes/storefront/actions.comments.ts",
    pageCache: false,
    rateLimit: "strict",
    redirectTargets: REDIRECT_TO_FORM,
  },
  {
    path: "adminLogin",
    file: "routes/admin/admin-login.tsx",
    pageCache: false,
    rateLimit: "strict",
    redirectTargets: [{ param: "redirectTo", in: "query" }, ...REDIRECT_TO_FORM],
  },
  // A backoffice invitation's set-password page: the invitee is not signed in yet (decision 0043).
  { path: "adminLogin/invite", file: "routes/admin/admin-invite.tsx", pageCache: false, rateLimit: "strict" },
  // The sign-in's second step: a TOTP or recovery code, or a required enrolment (decision 0086).
  { path: "adminLogin/two-factor", file: "routes/admin/admin-login.two-factor.tsx", pageCache: false, rateLimit: "strict" },
  { path: "section-tool", file: "routes/service/section-tool.tsx", pageCache: false },
  // The headless API (spec §7, decision 0057): its OpenAPI document, a readable page of it, and every call.
  { path: "api/docs", file: "routes/api/api.docs.ts", pageCache: false },
  { path: "api/docs.html", file: "routes/api/api.docs-page.ts", pageCache: false },
  { path: "api/*", file: "routes/api/api.ts", pageCache: false },
  // Dev tooling, outside production only (decision 0062).
  { path: "_cli/get-latest-tag", file: "routes/dev/_cli.get-latest-tag.ts", pageCache: false },
  { path: "_cli/get-latest-release", file: "routes/dev/_cli.get-latest-release.ts", pageCache: false },
  { path: "_cli/get-domain", file: "routes/dev/_cli.get-domain.ts", pageCache: false },
  { path: "_cli/set-domain", file: "routes/dev/_cli.set-domain.ts", pageCache: false, redirectTargets: REDIRECT_TO_FORM },
  {
    path: "admin",
    file: "routes/admin/admin-layout.tsx",
    pageCache: false,
    redirectTargets: REDIRECT_TO_FORM,
    children: [
      { file: "routes/admin/admin.index.tsx", scope: "any", nav: "adminDashboard.nav", group: "sales" },
      { path: "orders", file: "routes/admin/sales/admin.orders.tsx", scope: "sales", nav: "adminOrders.nav", group: "sales" },
      { path: "orders.csv", file: "routes/admin/sales/admin.orders[.]csv.ts", scope: "sales" },
      { path: "orders/new", file: "routes/admin/sales/admin.orders.new.tsx", scope: "sales" },
      { path: "orders/new/:cartId", file: "routes/admin/sales/admin.orders.new.$cartId.tsx", scope: "sales" },
      { path: "orders/:slug", file: "routes/admin/sales/admin.orders.$slug.tsx", scope: "sales" },
      { path: "orders/:slug/invoice", file: "routes/admin/sales/admin.orders.$slug.invoice.ts", scope: "sales" },
      { path: "orders/:slug/credit-note", file: "routes/admin/sales/admin.orders.$slug.credit-note.ts", scope: "sales" },
      { path: "orders/:slug/storno", file: "routes/admin/sales/admin.orders.$slug.storno.ts", scope: "sales" },
      { path: "orders/:slug/delivery-note", file: "routes/admin/sales/admin.orders.$slug.delivery-note.ts", scope: "sales" },
      { path: "orders/:slug/payment-slip", file: "routes/admin/sales/admin.orders.$slug.payment-slip.ts", scope: "sales" },
      { path: "customers", file: "routes/admin/sales/admin.customers.tsx", scope: "sales", nav: "adminCustomers.nav", group: "sales" },
      { path: "customers.csv", file: "routes/admin/sales/admin.customers[.]csv.ts", scope: "sales" },
      { path: "customers/:id", file: "routes/admin/sales/admin.customers.$id.tsx", scope: "sales" },
      { path: "customers/:id/export", file: "routes/admin/sales/admin.customers.$id.export.ts", scope: "sales" },
      // Customer groups with their own prices (decision 0107).
      {
        path: "customer-groups",
        file: "routes/admin/sales/admin.customer-groups.tsx",
        scope: "sales",
        nav: "adminCustomerGroups.nav",
        group: "sales",
      },
      { path: "customer-groups/new", file: "routes/admin/sales/admin.customer-groups.new.tsx", scope: "sales" },
      { path: "customer-groups/:id", file: "routes/admin/sales/admin.customer-groups.$id.tsx", scope: "sales" },
      { path: "enquiries", file: "routes/admin/sales/admin.enquiries.tsx", scope: "sales", nav: "adminEnquiries.nav", group: "sales" },
      { path: "enquiries.csv", file: "routes/admin/sales/admin.enquiries[.]csv.ts", scope: "sales" },
      { path: "enquiries/:ref", file: "routes/admin/sales/admin.enquiries.$ref.tsx", scope: "sales" },
      // Files shoppers sent with a form (spec §5 public uploads), only through their submission (decision 0078).
      { path: "enquiries/:ref/files/:driveId", file: "routes/admin/sales/admin.enquiries.$ref.files.$driveId.ts", scope: "sales" },
      // The catalogue: products (decisions 0046, 0047), categories, attributes, attribute sets and tags (0048).
      {
        path: "products",
        file: "routes/admin/catalogue/admin.products.tsx",
        scope: "editor",
        nav: "adminProductList.nav",
        group: "catalog",
      },
      { path: "products.csv", file: "routes/admin/catalogue/admin.products[.]csv.ts", scope: "editor" },
      { path: "products/import", file: "routes/admin/catalogue/admin.products.import.tsx", scope: "editor" },
      // Bulk price changes: preview, confirm, undo (decision 0103).
      { path: "products/prices", file: "routes/admin/catalogue/admin.products.prices.tsx", scope: "editor" },
      { path: "products/new", file: "routes/admin/catalogue/admin.products.new.tsx", scope: "editor" },
      { path: "products/:id", file: "routes/admin/catalogue/admin.products.$id.tsx", scope: "editor" },
      {
        path: "categories",
        file: "routes/admin/catalogue/admin.categories.tsx",
        scope: "editor",
        nav: "adminCatalog.categories.nav",
        group: "catalog",
      },
      { path: "categories/:id", file: "routes/admin/catalogue/admin.categories.$id.tsx", scope: "editor" },
      {
        path: "attributes",
        file: "routes/admin/catalogue/admin.attributes.tsx",
        scope: "editor",
        nav: "adminCatalog.attributes.nav",
        group: "catalog",
      },
      { path: "attributes.csv", file: "routes/admin/catalogue/admin.attributes[.]csv.ts", scope: "editor" },
      { path: "attributes/:id", file: "routes/admin/catalogue/admin.attributes.$id.tsx", scope: "editor" },
      {
        path: "attribute-sets",
        file: "routes/admin/catalogue/admin.attribute-sets.tsx",
        scope: "editor",
        nav: "adminCatalog.sets.nav",
        group: "catalog",
      },
      { path: "attribute-sets/:id", file: "routes/admin/catalogue/admin.attribute-sets.$id.tsx", scope: "editor" },
      { path: "tags", file: "routes/admin/catalogue/admin.tags.tsx", scope: "editor", nav: "adminCatalog.tags.nav", group: "catalog" },
      { path: "pages", file: "routes/admin/content/admin.pages.tsx", scope: "editor", nav: "adminContent.pages.nav", group: "content" },
      { path: "pages.csv", file: "routes/admin/content/admin.pages[.]csv.ts", scope: "editor" },
      { path: "pages/new", file: "routes/admin/content/admin.pages.new.tsx", scope: "editor" },
      { path: "pages/:id", file: "routes/admin/content/admin.pages.$id.tsx", scope: "editor" },
      { path: "posts", file: "routes/admin/content/admin.posts.tsx", scope: "editor", nav: "adminContent.posts.nav", group: "content" },
      { path: "posts.csv", file: "routes/admin/content/admin.posts[.]csv.ts", scope: "editor" },
      { path: "posts/new", file: "routes/admin/content/admin.posts.new.tsx", scope: "editor" },
      { path: "posts/:id", file: "routes/admin/content/admin.posts.$id.tsx", scope: "editor" },
      { path: "terms", file: "routes/admin/content/admin.terms.tsx", scope: "editor", nav: "adminContent.terms.nav", group: "content" },
      { path: "terms.csv", file: "routes/admin/content/admin.terms[.]csv.ts", scope: "editor" },
      { path: "terms/:id", file: "routes/admin/content/admin.terms.$id.tsx", scope: "editor" },
      { path: "events", file: "routes/admin/content/admin.events.tsx", scope: "editor", nav: "adminContent.events.nav", group: "content" },
      { path: "events.csv", file: "routes/admin/content/admin.events[.]csv.ts", scope: "editor" },
      { path: "events/:id", file: "routes/admin/content/admin.events.$id.tsx", scope: "editor" },
      { path: "events/:id/attendees.csv", file: "routes/admin/content/admin.events.$id.attendees[.]csv.ts", scope: "editor" },
      { path: "comments", file: "routes/admin/content/admin.comments.tsx", scope: "editor", nav: "comments.admin.title", group: "content" },
      { path: "comments.csv", file: "routes/admin/content/admin.comments[.]csv.ts", scope: "editor" },
      { path: "comments/:id", file: "routes/admin/content/admin.comments.$id.tsx", scope: "editor" },
      // Database forms, newsletter subscribers and redirects (decision 0055).
      { path: "forms", file: "routes/admin/content/admin.forms.tsx", scope: "editor", nav: "adminCommunity.forms.nav", group: "content" },
      { path: "forms.csv", file: "routes/admin/content/admin.forms[.]csv.ts", scope: "editor" },
      { path: "forms/:id", file: "routes/admin/content/admin.forms.$id.tsx", scope: "editor" },
      {
        path: "newsletter",
        file: "routes/admin/content/admin.newsletter.tsx",
        scope: "editor",
        nav: "adminCommunity.newsletter.nav",
        group: "content",
      },
      { path: "newsletter.csv", file: "routes/admin/content/admin.newsletter[.]csv.ts", scope: "editor" },
      {
        path: "redirects",
        file: "routes/admin/content/admin.redirects.tsx",
        scope: "editor",
        nav: "adminCommunity.redirects.nav",
        group: "content",
      },
      { path: "redirects.csv", file: "routes/admin/content/admin.redirects[.]csv.ts", scope: "editor" },
      { path: "redirects/not-found", file: "routes/admin/content/admin.redirects.not-found.tsx", scope: "editor" },
      { path: "redirects/not-found.csv", file: "routes/admin/content/admin.redirects.not-found[.]csv.ts", scope: "editor" },
      { path: "redirects/:id", file: "routes/admin/content/admin.redirects.$id.tsx", scope: "editor" },
      // Master components: edited in one place, referenced by the pages that use them.
      {
        path: "masters",
        file: "routes/admin/content/admin.masters.tsx",
        scope: "editor",
        nav: "adminContent.masters.nav",
        group: "content",
      },
      { path: "masters/:id", file: "routes/admin/content/admin.masters.$id.tsx", scope: "editor" },
      // The header's and footer's navigations (spec §3 ThemeNavigations).
      {
        path: "navigations",
        file: "routes/admin/content/admin.navigations.tsx",
        scope: "editor",
        nav: "adminContent.navigations.nav",
        group: "content",
      },
      { path: "templates", file: "routes/admin/content/admin.templates.tsx", scope: "editor", nav: "admin.templates", group: "content" },
      { path: "templates.csv", file: "routes/admin/content/admin.templates[.]csv.ts", scope: "editor" },
      { path: "media", file: "routes/admin/content/admin.media.tsx", scope: "editor", nav: "adminMedia.nav", group: "content" },
      { path: "media.csv", file: "routes/admin/content/admin.media[.]csv.ts", scope: "editor" },
      { path: "media/library.json", file: "routes/admin/content/admin.media.library[.]json.ts", scope: "editor" },
      { path: "media/:id", file: "routes/admin/content/admin.media.$id.tsx", scope: "editor" },
      { path: "media/:id/file", file: "routes/admin/content/admin.media.$id.file.ts", scope: "editor" },
      { path: "templates/:kind", file: "routes/admin/content/admin.templates.$kind.tsx", scope: "editor" },
      // In-page editing (decision 0051): the editor's actions and JSON lists, never a menu entry.
      { path: "edit/page", file: "routes/admin/content/admin.edit.page.ts", scope: "editor" },
      { path: "edit/upload", file: "routes/admin/content/admin.edit.upload.ts", scope: "editor" },
      { path: "edit/new-page", file: "routes/admin/content/admin.edit.new-page.ts", scope: "editor" },
      { path: "edit/pick", file: "routes/admin/content/admin.edit.pick.ts", scope: "editor" },
      { path: "edit/open", file: "routes/admin/content/admin.edit.open.ts", scope: "editor" },
      // A draft's preview link for the owner (decision 0124): the toolbar's dialog posts here; without JavaScript, its own screen.
      { path: "edit/preview-link", file: "routes/admin/content/admin.edit.preview-link.tsx", scope: "editor" },
      // Promotions, shipping and payments (decision 0049).
      { path: "coupons", file: "routes/admin/shop/admin.coupons.tsx", scope: "admin", nav: "adminCoupons.nav", group: "shop" },
      { path: "coupons.csv", file: "routes/admin/shop/admin.coupons[.]csv.ts", scope: "admin" },
      { path: "coupons/new", file: "routes/admin/shop/admin.coupons.new.tsx", scope: "admin" },
      { path: "coupons/:id", file: "routes/admin/shop/admin.coupons.$id.tsx", scope: "admin" },
      { path: "shipping", file: "routes/admin/shop/admin.shipping.tsx", scope: "admin", nav: "adminShipping.nav", group: "shop" },
      { path: "shipping/new", file: "routes/admin/shop/admin.shipping.new.tsx", scope: "admin" },
      { path: "shipping/:id", file: "routes/admin/shop/admin.shipping.$id.tsx", scope: "admin" },
      { path: "payments", file: "routes/admin/shop/admin.payments.tsx", scope: "admin", nav: "adminShipping.payments.nav", group: "shop" },
      { path: "payments/:id", file: "routes/admin/shop/admin.payments.$id.tsx", scope: "admin" },
      { path: "consent", file: "routes/admin/shop/admin.consent.tsx", scope: "admin", nav: "admin.consents", group: "shop" },
      { path: "consent/:slug", file: "routes/admin/shop/admin.consent.$slug.tsx", scope: "admin" },
      // Folded into /admin/settings/checkout (decision 0050): the old address leads there.
      { path: "cart-settings", file: "routes/admin/shop/admin.cart-settings.tsx", scope: "admin" },
      { path: "cache", file: "routes/admin/shop/admin.cache.tsx", scope: "admin", nav: "admin.caches", group: "shop" },
      { path: "mail", file: "routes/admin/shop/admin.mail.tsx", scope: "admin", nav: "adminMail.nav", group: "shop" },
      { path: "mail.csv", file: "routes/admin/shop/admin.mail[.]csv.ts", scope: "admin" },
      { path: "mail/:id", file: "routes/admin/shop/admin.mail.$id.tsx", scope: "admin" },
      { path: "audit", file: "routes/admin/shop/admin.audit.tsx", scope: "admin", nav: "admin.audit.list.nav", group: "shop" },
      { path: "audit.csv", file: "routes/admin/shop/admin.audit[.]csv.ts", scope: "admin" },
      { path: "users", file: "routes/admin/shop/admin.users.tsx", scope: "admin", nav: "adminUsers.nav", group: "shop" },
      { path: "users.csv", file: "routes/admin/shop/admin.users[.]csv.ts", scope: "admin" },
      { path: "users/:id", file: "routes/admin/shop/admin.users.$id.tsx", scope: "admin" },
      { path: "settings", file: "routes/admin/shop/admin.settings.tsx", scope: "admin", nav: "adminSettings.nav", group: "shop" },
      // API keys of the headless API (decision 0057).
      { path: "api-keys", file: "routes/admin/shop/admin.api-keys.tsx", scope: "admin", nav: "adminApi.nav", group: "shop" },
      { path: "api-keys.csv", file: "routes/admin/shop/admin.api-keys[.]csv.ts", scope: "admin" },
      { path: "settings/company", file: "routes/admin/shop/admin.settings.company.tsx", scope: "admin" },
      { path: "settings/checkout", file: "routes/admin/shop/admin.settings.checkout.tsx", scope: "admin" },
      { path: "settings/comments", file: "routes/admin/shop/admin.settings.comments.tsx", scope: "admin" },
      { path: "settings/tracking", file: "routes/admin/shop/admin.settings.tracking.tsx", scope: "admin" },
      { path: "settings/site", file: "routes/admin/shop/admin.settings.site.tsx", scope: "admin" },
      // Every backoffice user's own profile: the second factor (decision 0086) and their
      // sessions, ended by the action under it (decision 0085).
      { path: "profile", file: "routes/admin/admin.profile.tsx", scope: "any" },
      { path: "profile/sessions", file: "routes/admin/admin.profile.sessions.ts", scope: "any" },
    ],
  },
];
