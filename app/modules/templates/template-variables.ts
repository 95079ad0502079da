import type { MailKind } from "~/modules/templates/mail-kinds";

/**
 * The variables each mail kind offers its template (docs/decisions/0053):
 * THE one typed place. A sender must hand every one of its kind's values (the type
 * `TemplateValues<K>` says which), the editor lists them, and a template that names any
 * other `{{variable}}` is refused. Values are plain text: escaped in the HTML part, a
 * multi-line value (a block such as `orderSummary`) keeps its lines.
 */
const ORDER_STATUS = ["orderNumber", "customerName", "details", "link"] as const;

export const TEMPLATE_VARIABLES = {
  newsletterConfirmation: ["link", "email"],
  priceEnquiry: ["product", "sku", "url", "name", "email", "phone", "language", "content"],
  cartInquiry: ["lines", "itemCount", "name", "email", "phone", "language", "content"],
  accountVerification: ["link", "email"],
  passwordReset: ["link", "email"],
  emailChanged: ["newEmail"],
  orderConfirmation: ["orderNumber", "customerName", "orderSummary", "orderTotal"],
  formSubmission: ["form", "fields", "email", "language"],
  eProductDownload: ["orderNumber", "downloads", "validUntil"],
  newOrder: ["orderNumber", "customerName", "email", "orderTotal", "payment", "delivery", "link"],
  orderPaid: ORDER_STATUS,
  orderShipped: [...ORDER_STATUS, "carrier", "trackingNumber", "trackingUrl"],
  orderCancelled: ORDER_STATUS,
  orderReturned: ORDER_STATUS,
  enquiryReply: ["subject", "message"],
  orderDraft: ["name", "orderNumber", "lines", "delivery", "total", "link"],
  backofficeInvite: ["name", "inviter", "link"],
  welcome: ["name", "email", "link"],
  formEmailConfirmation: ["link", "form", "email"],
  orderPayLink: ["orderNumber", "customerName", "orderTotal", "link"],
} as const satisfies Record<MailKind, readonly string[]>;

/**
 * The variables of each kind that carry a secret (a one-time or signed token: whoever has
 * the link has the account, the invitation, the offer or the download). Every kind says
 * which, an empty list meaning none, so a new kind cannot forget. A kind with a secret is
 * edited by scope admin only, and its secrets are rendered only as the shop's own anchor
 * (template-links.server.ts, docs/decisions/0081).
 */
export const SECRET_VARIABLES = {
  newsletterConfirmation: ["link"],
  priceEnquiry: [],
  cartInquiry: [],
  accountVerification: ["link"],
  passwordReset: ["link"],
  emailChanged: [],
  orderConfirmation: [],
  formSubmission: [],
  eProductDownload: ["downloads"],
  newOrder: [],
  orderPaid: [],
  orderShipped: [],
  orderCancelled: [],
  orderReturned: [],
  enquiryReply: [],
  orderDraft: ["link"],
  backofficeInvite: ["link"],
  welcome: [],
  formEmailConfirmation: ["link"],
  // The link opens the customer's own order page, behind their sign-in: no secret in it.
  orderPayLink: [],
} as const satisfies { [K in MailKind]: readonly (typeof TEMPLATE_VARIABLES)[K][number][] };

export const secretVariables = (kind: MailKind): readonly string[] => SECRET_VARIABLES[kind];

/** The scope that may see and change a kind's template: admin where the mail carries a secret. */
export const templateScope = (kind: MailKind): "admin" | "editor" => (secretVariables(kind).length > 0 ? "admin" : "editor");

export type TemplateVariable<K extends MailKind> = (typeof TEMPLATE_VARIABLES)[K][number];
export type TemplateValues<K extends MailKind> = Record<TemplateVariable<K>, string>;
type AnyVariable = TemplateVariable<MailKind>;

/** The preview's and the test send's made-up values, one per variable name. */
export const SAMPLE_VALUES: Record<AnyVariable, string> = {
  link: "https://www.alu-krov.hr/primjer-poveznice",
  email: "ana.horvat@example.com",
  newEmail: "ana.nova@example.com",
  product: "Krovni panel AK-40",
  sku: "AK-40-RAL7016",
  url: "https://www.alu-krov.hr/proizvod/krovni-panel-ak-40",
  name: "Ana Horvat",
  customerName: "Ana Horvat",
  phone: "+385 91 123 4567",
  language: "hr",
  content: "Zanima me cijena za 120 m² s dostavom u Zagreb.",
  lines: "2 × Krovni panel AK-40 (AK-40-RAL7016)\n1 × Opšav sljemena (OS-20)",
  itemCount: "2",
  orderNumber: "2026-000123",
  orderSummary: "2 × Krovni panel AK-40 (AK-40-RAL7016) — 45,00 € = 90,00 €\nDostava: 15,00 €\nUkupno: 105,00 €",
  orderTotal: "105,00 €",
  form: "Kontakt",
  fields: "Ime: Ana Horvat\nPoruka: Molim povratni poziv.",
  downloads: "Upute za montažu (PDF): https://www.alu-krov.hr/preuzimanje/primjer",
  validUntil: "1. 12. 2026. 12:00",
  payment: "Bankovna uplata",
  delivery: "15,00 €",
  details: "Broj za praćenje: HR123456789",
  carrier: "HP Express",
  trackingNumber: "HR123456789",
  trackingUrl: "https://www.posta.hr/pracenje?broj=HR123456789",
  subject: "Vaš upit o cijeni",
  message: "Poštovana,\nšaljemo ponudu u privitku.",
  total: "105,00 €",
  inviter: "Ivan Kovač",
};

const SAMPLE_ORIGIN = "https://www.alu-krov.hr";

/** The sample values of `kind`; the shop's own sample addresses on `origin`, so that a preview keeps its links. */
export function sampleValues<K extends MailKind>(kind: K, origin: string = SAMPLE_ORIGIN): TemplateValues<K> {
  return Object.fromEntries(
    TEMPLATE_VARIABLES[kind].map((name) => [name, SAMPLE_VALUES[name].split(SAMPLE_ORIGIN).join(origin)]),
  ) as TemplateValues<K>;
}

/** `{{ anything }}`: every placeholder a text names, whether the kind knows it or not. */
export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of `text` that `kind` does not offer, each once, in order of appearance. */
export function unknownVariables(kind: MailKind, text: string): string[] {
  const known = new Set<string>(TEMPLATE_VARIABLES[kind]);
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(PLACEHOLDER)) if (!known.has(name)) unknown.add(name);
  return [...unknown];
}
