import { DEFAULT_LOCALE, LOCALES, localePrefix, type Locale } from "./locales";

/**
 * The ONE table of localised paths (spec §2 Routes). app/routes.ts builds the route config
 * from it, links and the language switch map a route to another language with it.
 * `aliases` are further unprefixed spellings from the spec's table (e.g. /login beside
 * /prijava); they render the same module so that posts straight to them work too.
 */
export type RouteKey =
  | "product"
  | "login"
  | "register"
  | "profile"
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
  | "confirmEmail"
  | "priceEnquiry"
  | "cartInquiry"
  | "form"
  | "page";

type Entry = { file: string; paths: Record<Locale, string>; aliases?: string[] };

export const ROUTES: Record<RouteKey, Entry> = {
  product: { file: "routes/product.tsx", paths: { hr: "product/:slug?", en: "product/:slug?", de: "produkt/:slug?" } },
  login: { file: "routes/login.tsx", paths: { hr: "prijava", en: "login", de: "login" }, aliases: ["login"] },
  register: {
    file: "routes/register.tsx",
    paths: { hr: "registracija", en: "register", de: "register" },
    aliases: ["register"],
  },
  profile: { file: "routes/profile.tsx", paths: { hr: "profil", en: "profile", de: "profile" }, aliases: ["profile"] },
  cart: { file: "routes/cart.tsx", paths: { hr: "kosarica", en: "cart", de: "einkaufswagen" }, aliases: ["cart"] },
  shop: { file: "routes/shop.tsx", paths: { hr: "shop/:slug?", en: "shop/:slug?", de: "shop/:slug?" } },
  checkout: {
    file: "routes/checkout.tsx",
    paths: { hr: "naplata", en: "checkout", de: "kasse" },
    aliases: ["checkout"],
  },
  checkoutSuccess: {
    file: "routes/checkout-success.tsx",
    paths: { hr: "naplata/uspjesna", en: "checkout/success", de: "kasse/erfolg" },
    aliases: ["checkout/success"],
  },
  checkoutFailure: {
    file: "routes/checkout-failure.tsx",
    paths: { hr: "checkout/failure", en: "checkout/failure", de: "checkout/failure" },
  },
  search: { file: "routes/search.tsx", paths: { hr: "pretraga", en: "search", de: "suche" }, aliases: ["search"] },
  blog: { file: "routes/blog.tsx", paths: { hr: "objave/:slug?", en: "blog/:slug?", de: "blog/:slug?" }, aliases: ["blog/:slug?"] },
  forgotPassword: {
    file: "routes/forgot-password.tsx",
    paths: { hr: "zaboravljena-lozinka", en: "forgot-password", de: "forgot-password" },
    aliases: ["forgot-password"],
  },
  socialLogin: {
    file: "routes/social-login.tsx",
    paths: { hr: "social-login", en: "social-login", de: "social-login" },
  },
  event: { file: "routes/event.tsx", paths: { hr: "dogadjaj/:id", en: "event/:id", de: "event/:id" }, aliases: ["event/:id"] },
  confirmEmail: {
    file: "routes/confirm-email.tsx",
    paths: { hr: "potvrdi-email", en: "confirm-email", de: "confirm-email" },
    aliases: ["confirm-email"],
  },
  // The price enquiry of a product (spec §2 'Upit o cijeni'): the modal's page without JavaScript.
  priceEnquiry: {
    file: "routes/price-enquiry.tsx",
    paths: { hr: "upit-o-cijeni/:slug", en: "price-enquiry/:slug", de: "preisanfrage/:slug" },
  },
  // The request-quote cart's inquiry (spec §2 request-quote cart variant): the request modal's page without JavaScript.
  cartInquiry: {
    file: "routes/cart-inquiry.tsx",
    paths: { hr: "kosarica/upit", en: "cart/inquiry", de: "einkaufswagen/anfrage" },
  },
  // The contact form and the forms defined in the database: where they post, and their page without JavaScript.
  form: { file: "routes/form.tsx", paths: { hr: "obrazac/:slug", en: "form/:slug", de: "formular/:slug" } },
  // The catch-all page or post; it must stay last.
  page: { file: "routes/page.tsx", paths: { hr: ":slug?", en: ":slug?", de: ":slug?" } },
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
