import { redirect } from "@remix-run/node";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { env } from "~/.server/env.server";
import { readSubmission, refuse } from "~/.server/forms.server";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { CONSENTS_ERROR } from "~/modules/account/account-fields";
import { homeOf, redirectWithToast } from "~/routes/http/account-route.server";
import { registerSchema } from "~/modules/account/account.schema";
import { startSession } from "~/modules/account/login.server";
import { shopperOf } from "~/.server/shopper.server";
import { sessionHeaders } from "~/.server/shopper-cookies.server";
import { registerCustomer } from "~/modules/account/register.server";

/** The fields a refusal of the register service can name (the rest is the form-wide line). */
const REGISTER_ERROR_FIELDS = ["memberCardBarcode", CONSENTS_ERROR, "delivery.country", "billing.country"];

/**
 * The register form's action (spec §4 Auth Registration), shared by the register page
 * and the anonymous profile page: validation with every field's message, then the
 * outcome the options choose — confirm the e-mail (info toast, nobody signed in), signed
 * in automatically, or on to the login page.
 */
export async function registerAction(request: Request, locale: Locale) {
  const { submission } = await readSubmission(request, registerSchema);
  if (submission.status !== "success") return refuse(submission);
  const { delivery, billing, acceptedConsents, withAddresses, ...simple } = submission.value;
  const addresses = withAddresses && delivery ? { delivery, billing: billing ?? null } : null;
  try {
    const { userId, next } = await registerCustomer({
      ...simple,
      addresses,
      acceptedIds: acceptedConsents,
      locale,
      origin: env.PUBLIC_URL,
    });
    // Spec §4: "If a verificationToken returns, show an info toast asking for e-mail confirmation and do not log in or redirect."
    if (next === "confirmEmail") return redirectWithToast(href("register", locale), "info", "core.notifications.confirmEmail");
    if (next === "logIn") {
      const signedIn = await startSession(await shopperOf(request), userId);
      return redirect(homeOf(locale), {
        headers: await sessionHeaders(signedIn, { type: "success", key: "core.notifications.registered" }),
      });
    }
    return redirectWithToast(href("login", locale), "success", "core.notifications.registered");
  } catch (error) {
    return answerDomainError(error, submission, REGISTER_ERROR_FIELDS);
  }
}
