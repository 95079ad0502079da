import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { AdminNotices } from "~/components/admin/admin-notices";
import { mailSendingConfigured } from "~/modules/mail/mail-admin.server";
import { useTranslation } from "~/lib/i18n";
import { localPath } from "~/lib/local-path";
import { localeCookie } from "~/.server/cookies.server";
import { readSubmission } from "~/.server/forms.server";
import { getSession, sessionStorage } from "~/.server/session.server";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { SkipLink } from "~/components/skip-link";
import { requireBackofficeUser } from "~/routes/http/staff.server";
import { ADMIN_MENU_GROUPS, adminMenu } from "~/modules/admin/menu.server";
import { adminLayoutSchema } from "~/modules/site/admin.schema";
import { devToolbar } from "~/modules/dev-tools/dev-tools.server";
import { DevToolbar } from "~/modules/dev-tools/ui/dev-toolbar";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";
import { LOCALES } from "~/lib/locales";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = {
  i18n: [
    "admin",
    "adminApi",
    "adminCatalog",
    "adminCommunity",
    "adminContent",
    "adminCoupons",
    "adminCustomers",
    "adminDashboard",
    "adminEnquiries",
    "adminMail",
    "adminMedia",
    "adminOrders",
    "adminProductList",
    "adminProducts",
    "adminSettings",
    "adminShipping",
    "adminTemplates",
    "adminUsers",
    "comments",
    "forms",
    "devTools",
  ],
};

/** Admin shell (spec §2 Layouts), for backoffice users only: checked here, not in the UI. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackofficeUser(request);
  const { locale } = requestLocale(request);
  const site = await getSiteContext(locale);
  return {
    locale,
    user: { email: user.email, firstName: user.firstName },
    menu: adminMenu(user.scope, { showCaches: Boolean(site.options.CacheStore) }),
    menuGroups: ADMIN_MENU_GROUPS,
    title: "Admin | Alu Krov",
    // What a staff member must know on every screen: customers see only the maintenance
    // view; mail is not sent but waits in the outbox (no SMTP configured).
    notices: { maintenance: site.site.maintenanceMode, mailWaiting: !mailSendingConfigured() },
    // Dev tooling (decision 0062): null in production.
    devTools: await devToolbar(user, new URL(request.url)),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireBackofficeUser(request);
  const { submission } = await readSubmission(request, adminLayoutSchema);
  // Both forms are a select or a button: a refusal is a forged post (an unknown language or intent).
  if (submission.status !== "success") return data({ error: "invalid form" }, { status: 400 });
  const posted = submission.value;
  if (posted.intent === "language") {
    return redirect(localPath(posted.redirectTo, "/admin"), { headers: { "Set-Cookie": localeCookie(posted.lng) } });
  }
  const session = await getSession(request);
  return redirect("/", { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
}

export default function AdminLayout() {
  const { locale, user, menu, menuGroups, devTools, notices } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const item = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 text-sm ${isActive ? "bg-brand-600 text-white" : "hover:bg-white/10"}`;
  return (
    // On a phone the menu sits above the screen (an owner checks orders on the go); beside it from md up.
    <div className="flex min-h-screen flex-col md:flex-row" data-testid="admin-layout">
      <SkipLink />
      <aside className="w-full shrink-0 bg-brand-900 p-4 text-brand-50 md:w-60">
        <p className="mb-6 text-lg font-bold">{t("admin.title")}</p>
        <nav aria-label={t("admin.menu")} className="space-y-4">
          {menuGroups.map((group) => {
            const items = menu.filter((entry) => entry.group === group);
            if (items.length === 0) return null;
            return (
              <div key={group}>
                <p className="mb-1 px-3 text-xs uppercase tracking-wide text-brand-50/80">{t(`admin.nav.group.${group}`)}</p>
                <ul className="space-y-1">
                  {items.map((entry) => (
                    <li key={entry.to}>
                      <NavLink to={entry.to} end={entry.to === "/admin"} className={item}>
                        {t(entry.label)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
        {/* A new document, so the interface messages load in the chosen language. */}
        <SecureForm action="/admin" reloadDocument className="mt-8 space-y-2">
          <input type="hidden" name="intent" value="language" />
          <input type="hidden" name="redirectTo" value="/admin" />
          <label className="block text-xs uppercase" htmlFor="admin-lng">
            {t("admin.language")}
          </label>
          <div className="flex gap-2">
            <select id="admin-lng" name="lng" defaultValue={locale} className="flex-1 rounded bg-white px-2 py-1 text-slate-900">
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`site.language.${l}`)}
                </option>
              ))}
            </select>
            <Button size="sm">{t("admin.apply")}</Button>
          </div>
        </SecureForm>
        <NavLink to="/admin/profile" className="mt-8 block text-sm underline" data-testid="admin-profile-link">
          {t("admin.profile.nav")}
        </NavLink>
        <a href="/" className="mt-4 block text-sm underline" data-testid="back-to-site">
          {t("admin.backToSite")}
        </a>
        <SecureForm action="/admin" className="mt-4">
          <input type="hidden" name="intent" value="logout" />
          <Button variant="inverse" size="sm">
            {t("admin.logout", { email: user.email })}
          </Button>
        </SecureForm>
      </aside>
      <main id="content" className="min-w-0 flex-1 bg-slate-50 p-4 md:p-8">
        {devTools ? <DevToolbar tools={devTools} locale={locale} /> : null}
        <AdminNotices {...notices} />
        <Outlet />
      </main>
    </div>
  );
}
