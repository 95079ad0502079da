import { redirect } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { getSession } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import { ADDRESS_TYPES, type AddressType } from "~/.server/db/schema";
import { INTENTS } from "./account-fields";
import type { Locale } from "~/lib/locales";
import { refuse, redirectWithToast, shopOrigin } from "./account-route.server";
import { addressSchema, changePasswordSchema, FORM_NAMES, parseForm, profileSchema } from "./account.schema";
import { saveAddress } from "./addresses.server";
import { changePassword } from "./password.server";
import { barcodeCookie, updateProfile } from "./profile.server";
import type { CurrentUser } from "./user.server";

/**
 * The signed-in profile's forms (spec §2 Profile): details, password and addresses. Each
 * success redirects back with a toast (POST → redirect → GET); a refusal answers with
 * the field messages of the form that was posted.
 */
export async function profileAction(request: Request, form: FormData, user: CurrentUser, locale: Locale, profilePath: string) {
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === INTENTS.profile) {
      const parsed = parseForm(profileSchema, form, FORM_NAMES.profile);
      if (!parsed.ok) return refuse(intent, form, parsed.errors);
      const { confirmEmail } = await updateProfile(user.id, parsed.data, { locale, origin: shopOrigin(request) });
      const headers = new Headers();
      const cookie = barcodeCookie(request, parsed.data.memberCardBarcode);
      if (cookie) headers.append("Set-Cookie", cookie);
      await setToast(
        confirmEmail ? { type: "info", key: "core.notifications.confirmEmail" } : { type: "success", key: "account.notifications.profileSaved" },
        headers,
      );
      return redirect(profilePath, { headers });
    }
    if (intent === INTENTS.password) {
      const parsed = parseForm(changePasswordSchema, form, FORM_NAMES.changePassword);
      if (!parsed.ok) return refuse(intent, form, parsed.errors);
      const session = await getSession(request);
      await changePassword(user.id, parsed.data.oldPassword, parsed.data.newPassword, session.id);
      return redirectWithToast(profilePath, "success", "account.notifications.passwordChanged");
    }
    if (intent === INTENTS.address) {
      const parsed = parseForm(addressSchema, form, FORM_NAMES.address);
      if (!parsed.ok) return refuse(intent, form, parsed.errors);
      const rawId = String(form.get("addressId") ?? "new");
      const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
      const type = String(form.get("type"));
      const addressType: AddressType = (ADDRESS_TYPES as readonly string[]).includes(type) ? (type as AddressType) : "shipping";
      await saveAddress(user.id, id, addressType, parsed.data);
      return redirectWithToast(profilePath, "success", "account.notifications.addressSaved");
    }
    throw new Response("Bad Request", { status: 400 });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuse(intent, form, { [error.field ?? "form"]: error.key }, error.status);
  }
}
