import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { localPath } from "~/lib/local-path";
import { acceptedCookiesCookie } from "~/.server/cookies.server";
import { readSubmission } from "~/.server/forms.server";
import { COOKIE_CATEGORIES, type CookieCategory } from "~/lib/cookie-consent";
import { cookieConsentSchema } from "~/modules/site/cookie-consent.schema";

/** Stores the visitor's cookie choice as the comma-joined list (spec §4 Other) and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, cookieConsentSchema);
  // A forged choice counts as "only necessary": nothing optional is accepted without asking.
  const {
    choice,
    categories: picked = [],
    redirectTo,
  } = submission.status === "success" ? submission.value : { choice: "necessary" as const, categories: [], redirectTo: undefined };
  const categories: CookieCategory[] =
    choice === "all"
      ? [...COOKIE_CATEGORIES]
      : choice === "necessary"
        ? ["necessary"]
        : COOKIE_CATEGORIES.filter((c) => c === "necessary" || picked.includes(c));
  return redirect(localPath(redirectTo, "/"), {
    headers: { "Set-Cookie": acceptedCookiesCookie(categories) },
  });
}
