import { redirect } from "@remix-run/node";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { getCustomerOrder } from "~/modules/account/orders.server";
import { getCurrentUser } from "~/.server/shopper.server";

/**
 * The signed-in customer's own order, or the answer for everyone else: a visitor goes to
 * the login page (and comes back), another customer's or an unknown order is 404.
 */
export async function requireOwnOrder(request: Request, locale: Locale, slug: string | undefined) {
  const user = await getCurrentUser(request);
  if (!user) {
    const back = new URL(request.url).pathname;
    throw redirect(`${href("login", locale)}?redirectTo=${encodeURIComponent(back)}`);
  }
  const order = slug ? await getCustomerOrder(user.id, slug) : null;
  if (!order) throw new Response("Not Found", { status: 404 });
  return { user, order };
}
