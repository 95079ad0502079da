import { redirect } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { readAcceptedConsents } from "~/modules/consent/consent.schema";
import { BILLING, DELIVERY, DIFFERENT_BILLING, INTENTS, WITH_ADDRESSES, type FieldErrors } from "./account-fields";
import { homeOf, redirectWithToast, refuse, shopOrigin } from "./account-route.server";
import { addressSchema, FORM_NAMES, parseForm, registerSchema, type AddressInput } from "./account.schema";
import { startSession } from "./login.server";
import { registerCustomer } from "./register.server";

/**
 * The register form's action (spec §4 Auth Registration), shared by the register page
 * and the anonymous profile page: validation with every field's message, then the
 * outcome the options choose — confirm the e-mail (info toast, nobody signed in), signed
 * in automatically, or on to the login page.
 */
export async function registerAction(request: Request, form: FormData, locale: Locale) {
  const accepted = readAcceptedConsents(form);
  const errors: FieldErrors = {};
  const simple = parseForm(registerSchema, form, FORM_NAMES.register);
  if (!simple.ok) Object.assign(errors, simple.errors);
  let addresses: { delivery: AddressInput; billing: AddressInput | null } | null = null;
  if (form.get(WITH_ADDRESSES) === "on") {
    const delivery = parseForm(addressSchema, form, FORM_NAMES.address, DELIVERY);
    const billing = form.get(DIFFERENT_BILLING) === "on" ? parseForm(addressSchema, form, FORM_NAMES.address, BILLING) : null;
    if (!delivery.ok) Object.assign(errors, delivery.errors);
    if (billing && !billing.ok) Object.assign(errors, billing.errors);
    if (delivery.ok && (!billing || billing.ok)) addresses = { delivery: delivery.data, billing: billing?.ok ? billing.data : null };
  }
  if (!simple.ok || Object.keys(errors).length > 0) return refuse(INTENTS.register, form, errors, 400, accepted);

  try {
    const { userId, next } = await registerCustomer({ ...simple.data, addresses, acceptedIds: accepted, locale, origin: shopOrigin(request) });
    // Spec §4: "If a verificationToken returns, show an info toast asking for e-mail confirmation and do not log in or redirect."
    if (next === "confirmEmail") return redirectWithToast(href("register", locale), "info", "core.notifications.confirmEmail");
    if (next === "logIn") return redirect(homeOf(locale), { headers: await startSession(request, userId, "core.notifications.registered") });
    return redirectWithToast(href("login", locale), "success", "core.notifications.registered");
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuse(INTENTS.register, form, { [error.field ?? "form"]: error.key }, error.status, accepted);
  }
}
