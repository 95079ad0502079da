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
  // The backoffice's mails: order moves, enquiry replies, drafts, invitations (decisions 0039-0043).
  "newOrder",
  "orderPaid",
  "orderShipped",
  "orderCancelled",
  "orderReturned",
  "enquiryReply",
  "orderDraft",
  "backofficeInvite",
  // The registration's welcome, when no e-mail verification is asked for (decision 0053).
  "welcome",
  // Decision 0063: a database form's double opt-in (the sender confirms their address).
  "formEmailConfirmation",
  // Decision 0109: the card payment link of an order the shop took on the phone.
  "orderPayLink",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
