import { getFixedT } from "~/.server/i18n.server";
import type { TFunction } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { MailKind } from "~/modules/templates/mail-kinds";
import { textToHtml } from "./html-text";
import { TEMPLATE_VARIABLES, type TemplateVariable } from "./template-variables";

/**
 * The built-in text of each kind as a template: what the editor starts from and what
 * "reset" goes back to (docs/decisions/0053). It is written with the same messages the
 * senders compose their mails with, their values replaced by `{{variables}}`, so it reads
 * like the mail the shop sends today. It is not stored: a kind without a stored template
 * is still composed in code by its sender.
 */
type Placeholders<K extends MailKind> = Record<TemplateVariable<K>, string>;
type BuiltIn<K extends MailKind> = {
  subject: (t: TFunction, p: Placeholders<K>) => string;
  text: (t: TFunction, p: Placeholders<K>) => string;
};

const statusMail = (key: "paid" | "shipped" | "cancelled" | "returned"): BuiltIn<"orderPaid"> => ({
  subject: (t, p) => t(`checkout.mail.status.${key}.subject`, { slug: p.orderNumber }),
  text: (t, p) =>
    [
      `${t("checkout.mail.status.greeting")} ${t(`checkout.mail.status.${key}.lead`, { slug: p.orderNumber })}`,
      "",
      p.details,
      "",
      `${t("checkout.mail.status.view")}: ${p.link}`,
    ].join("\n"),
});

const BUILT_IN: { [K in MailKind]: BuiltIn<K> } = {
  newsletterConfirmation: { subject: (t) => t("newsletter.confirmMail.subject"), text: (t, p) => t("newsletter.confirmMail.text", p) },
  priceEnquiry: { subject: (t, p) => t("enquiry.mail.subject", p), text: (t, p) => t("enquiry.mail.text", p) },
  cartInquiry: { subject: (t, p) => t("cart.quote.mail.subject", { name: p.name }), text: (t, p) => t("cart.quote.mail.text", p) },
  accountVerification: { subject: (t) => t("account.mail.verifySubject"), text: (t, p) => t("account.mail.verifyText", p) },
  passwordReset: { subject: (t) => t("account.mail.resetSubject"), text: (t, p) => t("account.mail.resetText", p) },
  emailChanged: {
    subject: (t) => t("account.mail.emailChangedSubject"),
    text: (t, p) => t("account.mail.emailChangedText", { email: p.newEmail }),
  },
  orderConfirmation: {
    subject: (t, p) => t("checkout.mail.subject", { slug: p.orderNumber }),
    text: (t, p) =>
      [t("checkout.mail.greeting"), "", `${t("checkout.success.orderNumber")}: ${p.orderNumber}`, "", p.orderSummary].join("\n"),
  },
  formSubmission: { subject: (t, p) => t("forms.mail.subject", p), text: (t, p) => t("forms.mail.text", p) },
  eProductDownload: {
    subject: (t, p) => t("checkout.downloads.mailSubject", { slug: p.orderNumber }),
    text: (t, p) =>
      [
        t("checkout.downloads.mailLead", { slug: p.orderNumber }),
        "",
        p.downloads,
        "",
        t("checkout.downloads.validUntil", { date: p.validUntil }),
        t("checkout.downloads.signInNote"),
      ].join("\n"),
  },
  newOrder: {
    subject: (t, p) => t("checkout.mail.newOrder.subject", { slug: p.orderNumber, customer: p.customerName }),
    text: (t, p) =>
      [
        t("checkout.mail.newOrder.lead", { slug: p.orderNumber }),
        "",
        `${t("checkout.mail.newOrder.customer")}: ${p.customerName} <${p.email}>`,
        `${t("cart.summary.orderTotal")}: ${p.orderTotal}`,
        `${t("checkout.steps.payment")}: ${p.payment}`,
        `${t("checkout.steps.shipping")}: ${p.delivery}`,
        "",
        p.link,
      ].join("\n"),
  },
  orderPaid: statusMail("paid"),
  orderShipped: statusMail("shipped"),
  orderCancelled: statusMail("cancelled"),
  orderReturned: statusMail("returned"),
  enquiryReply: { subject: (_t, p) => p.subject, text: (_t, p) => p.message },
  orderDraft: {
    subject: (t, p) => t("checkout.offer.mail.subject", { slug: p.orderNumber }),
    text: (t, p) => t("checkout.offer.mail.text", { ...p, slug: p.orderNumber }),
  },
  backofficeInvite: { subject: (t) => t("adminUsers.mail.subject"), text: (t, p) => t("adminUsers.mail.text", p) },
  welcome: { subject: (t) => t("account.mail.welcomeSubject"), text: (t, p) => t("account.mail.welcomeText", p) },
  formEmailConfirmation: { subject: (t, p) => t("forms.confirmMail.subject", p), text: (t, p) => t("forms.confirmMail.text", p) },
  orderPayLink: {
    subject: (t, p) => t("checkout.payLinkMail.subject", { slug: p.orderNumber }),
    text: (t, p) => t("checkout.payLinkMail.text", { ...p, slug: p.orderNumber }),
  },
};

/** The built-in subject and HTML body of `kind` in `locale`, with its `{{variables}}`. */
export async function builtInTemplate(kind: MailKind, locale: Locale): Promise<{ subject: string; bodyHtml: string }> {
  const t = await getFixedT(locale);
  const placeholders = Object.fromEntries(TEMPLATE_VARIABLES[kind].map((name) => [name, `{{${name}}}`]));
  const builtIn = BUILT_IN[kind] as BuiltIn<MailKind>;
  return {
    subject: builtIn.subject(t, placeholders as Placeholders<MailKind>),
    bodyHtml: textToHtml(builtIn.text(t, placeholders as Placeholders<MailKind>)),
  };
}
