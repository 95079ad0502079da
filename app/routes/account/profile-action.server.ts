import { redirect } from "@remix-run/node";
import { answerDomainError, toastDomainError } from "~/.server/http/domain-error.server";
import { env } from "~/.server/env.server";
import { readSubmission, refuse } from "~/.server/forms.server";
import { getSession } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import type { Locale } from "~/lib/locales";
import { INTENTS } from "~/modules/account/account-fields";
import { redirectWithToast } from "~/routes/http/account-route.server";
import { profileActionSchema, type ProfileActionInput } from "~/modules/account/account.schema";
import { deleteAddress, saveAddress, setDefaultAddress } from "~/modules/account/addresses.server";
import { changePassword } from "~/modules/account/password.server";
import { updateProfile } from "~/modules/account/profile.server";
import { shopperOf } from "~/.server/shopper.server";
import { profileBarcodeCookie } from "~/.server/shopper-cookies.server";
import type { CurrentUser } from "~/.server/shopper.server";

/** The fields a refusal of the profile's services can name (the rest is the form-wide line). */
const PROFILE_ERROR_FIELDS = ["memberCardBarcode", "oldPassword", "country"];

/**
 * The signed-in profile's forms (spec §2 Profile): details, password and addresses (saved,
 * made a default, deleted), told apart by the posted intent (`profileActionSchema`). Each success redirects back with a
 * toast (POST → redirect → GET); a refusal answers with the field messages of the form
 * that was posted.
 */
export async function profileAction(request: Request, user: CurrentUser, locale: Locale, profilePath: string) {
  const { submission } = await readSubmission(request, profileActionSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  if (input.intent === INTENTS.addressDefault || input.intent === INTENTS.addressDelete) return addressButton(input, user, profilePath);
  try {
    if (input.intent === INTENTS.profile) {
      const { intent: _, ...profile } = input;
      const { confirmEmail } = await updateProfile(user.id, profile, { locale, origin: env.PUBLIC_URL });
      const headers = new Headers();
      const cookie = profileBarcodeCookie((await shopperOf(request)).memberCard, profile.memberCardBarcode);
      if (cookie) headers.append("Set-Cookie", cookie);
      await setToast(
        confirmEmail
          ? { type: "info", key: "core.notifications.confirmEmail" }
          : { type: "success", key: "account.notifications.profileSaved" },
        headers,
      );
      return redirect(profilePath, { headers });
    }
    if (input.intent === INTENTS.password) {
      const session = await getSession(request);
      await changePassword(user.id, input.oldPassword, input.newPassword, session.id);
      return redirectWithToast(profilePath, "success", "account.notifications.passwordChanged");
    }
    const { intent: _, addressId, type, ...address } = input;
    await saveAddress(user.id, addressId, type, address);
    return redirectWithToast(profilePath, "success", "account.notifications.addressSaved");
  } catch (error) {
    return answerDomainError(error, submission, PROFILE_ERROR_FIELDS);
  }
}

type AddressButton = Extract<ProfileActionInput, { intent: typeof INTENTS.addressDefault | typeof INTENTS.addressDelete }>;

/** A saved address's buttons (make it a default, delete it): back to the profile with a toast, a refusal as an error toast. */
async function addressButton(input: AddressButton, user: CurrentUser, profilePath: string) {
  try {
    if (input.intent === INTENTS.addressDelete) {
      await deleteAddress(user.id, input.addressId);
      return redirectWithToast(profilePath, "success", "account.notifications.addressDeleted");
    }
    await setDefaultAddress(user.id, input.addressId, input.kind);
    const key = input.kind === "delivery" ? "account.notifications.defaultDeliverySet" : "account.notifications.defaultBillingSet";
    return redirectWithToast(profilePath, "success", key);
  } catch (error) {
    return toastDomainError(error, profilePath);
  }
}
