import { DEFAULT_LOCALE, LOCALES, localePrefix, type Locale } from "./locales";

/**
 * The ONE table of localised paths (spec §2 Routes). app/routes.ts builds the route config
 * from it (with route-files.ts: each route's module and its alias spellings such as
 * /login beside /prijava), links and the language switch map a route to another language.
 */
export type RouteKey =
  | "product"
  | "login"
  | "register"
  | "profile"
  | "profileOrder"
  | "profileOrderInvoice"
  | "profileOrderCreditNote"
  | "profileOrderStorno"
  | "cardReturn"
  | "download"
  | "cart"
  | "shop"
  | "checkout"
  | "checkoutSuccess"
  | "checkoutFailure"
  | "search"
  | "blog"
  | "forgotPassword"
  | "socialLogin"
  | "event"
  | "events"
  | "confirmEmail"
  | "priceEnquiry"
  | "cartInquiry"
  | "orderOffer"
  | "form"
  | "draftPreview"
  | "page";

// Only what the browser needs (paths): the route modules and alias spellings are in
// route-files.ts, read by app/routes.ts at build time (first-load JS budget).
type Entry = { paths: Record<Locale, string> };

export const ROUTES: Record<RouteKey, Entry> = {
  product: { paths: { hr: "product/:slug?", en: "product/:slug?", de: "produkt/:slug?" } },
  login: { paths: { hr: "prijava", en: "login", de: "login" } },
  register: {
    paths: { hr: "registracija", en: "register", de: "register" },
  },
  profile: { paths: { hr: "profil", en: "profile", de: "profile" } },
  // An order of the signed-in customer and its invoice (decision 0021).
  profileOrder: {
    paths: { hr: "profil/narudzbe/:slug", en: "profile/orders/:slug", de: "profile/bestellungen/:slug" },
  },
  profileOrderInvoice: {
    paths: { hr: "profil/narudzbe/:slug/racun", en: "profile/orders/:slug/invoice", de: "profile/bestellungen/:slug/rechnung" },
  },
  // The credit note of a returned order (decision 0039).
  profileOrderCreditNote: {
    paths: { hr: "profil/narudzbe/:slug/odobrenje", en: "profile/orders/:slug/credit-note", de: "profile/bestellungen/:slug/gutschrift" },
  },
  // The storno of a cancelled order's invoice (decision 0104).
  profileOrderStorno: {
    paths: { hr: "profil/narudzbe/:slug/storno", en: "profile/orders/:slug/cancellation", de: "profile/bestellungen/:slug/storno" },
  },
  // Where the card provider sends the shopper back (pgSuccess of spec §7, decision 0012).
  cardReturn: {
    paths: { hr: "naplata/kartica/:orderId", en: "checkout/card/:orderId", de: "kasse/karte/:orderId" },
  },
  // An e-product's download link (decision 0030): a signed, expiring token of one order line.
  download: { paths: { hr: "preuzimanje/:token", en: "download/:token", de: "download/:token" } },
  cart: { paths: { hr: "kosarica", en: "cart", de: "einkaufswagen" } },
  shop: { paths: { hr: "shop/:slug?", en: "shop/:slug?", de: "shop/:slug?" } },
  checkout: {
    paths: { hr: "naplata", en: "checkout", de: "kasse" },
  },
  // Spec §2 Routes gives /checkout/success (en) and /naplata/uspjesna (hr) and no German
  // spelling: de has /de/kasse/erfolg, and the spec's /de/checkout/success redirects there
  // (route-files.ts aliases, app/lib/route-aliases.ts). /checkout/success
  // answers in hr too (the alias).
  checkoutSuccess: {
    paths: { hr: "naplata/uspjesna", en: "checkout/success", de: "kasse/erfolg" },
  },
  // Spec §2 Routes gives one spelling, /checkout/failure, so it is the path in every
  // language: /checkout/failure, /en/checkout/failure, /de/checkout/failure.
  checkoutFailure: {
    paths: { hr: "checkout/failure", en: "checkout/failure", de: "checkout/failure" },
  },
  search: { paths: { hr: "pretraga", en: "search", de: "suche" } },
  blog: { paths: { hr: "objave/:slug?", en: "blog/:slug?", de: "blog/:slug?" } },
  forgotPassword: {
    paths: { hr: "zaboravljena-lozinka", en: "forgot-password", de: "forgot-password" },
  },
  socialLogin: {
    paths: { hr: "social-login", en: "social-login", de: "social-login" },
  },
  event: { paths: { hr: "dogadjaj/:id", en: "event/:id", de: "event/:id" } },
  // The events list (decision 0023): upcoming first, then past ones.
  events: {
    paths: { hr: "dogadjaji", en: "events", de: "veranstaltungen" },
  },
  confirmEmail: {
    paths: { hr: "potvrdi-email", en: "confirm-email", de: "confirm-email" },
  },
  // The price enquiry of a product (spec §2 'Upit o cijeni'): the modal's page without JavaScript.
  priceEnquiry: {
    paths: { hr: "upit-o-cijeni/:slug", en: "price-enquiry/:slug", de: "preisanfrage/:slug" },
  },
  // The request-quote cart's inquiry (spec §2 request-quote cart variant): the request modal's page without JavaScript.
  cartInquiry: {
    paths: { hr: "kosarica/upit", en: "cart/inquiry", de: "einkaufswagen/anfrage" },
  },
  // An order draft made from a request-quote cart: the customer sees the offer and pays it (docs/decisions/0076).
  orderOffer: {
    paths: { hr: "ponuda/:slug", en: "offer/:slug", de: "angebot/:slug" },
  },
  // The contact form and the forms defined in the database: where they post, and their page without JavaScript.
  form: { paths: { hr: "obrazac/:slug", en: "form/:slug", de: "formular/:slug" } },
  // A draft's preview link for the owner's approval (decision 0124): a signed, expiring token.
  draftPreview: { paths: { hr: "pregled/:token", en: "preview/:token", de: "vorschau/:token" } },
  // The catch-all page or post; it must stay last.
  page: { paths: { hr: ":slug?", en: ":slug?", de: ":slug?" } },
};

export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

/** Route ids look like "hr:cart", "en:cart", "hr~alias:cart"; the id says locale and key. */
export function routeId(locale: Locale, key: RouteKey, alias = false) {
  return `${locale}${alias ? "~alias" : ""}:${key}`;
}

export function parseRouteId(id: string): { locale: Locale; key: RouteKey } | null {
  const match = /^(hr|en|de)(~alias)?:(\w+)$/.exec(id);
  if (!match || !(match[3] in ROUTES)) return null;
  return { locale: match[1] as Locale, key: match[3] as RouteKey };
}

export type RouteParams = Record<string, string | undefined>;

/** The URL of a route in a locale, e.g. href("cart", "de") = "/de/einkaufswagen". */
export function href(key: RouteKey, locale: Locale = DEFAULT_LOCALE, params: RouteParams = {}): string {
  const path = ROUTES[key].paths[locale]
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const name = segment.replace(/^:/, "").replace(/\?$/, "");
      const value = params[name];
      if (value === undefined || value === "") {
        if (segment.endsWith("?")) return null;
        throw new Error(`Route ${key} needs parameter ${name}`);
      }
      return encodeURIComponent(value);
    })
    .filter((s): s is string => s !== null)
    .join("/");
  const full = `${localePrefix(locale)}/${path}`.replace(/\/+$/, "");
  return full === "" ? "/" : full;
}

export { LOCALES };
