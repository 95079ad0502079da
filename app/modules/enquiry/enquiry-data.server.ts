import { isDomainError } from "~/.server/domain-error";
import { formConstraint } from "~/.server/forms.server";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { captchaConfig } from "~/modules/captcha/captcha.server";
import type { FormConsent } from "~/modules/consent/consent-fields";
import { getFormConsents } from "~/modules/consent/consent.server";
import { ENQUIRY_FORM_KIND, type EnquiryFormData } from "./enquiry-fields";
import { enquiryFormSchema } from "./enquiry.schema";

/**
 * What the enquiry form needs, for the product page's dialog and the enquiry page alike:
 * where it posts, the contact form's consents (null when they could not be loaded: the
 * form then shows error.consentsNotFetched, spec §5), the captcha widget's settings and
 * the HTML constraints of the enquiry's schema.
 */
export function enquiryFormData(locale: Locale, slug: string): Promise<EnquiryFormData> {
  return enquiryFormDataFor(locale, href("priceEnquiry", locale, { slug }));
}

/** The same for a form that posts elsewhere (the request-quote cart's inquiry). */
export async function enquiryFormDataFor(locale: Locale, action: string): Promise<EnquiryFormData> {
  let consents: FormConsent[] | null;
  try {
    consents = await getFormConsents(ENQUIRY_FORM_KIND, locale);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    consents = null;
  }
  return { action, consents, captcha: captchaConfig(), constraint: formConstraint(enquiryFormSchema) };
}
