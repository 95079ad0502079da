import { z } from "zod/v4";
import { integer, text } from "~/lib/schema-fields";
import { isValidOib } from "~/lib/oib";
import { PRICE_ENDINGS } from "~/lib/price-change";
import { TRACKING_ID_FORMAT } from "~/modules/consent/tracking-ids";

/**
 * The sections of /admin/settings (docs/decisions/0050), one schema per
 * form. Field names are the names the shop stores the values under (the CMS option keys
 * of spec §3, the store's checkoutSettings, the SellerDetails fields), so a parsed form
 * is the section's next state as it is saved. Every form posts the fingerprint of the
 * values it showed (optimistic concurrency without a version column).
 */
const fingerprint = text({ max: 64, required: true });
const flag = z.boolean().optional().default(false);
const E = "adminSettings.errors";

/** A text per language: Croatian required, en and de optional (empty falls back to Croatian on the shop). */
function perLanguage(max: number) {
  const optional = text({ max, multiline: true });
  return z.object({ hr: text({ max, multiline: true, required: true }), en: optional, de: optional }).transform(({ hr, en, de }) => ({
    hr,
    ...(en ? { en } : {}),
    ...(de ? { de } : {}),
  }));
}

/** A text per language, every one optional: an empty language is left out (the shop falls back). */
function optionalPerLanguage(max: number) {
  const optional = text({ max, multiline: true });
  return z
    .object({ hr: optional, en: optional, de: optional })
    .prefault({})
    .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, value]) => value.trim() !== "")));
}

/** Empty is "not configured" (null); else the provider's own id format. */
function trackingId(format: RegExp, message: string) {
  return text({ max: 30 })
    .refine((value) => value === "" || format.test(value), message)
    .transform((value) => value || null);
}

/** 1. Company and seller details: the invoice, the HUB-3 slip and the shop's footer (the IBAN is the payments screen's). */
export const companySettingsSchema = z.object({
  fingerprint,
  name: text({ max: 200, required: true }),
  street: text({ max: 200, required: true }),
  city: text({ max: 200, required: true }).refine((value) => value === "" || /^\d{4,6}\s+\S/.test(value), `${E}.city`),
  country: text({ max: 100, required: true }),
  oib: text({ max: 11, required: true, maxMessage: `${E}.oib` }).refine((value) => value === "" || isValidOib(value), `${E}.oib`),
  email: text({ max: 200, required: true, email: true }),
  phone: text({ max: 40, required: true }).refine((value) => value === "" || /^\+?[\d\s()/-]{6,}$/.test(value), `${E}.phone`),
  purposeCode: text({ max: 4, required: true, maxMessage: `${E}.purposeCode` }).refine(
    (value) => value === "" || /^[A-Z]{4}$/.test(value),
    `${E}.purposeCode`,
  ),
  // The register line of the invoice (court, MBS, share capital, directors) and the invoice
  // number's premises and device (decision 0104): optional, the invoice leaves out what is empty.
  registerCourt: text({ max: 200 }),
  registerNumber: text({ max: 20 }).refine((value) => value === "" || /^\d{6,11}$/.test(value), `${E}.registerNumber`),
  shareCapital: text({ max: 200 }),
  directors: text({ max: 300 }),
  premisesCode: text({ max: 20 }).refine((value) => value === "" || /^[A-Za-z0-9]{1,20}$/.test(value), `${E}.fiscalCode`),
  deviceCode: text({ max: 20 }).refine((value) => value === "" || /^\d{1,20}$/.test(value), `${E}.fiscalCode`),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** 2. Checkout (spec §3 store checkoutSettings, §4 Cart) and the request-quote cart (decision 0009). */
export const CART_ADDITION_BEHAVIOURS = [0, 1, 2] as const;
export const checkoutSettingsSchema = z.object({
  fingerprint,
  checkoutEnabled: flag,
  guestCheckout: flag,
  itemsMerge: flag,
  cartAdditionBehaviour: integer({ min: 0, max: 2 }),
  eProductLinkDays: integer({ min: 1, max: 365 }),
  CartRequestQuote: flag,
  // Croatian VAT on deliveries outside the EU too (decision 0104; off: an export is charged none).
  vatOutsideEu: flag,
});
export type CheckoutSettingsInput = z.infer<typeof checkoutSettingsSchema>;

/** 3. Comments and ratings (spec §1 options). */
export const BLOG_COMMENT_VALUES = ["loggedUsersOnly", "disabled"] as const;
export const commentSettingsSchema = z.object({
  fingerprint,
  RequireAdminPublishing: flag,
  RequireRatingForComment: flag,
  RequireCommentForRating: flag,
  NumberOfStars: integer({ min: 1, max: 10, message: `${E}.stars` }),
  CanCommentOnBlog: z.enum(BLOG_COMMENT_VALUES, { error: "core.validation.required" }),
  UserCanEditComment: flag,
  OneUserOneComment: flag,
  OnSiteCommentOptions: z.object({ products: flag, posts: flag }).prefault({}),
});

/** 4. Cookies and tracking (spec §3; the tags render only with the visitor's consent). */
export const trackingSettingsSchema = z.object({
  fingerprint,
  CookieNotice: perLanguage(2000),
  GoogleAnalyticsId: trackingId(TRACKING_ID_FORMAT.googleAnalytics, `${E}.googleAnalytics`),
  GoogleTagManagerId: trackingId(TRACKING_ID_FORMAT.googleTagManager, `${E}.googleTagManager`),
  FacebookPixelId: trackingId(TRACKING_ID_FORMAT.facebookPixel, `${E}.facebookPixel`),
});

/** 5. The site: host policy, sitemap, home page, mail, stock hint, price endings, registration, newsletter, copyright. */
export const WWW_POLICIES = ["no-www", "www", "none"] as const;
export const siteSettingsSchema = z.object({
  fingerprint,
  WwwPolicy: z.enum(WWW_POLICIES, { error: "core.validation.required" }).transform((value) => (value === "none" ? null : value)),
  AutoGenerateSiteMap: flag,
  SiteMapOptions: z.object({ lastmod: flag, hreflang: flag, images: flag }).prefault({}),
  HomePageSlug: text({ max: 120, required: true }),
  SendEmailTo: text({ max: 200, required: true, email: true }),
  LowStockThreshold: integer({ min: 0, max: 9999 }),
  // "none" is stored as no option at all, like a shop that never chose one.
  PriceEnding: z.enum(PRICE_ENDINGS, { error: "core.validation.required" }).transform((value) => (value === "none" ? null : value)),
  RegistrationRequiresEmailVerification: flag,
  AutoLoginAfterRegistration: flag,
  NewsletterDoubleOptIn: flag,
  CopyrightText: perLanguage(300),
});

/**
 * 6. The maintenance view's message (on /admin/settings beside the switch): plain text, per
 * language; a language left empty shows the Croatian one, none at all the spec's text.
 */
export const MAINTENANCE_MESSAGE_MAX = 300;
export const maintenanceMessageSchema = z.object({
  fingerprint,
  MaintenanceMessage: optionalPerLanguage(MAINTENANCE_MESSAGE_MAX),
});

export const SETTINGS_SCHEMAS = {
  company: companySettingsSchema,
  checkout: checkoutSettingsSchema,
  comments: commentSettingsSchema,
  tracking: trackingSettingsSchema,
  site: siteSettingsSchema,
  maintenance: maintenanceMessageSchema,
} as const;
export type SettingsSection = keyof typeof SETTINGS_SCHEMAS;
export const SETTINGS_SECTIONS = Object.keys(SETTINGS_SCHEMAS) as SettingsSection[];
