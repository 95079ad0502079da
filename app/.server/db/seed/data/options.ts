// The site id lives with the option names the services read (app/modules/kernel/options.ts).
export { SITE_ID } from "~/modules/kernel/options";

export const COMPANY = {
  name: "Alu Krov d.o.o.",
  street: "Industrijska ulica 12",
  city: "10410 Velika Gorica",
  country: "Hrvatska",
  phone: "+385 1 6222 333",
  mobile: "+385 98 123 4567",
  email: "info@alu-krov.hr",
  oib: "94577403194",
  iban: "HR1723600001101234565",
  registerCourt: "Trgovački sud u Zagrebu",
  registerNumber: "081234567",
  shareCapital: "2.650,00 EUR, uplaćen u cijelosti",
  directors: "Ivan Horvat, direktor",
};

/**
 * CMS option keys of spec §3 with the built-in values of spec §1. Values are JSON; a key
 * with null is known but not configured (e.g. no analytics id, no cache store).
 */
export const BUILT_IN_OPTIONS: Record<string, unknown> = {
  ThemeNavigations: { main: "main", footer1: "footer1", footer2: "footer2", footer3: "footer3", footer4: "footer4" },
  Logo: { src: "/brand/logo.svg", alt: "Alu Krov" },
  CopyrightText: {
    hr: "© {year} Alu Krov d.o.o. Sva prava pridržana.",
    en: "© {year} Alu Krov d.o.o. All rights reserved.",
    de: "© {year} Alu Krov d.o.o. Alle Rechte vorbehalten.",
  },
  CookieNotice: {
    hr: "Koristimo kolačiće kako bismo vam pružili najbolje iskustvo na našim stranicama. Nužni kolačići uvijek su uključeni; marketinške i analitičke možete odabrati.",
    en: "We use cookies to give you the best experience on our site. Necessary cookies are always on; you can choose marketing and analytics cookies.",
    de: "Wir verwenden Cookies, um Ihnen das beste Erlebnis auf unserer Website zu bieten. Notwendige Cookies sind immer aktiv; Marketing- und Analyse-Cookies können Sie wählen.",
  },
  CustomHeader: null,
  CustomFooter: null,
  GoogleAnalyticsId: null,
  GoogleTagManagerId: null,
  FacebookPixelId: null,
  HeatmapCode: null,
  CustomOptions: {},
  AnonymousChat: false,
  // Comments and ratings (spec §1).
  RequireAdminPublishing: true,
  RequireRatingForComment: true,
  RequireCommentForRating: true,
  NumberOfStars: 5,
  // The product page's low-stock hint from this many pieces down (decision 0037).
  LowStockThreshold: 5,
  CanCommentOnBlog: "loggedUsersOnly",
  UserCanEditComment: true,
  OneUserOneComment: false,
  AnonymousCanMultipleReview: false,
  OnSiteCommentOptions: { products: true, posts: true },
  // Sitemap (spec §1).
  AutoGenerateSiteMap: true,
  SiteMapOptions: { lastmod: true, hreflang: true, images: true },
  HomePageSlug: "naslovna",
  CmsVersion: "1.12.190",
  WwwPolicy: "no-www",
  // The description (HTML per language) a new product starts with; edited on /admin/templates (decision 0053).
  DefaultProductTemplate: { hr: "", en: "", de: "" },
  PasswordProtection: false,
  EnvironmentVariable: "production",
  // Spec §3 "e-mail template options for registration and password reset" (RegistrationEmailTemplate,
  // PasswordResetEmailTemplate) are the templates of the welcome/verification and password-reset mails
  // on /admin/templates (table mail_templates, decision 0053); their built-in texts are in locales/*/account.json.
  RegistrationRequiresEmailVerification: false,
  AutoLoginAfterRegistration: true,
  NewsletterDoubleOptIn: false,
  SendEmailTo: "info@alu-krov.hr",
  SendGdprTo: "gdpr@alu-krov.hr",
  DefaultLanguage: "hr",
  AllowedLanguages: ["hr"],
  GitlabProjectId: null,
  // The dev tooling's domain list (spec §3 Domain: name, url; decision 0062): the change-domain
  // dialog offers these outside production, and a later domain/filter API lists them.
  Domains: [
    { name: "Alu Krov", url: "https://www.alu-krov.hr" },
    { name: "Alu Krov intro", url: "https://intro.alu-krov.hr" },
  ],
  // The admin "Available caches" entry is shown only when this names a store (spec §2 Layouts).
  CacheStore: null,
  SocialLogin: { enabled: false, providers: [] },
};
