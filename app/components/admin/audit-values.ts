import { formatDate, formatNumber, formatPercent, formatPrice } from "~/lib/format";
import type { TFunction } from "~/lib/i18n";
import { LOCALE_LANGUAGE_CODE, LOCALES, isLocale, type Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";

/**
 * The one place that turns an audit row's field names and values into the owner's words:
 * what the audit trail of every detail screen shows (audit-trail.tsx). The rows keep the raw
 * values the services wrote (`shipped`, `priceCents: 1250`), so they stay exact and
 * comparable; the words are chosen when the row is shown, in the reader's language.
 *
 * - money (a field ending in `Cents`) as the shop writes prices: "12,50 EUR";
 * - basis points (`...Bp`) as a percentage; dates and times as dates; true/false as Da/Ne;
 * - the states the screens already name (an order's status and payment, an enquiry's, a
 *   mail's, a staff member's, a page's) with the screens' own labels;
 * - other words the shop writes (`queued`, `anonymous`, ...) from `admin.audit.values`;
 * - field names from `admin.audit.fields`, else the name in plain words ("Tracking number").
 */
export type AuditFormat = { t: TFunction; locale: Locale; currency: Pick<Currency, "label" | "symbol"> };

/** Where a field's values are named, by entity: the screens' own labels. */
const STATE_LABELS: Record<string, Partial<Record<string, string>>> = {
  status: {
    order: "orders.status",
    enquiry: "adminEnquiries.status",
    submission: "adminEnquiries.status",
    mail: "adminMail.status",
    user: "adminUsers.status",
    page: "adminContent.status",
    post: "adminContent.status",
    comment: "adminCommunity.comments.state",
  },
  scope: { user: "adminUsers.scope" },
  paymentStatus: { "*": "orders.paymentStatus" },
  mailStatus: { "*": "adminMail.status" },
  userType: { "*": "consent.userType" },
  warning: { order: "adminOrders.moved" },
};

/** Fields holding what someone wrote: shown as written, never read as one of the shop's words. */
const FREE_TEXT =
  /^(name|title|text|content|note|reason|cancelReason|subject|slug|sku|code|email|to|from|path|place|description|reply|group)$/;
const IDENTIFIER = /^[a-z][A-Za-z0-9]*$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const EMPTY = "—";

/** "trackingNumber" → "Tracking number", "MaintenanceMessage" → "Maintenance message", "paid_on" → "Paid on". */
export function humanise(name: string): string {
  const words = name
    .replace(/Cents$|Bp$/, "")
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** A content language's code (hrv, eng, ger) or a locale (hr) named as the admin names languages. */
function languageOf(key: string): Locale | null {
  if (isLocale(key)) return key;
  return LOCALES.find((locale) => LOCALE_LANGUAGE_CODE[locale] === key) ?? null;
}

/** A field's name in the reader's words. */
export function auditFieldLabel(key: string, { t }: Pick<AuditFormat, "t">): string {
  const language = languageOf(key);
  if (language) return t(`admin.languages.${language}`);
  return IDENTIFIER.test(key) || /^[A-Z][A-Za-z0-9]*$/.test(key) ? t(`admin.audit.fields.${key}`, { defaultValue: humanise(key) }) : key;
}

/** A value of an audit row's field (`key`, of an `entity` row) in the reader's words. */
export function auditValueText(entity: string, key: string, value: unknown, format: AuditFormat): string {
  const { t, locale } = format;
  if (value === null || value === undefined || value === "") return EMPTY;
  if (typeof value === "boolean") return t(value ? "admin.audit.yes" : "admin.audit.no");
  if (typeof value === "number") {
    if (/Cents$/.test(key)) return formatPrice(value, format.currency, locale);
    if (/Bp$/.test(key)) return formatPercent(value, locale);
    // Ids and codes are names, not quantities: no thousands separator.
    if (/(Id|id|Number)$/.test(key)) return String(value);
    return formatNumber(value, locale);
  }
  if (typeof value === "string") return stringText(entity, key, value, format);
  if (Array.isArray(value)) return value.length ? value.map((item) => auditValueText(entity, key, item, format)).join(", ") : EMPTY;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return EMPTY;
    return entries.map(([name, item]) => `${auditFieldLabel(name, format)}: ${auditValueText(entity, name, item, format)}`).join("; ");
  }
  return String(value);
}

function stringText(entity: string, key: string, value: string, format: AuditFormat): string {
  const { t, locale } = format;
  if (FREE_TEXT.test(key)) return value;
  const states = STATE_LABELS[key];
  const prefix = states?.[entity] ?? states?.["*"];
  if (prefix && IDENTIFIER.test(value)) return t(`${prefix}.${value}`, { defaultValue: wordOf(value, t) });
  if (key === "locale" && isLocale(value)) return t(`admin.languages.${value}`);
  if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value, locale, { style: "numeric", time: "short" });
  // A calendar day (a payment's date, a coupon's validity): no time zone to shift it by.
  if (ISO_DAY.test(value)) return formatDate(`${value}T00:00:00Z`, locale, { style: "numeric", timeZone: "UTC" });
  return IDENTIFIER.test(value) ? wordOf(value, t) : value;
}

/** A word the shop writes (`queued`, `anonymous`), translated where the admin names it, else as written. */
function wordOf(value: string, t: TFunction): string {
  return t(`admin.audit.values.${value}`, { defaultValue: value });
}
