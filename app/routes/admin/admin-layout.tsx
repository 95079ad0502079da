import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useClosedOnNavigation } from "~/lib/close-on-navigation";
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
// orders and consent: the audit trail of every detail screen names an order's states and a
// sender's type with the labels of the screens that show them.
export const handle = {
  i18n: [
    "admin",
    "adminApi",
    "adminCatalog",
    "adminCommunity",
    "adminContent",
    "adminCoupons",
    "adminCustomers",
    "adminCustomerGroups",
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
    "orders",
    "consent",
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
    // Money in the audit trails of every screen is written in the shop's currency.
    currency: { label: site.currency.label, symbol: site.currency.symbol },
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
  // A tap on a menu link navigates in place: fold the menu again (as the shop's phone menu does).
  const menuBox = useClosedOnNavigation();
  return (
    // On a phone the menu is folded above the screen behind "Izbornik" (a <details>, so without
    // JavaScript too) and the screen starts at once; from md up it is open beside it (decision 0102).
    <div className="flex min-h-screen flex-col md:flex-row" data-testid="admin-layout">
      <SkipLink />
      <aside className="w-full shrink-0 bg-brand-900 px-4 py-2 text-brand-50 md:w-60 md:p-4">
        <details ref={menuBox} className="md:[&::details-content]:[content-visibility:visible]" data-testid="admin-menu">
          <summary
            className="flex cursor-pointer list-none items-center justify-between gap-4 md:hidden [&::-webkit-details-marker]:hidden"
            data-testid="admin-menu-toggle"
          >
            <span className="text-lg font-bold">{t("admin.title")}</span>
            <span className="flex items-center gap-2 rounded border border-white/40 px-3 py-2 text-sm">
              <MenuIcon />
              {t("admin.menuToggle")}
            </span>
          </summary>
          <p className="mb-6 hidden text-lg font-bold md:block">{t("admin.title")}</p>
          <div className="pt-4 pb-2 md:p-0">
            <AdminMenu menu={menu} menuGroups={menuGroups} />
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
          </div>
        </details>
      </aside>
      {/* Every checkbox of every screen is a 24 px target on a phone (WCAG 2.5.8), one rule for all. */}
      {/* On a phone a long unbroken word (an e-mail, a SKU, a figure an editor typed) wraps rather
          than widening the screen; a table keeps its words and scrolls in its own box. */}
      <main
        id="content"
        className="min-w-0 flex-1 bg-slate-50 p-4 max-md:[overflow-wrap:anywhere] max-md:[&_input[type=checkbox]:not(.sr-only)]:size-6 max-md:[&_table]:[overflow-wrap:normal] md:p-8"
      >
        {devTools ? <DevToolbar tools={devTools} locale={locale} /> : null}
        <AdminNotices {...notices} />
        <Outlet />
      </main>
    </div>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** The screens of the user's scope in their groups. */
function AdminMenu({ menu, menuGroups }: Pick<Loaded, "menu" | "menuGroups">) {
  const { t } = useTranslation();
  const item = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 text-sm ${isActive ? "bg-brand-600 text-white" : "hover:bg-white/10"}`;
  return (
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
  );
}

function MenuIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
