import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "remix-utils/safe-redirect";
import { acceptedCookiesCookie } from "~/.server/cookies.server";
import { readForm } from "~/.server/security.server";
import { COOKIE_CATEGORIES, type CookieCategory } from "~/lib/cookie-consent";

/** Stores the visitor's cookie choice as the comma-joined list (spec §4 Other) and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const choice = form.get("choice");
  const picked = form.getAll("categories").map(String);
  const categories: CookieCategory[] =
    choice === "all"
      ? [...COOKIE_CATEGORIES]
      : choice === "necessary"
        ? ["necessary"]
        : COOKIE_CATEGORIES.filter((c) => c === "necessary" || picked.includes(c));
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": acceptedCookiesCookie(categories) },
  });
}
