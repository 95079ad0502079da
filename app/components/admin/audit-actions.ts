import type { TFunction } from "~/lib/i18n";
import { humanise } from "./audit-values";

/**
 * Where the screens name their changes, by kind of record: the audit list of the whole
 * backoffice (/admin/audit) names each change as the record's own screen does.
 */
const ACTION_LABELS: Partial<Record<string, string>> = {
  order: "adminOrders.audit",
  cart: "adminOrders.phone.audit",
  customer: "adminCustomers.audit",
  enquiry: "adminEnquiries.audit",
  submission: "adminEnquiries.audit",
  mail: "adminMail.audit",
  user: "adminUsers.audit",
  settings: "adminSettings.sections",
  product: "adminProducts.audit",
  productImport: "adminProducts.audit",
  category: "adminCatalog.audit",
  attribute: "adminCatalog.audit",
  attributeSet: "adminCatalog.audit",
  tag: "adminCatalog.audit",
  coupon: "adminCoupons.audit",
  deliveryMethod: "adminShipping.audit",
  paymentMethod: "adminShipping.audit",
  media: "adminMedia.audit",
  mailTemplate: "adminTemplates.audit",
  comment: "adminCommunity.audit",
  form: "adminCommunity.audit",
  redirect: "adminCommunity.audit",
  failedRequest: "adminCommunity.audit",
  newsletterSubscriber: "adminCommunity.audit",
  page: "adminContent.audit",
  post: "adminContent.audit",
  term: "adminContent.audit",
  event: "adminContent.audit",
};

/** The namespaces the labels above live in: the audit list loads them all. */
export const AUDIT_ACTION_NAMESPACES = [...new Set(Object.values(ACTION_LABELS).map((key) => key!.split(".")[0]!))];

/** A change of a record of `entity` in the reader's words ("Označeno plaćenim"), else the action in plain words. */
export function auditActionLabel(entity: string, action: string, t: TFunction): string {
  const prefix = ACTION_LABELS[entity];
  return prefix ? t(`${prefix}.${action}`, { defaultValue: humanise(action) }) : humanise(action);
}

/** A kind of record in the reader's words ("Narudžba"). */
export function auditEntityLabel(entity: string, t: TFunction): string {
  return t(`admin.audit.entities.${entity}`, { defaultValue: humanise(entity) });
}
