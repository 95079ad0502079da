import { redirect } from "@remix-run/node";
import { setToast, type ToastType } from "~/.server/toast.server";

/** Helpers the account routes share: answers, redirects and the request's facts. */

export { homeOf } from "~/modules/account/account-fields";

/** A remembered redirect from the query or form, only when it is a local path (spec §4 Auth; app/lib/local-path.ts); else null. */
export { localPathOrNull as rememberedRedirect } from "~/lib/local-path";

/** POST → redirect → GET with a flash toast. */
export async function redirectWithToast(to: string, type: ToastType, key: string, headers = new Headers()) {
  await setToast({ type, key }, headers);
  return redirect(to, { headers });
}
