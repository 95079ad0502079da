import { data } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { hasScope, type ScreenScope } from "~/lib/backoffice-scopes";
import { requireBackofficeUser } from "~/modules/account/user.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { requestLocale } from "~/.server/shopper.server";

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
