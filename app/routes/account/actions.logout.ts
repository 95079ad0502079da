import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readSubmission } from "~/.server/forms.server";
import { localeFromPath } from "~/lib/locales";
import { homeOf } from "~/routes/http/account-route.server";
import { logoutSchema } from "~/modules/account/account.schema";
import { logOut } from "~/modules/account/login.server";
import { shopperOf } from "~/.server/shopper.server";
import { sessionHeaders } from "~/.server/shopper-cookies.server";

/**
 * Logout (spec §4 Auth, §4 Wishlist): a POST, never a GET, so a link or an image on
 * another site cannot sign anyone out. Ends the server session (the old cookie no longer
 * works), clears the cart session and shows core.login.logout on the home page of the
 * language the button was in.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, logoutSchema);
  const from = submission.status === "success" ? submission.value.from : undefined;
  const { cartSession } = await logOut(await shopperOf(request));
  const headers = await sessionHeaders({ sessionId: null, cartSession }, { type: "success", key: "core.login.logout" });
  return redirect(homeOf(localeFromPath(from ?? "/")), { headers });
}

/** A GET (a typed address, a crawler) changes nothing. */
export async function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
