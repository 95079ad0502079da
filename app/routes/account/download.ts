import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { href } from "~/lib/routes-table";
import { getCurrentUser, requestLocale } from "~/.server/shopper.server";
import { downloadOf, readDownloadToken } from "~/modules/order/downloads.server";
import { fileResponse } from "~/routes/http/download.server";

/**
 * An e-product's download link (docs/decisions/0030): the signed token
 * names one order line and when the link expires. The file goes only to the order's
 * customer, signed in (a visitor is sent to log in and back; a guest order's link works on
 * its own), and only while the order is paid and the link valid; otherwise a translated
 * 404 (unknown or someone else's) or 403 (expired, not paid), never the file.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  const refuse = (status: 403 | 404, key: string) =>
    new Response(
      `<!doctype html><html lang="${locale}"><meta charset="utf-8"><title>${t(key)}</title><h1>${t(key)}</h1><p><a href="${href("profile", locale)}">${t("routes.profile")}</a></p></html>`,
      {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
      },
    );
  const token = readDownloadToken(params.token ?? "");
  const found = token ? await downloadOf(token.itemId) : null;
  if (!token || !found) return refuse(404, "checkout.downloads.notFound");
  const user = await getCurrentUser(request);
  if (!user && !found.ownerIsGuest) {
    const back = new URL(request.url).pathname;
    throw redirect(`${href("login", locale)}?redirectTo=${encodeURIComponent(back)}`);
  }
  if (user && user.id !== found.order.userId) return refuse(404, "checkout.downloads.notFound");
  if (found.order.paymentStatus !== "paid") return refuse(403, "checkout.downloads.notPaid");
  if (token.expiresAt.getTime() <= Date.now()) return refuse(403, "checkout.downloads.expired");
  return fileResponse(found.file);
}
