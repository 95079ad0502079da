import type { Executor } from "~/.server/db/client.server";
import { priceEnquiries } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { getFixedT } from "~/.server/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { verifyCaptcha } from "~/modules/captcha/captcha.server";
import type { ConsentUserType } from "~/modules/consent/consent.schema";
import { logConsents } from "~/modules/consent/consent.server";
import { acceptConsents, shopRecipient, storeSubmission, type Refused, type Stored } from "~/modules/forms/submission.server";
import { sendMail, type OutboxMail } from "~/modules/mail/mail.server";
import { ENQUIRY_FORM_KIND } from "./enquiry-fields";
import type { Enquiry } from "./enquiry.schema";

/**
 * Price enquiries ('Upit o cijeni', spec §2; §7 contact/contactAdmin with the recaptcha
 * response). A valid enquiry with every required consent and a passed captcha is stored
 * with its consent log and a mail to the shop's SendEmailTo address, in one transaction;
 * the mail leaves through SMTP after the commit (app/modules/mail). The route parsed the
 * fields with enquirySchema; a refusal stores nothing and is its DomainError.
 */
export type EnquiryProduct = { id: number; name: string; sku: string };

export type EnquiryRequest = {
  /** The fields, parsed by the route with enquirySchema. */
  enquiry: Enquiry;
  acceptedIds: readonly number[];
  captchaToken: unknown;
  product: EnquiryProduct;
  /** Absolute URL of the product page, for the shop's mail. */
  productUrl: string;
  locale: Locale;
  userType: ConsentUserType;
};

export type EnquiryResult = Stored | Refused;

export async function sendPriceEnquiry(request: EnquiryRequest): Promise<EnquiryResult> {
  const consents = await acceptConsents(ENQUIRY_FORM_KIND, request.acceptedIds, () => verifyCaptcha(request.captchaToken));
  if (!consents.ok) return consents;
  const { accepted } = consents;
  const { enquiry } = request;
  return storeSubmission(async (tx) => {
    const log = await logConsents(tx, { kind: ENQUIRY_FORM_KIND, acceptedIds: accepted, userType: request.userType, email: enquiry.from });
    const mail = await mailTheShop(tx, enquiry, request);
    const [row] = await tx
      .insert(priceEnquiries)
      .values({
        siteId: SITE_ID,
        productId: request.product.id,
        productName: request.product.name,
        productSku: request.product.sku,
        firstName: enquiry.firstName,
        lastName: enquiry.lastName,
        email: enquiry.from,
        contactNumber: enquiry.contactNumber,
        content: enquiry.content,
        locale: request.locale,
        userType: request.userType,
        consentLogId: log?.id ?? null,
        mailId: mail?.id ?? null,
      })
      .returning({ id: priceEnquiries.id });
    return { id: row.id, mail };
  });
}

/** The shop's copy, in the shop's language; reply goes to the shopper. None when SendEmailTo is not set. */
async function mailTheShop(tx: Executor, enquiry: Enquiry, request: EnquiryRequest): Promise<OutboxMail | null> {
  const to = await shopRecipient(tx);
  if (!to) {
    console.warn("Price enquiry stored without a mail: the option SendEmailTo is not set");
    return null;
  }
  const t = await getFixedT(DEFAULT_LOCALE);
  const name = `${enquiry.firstName} ${enquiry.lastName}`.trim();
  const values = {
    product: request.product.name,
    sku: request.product.sku,
    url: request.productUrl,
    name,
    email: enquiry.from,
    phone: enquiry.contactNumber || "-",
    language: request.locale,
    content: enquiry.content,
  };
  const text = t("enquiry.mail.text", values);
  const subject = t("enquiry.mail.subject", { product: request.product.name, name });
  return sendMail({ kind: "priceEnquiry", to, replyTo: enquiry.from, subject, text, template: { locale: DEFAULT_LOCALE, values } }, tx);
}
