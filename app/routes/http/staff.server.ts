import { data, redirect } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { hasScope, type ScreenScope } from "~/lib/backoffice-scopes";
import { readSession, sessionStorage } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import { secondFactorGiven } from "~/modules/account/second-factor.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { requestLocale, type CurrentUser } from "~/.server/shopper.server";

/**
 * The first line of every backoffice loader and action: the signed-in backoffice user
 * (anyone else is sent to /adminLogin), refused with 403 and a translated reason when
 * their scope does not reach the screen. Checked on the server for every request, never
 * only by hiding a menu entry.
 */
export async function requireStaff(request: Request, scope: ScreenScope): Promise<Staff> {
  const user = await requireBackofficeUser(request);
  if (!hasScope(user.scope, scope)) {
    const t = await getFixedT(requestLocale(request).locale);
    throw data({ detail: t("admin.forbidden") }, { status: 403 });
  }
  return user;
}

/**
 * Admin pages: anyone but a backoffice user is sent to /adminLogin (spec §6). A backoffice
 * session that ran out (30 min idle, 12 h in all: session.server.ts) or was ended elsewhere
 * reads as none; its cookie is cleared and the sign-in page says why (decision 0085).
 */
export async function requireBackofficeUser(request: Request): Promise<CurrentUser> {
  const { session, ended, user } = await readSession(request);
  if (user?.isBackofficeUser && (await secondFactorGiven(session, user))) return user;
  const url = new URL(request.url);
  const signIn = `/adminLogin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
  if (!ended) throw redirect(signIn);
  const headers = new Headers({ "Set-Cookie": await sessionStorage.destroySession(session) });
  throw redirect(signIn, { headers: await setToast({ type: "info", key: "admin.sessionEnded" }, headers) });
}
