/** What a mail is for; the backoffice (its kind filter) and the tests pick mails by it. */
export const MAIL_KINDS = [
  "newsletterConfirmation",
  "priceEnquiry",
  "cartInquiry",
  "accountVerification",
  "passwordReset",
  "emailChanged",
  "orderConfirmation",
  "formSubmission",
  "eProductDownload",
  // Issue 14: the backoffice's mails.
  "newOrder",
  "orderPaid",
  "orderShipped",
  "orderCancelled",
  "orderReturned",
  "enquiryReply",
  "orderDraft",
  "backofficeInvite",
  // Issue 16: the registration's welcome (when no e-mail verification is asked for).
  "welcome",
  // Decision 0063: a database form's double opt-in (the sender confirms their address).
  "formEmailConfirmation",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
