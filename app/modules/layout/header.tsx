import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { href } from "~/lib/routes-table";
import { localePrefix } from "~/lib/locales";
import { HeaderSearch as HeaderSearchNow } from "~/modules/search/header-search";
import type { RootData } from "~/root";
import type { LayoutData } from "~/modules/layout/layout.server";
import { serverFirst } from "~/lib/server-first";
import { LanguageSwitch as LanguageSwitchNow } from "~/modules/layout/language-switch";
import { NavLink } from "~/modules/layout/nav-link";
import { NavSubmenu as NavSubmenuNow } from "~/modules/layout/nav-submenu";
import { MobileMenu as MobileMenuNow } from "~/modules/layout/mobile-menu";

// Rendered by the server and working without their code, which loads after the page
// (first-load JavaScript budget): the language links load a new document anyway, and the
// search box is a GET form that becomes a client navigation once its code is in.
const LanguageSwitch = serverFirst(import.meta.env.SSR ? LanguageSwitchNow : null, () =>
  import("~/modules/layout/language-switch").then((m) => m.LanguageSwitch),
);
const HeaderSearch = serverFirst(import.meta.env.SSR ? HeaderSearchNow : null, () =>
  import("~/modules/search/header-search").then((m) => m.HeaderSearch),
);

// Sub-links in a <details>, and the phone's menu, a <details> too: both open without
// JavaScript, so their code loads after the page.
const NavSubmenu = serverFirst(import.meta.env.SSR ? NavSubmenuNow : null, () =>
  import("~/modules/layout/nav-submenu").then((m) => m.NavSubmenu),
);
const MobileMenu = serverFirst(import.meta.env.SSR ? MobileMenuNow : null, () =>
  import("~/modules/layout/mobile-menu").then((m) => m.MobileMenu),
);

/**
 * Site header: logo, main navigation, phone and mail, search box, account link, cart badge,
 * language switch. The
 * mobile menu is a <details> element, so it opens and closes without JavaScript; so is a
 * link's dropdown of sub-links on a wide screen (NavSubmenu). In the mobile menu the
 * sub-links are always shown, indented under their link.
 */
export function Header({ data }: { data: LayoutData }) {
  const { t } = useTranslation();
  const home = localePrefix(data.locale) || "/";
  const cartHref = href("cart", data.locale);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur" data-testid="site-header">
      <div className="hidden bg-brand-900 text-xs text-brand-50 md:block">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-1.5">
          <span>{data.header.tagline}</span>
          <span className="flex gap-4">
            {data.header.phone ? <a href={`tel:${data.header.phone.replace(/\s/g, "")}`}>{data.header.phone}</a> : null}
            {data.header.email ? <a href={`mailto:${data.header.email}`}>{data.header.email}</a> : null}
          </span>
        </div>
      </div>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to={home} className="flex shrink-0 items-center" aria-label={t("site.header.home")}>
          <img src={data.logo.src} alt={data.logo.alt} width={140} height={36} />
        </Link>
        <nav aria-label={t("site.header.mainNav")} className="hidden flex-1 lg:block">
          <ul className="flex items-center gap-1">
            {data.mainNav.map((link) => (
              <li key={link.id} className={link.children.length > 0 ? "relative flex items-center" : undefined}>
                <NavLink {...link} className="rounded px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700">
                  {link.label}
                </NavLink>
                {link.children.length > 0 ? <NavSubmenu link={link} /> : null}
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden md:block">
            <HeaderSearch locale={data.locale} id="header-search-text" />
          </div>
          <div className="hidden sm:block">
            <LanguageSwitch current={data.locale} />
          </div>
          <AccountLink locale={data.locale} />
          <Link
            to={cartHref}
            className="relative rounded p-2 hover:bg-brand-50"
            aria-label={t("site.header.cartWithCount", { count: data.cartCount })}
            data-testid="cart-link"
          >
            <CartIcon />
            <span
              className="absolute -top-1 -right-1 min-w-5 rounded-full bg-accent-700 px-1 text-center text-xs leading-5 font-bold text-white"
              data-testid="cart-badge"
            >
              {data.cartCount}
            </span>
          </Link>
          <MobileMenu mainNav={data.mainNav} locale={data.locale} />
        </div>
      </div>
    </header>
  );
}

/**
 * Login for visitors, the profile for customers (decision 0010). The root loader knows the user,
 * so the link is right in the server's HTML; a signed-in customer's kept page has their
 * name filled in (decision 0135).
 */
function AccountLink({ locale }: { locale: LayoutData["locale"] }) {
  const { t } = useTranslation();
  const user = useRouteLoaderData<RootData>("root")?.user;
  const label = user ? t("site.header.account", { name: user.firstName || user.email }) : t("site.header.login");
  return (
    <Link
      to={href(user ? "profile" : "login", locale)}
      className="rounded p-2 hover:bg-brand-50"
      aria-label={label}
      title={label}
      data-testid="account-link"
    >
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
      </svg>
    </Link>
  );
}

function CartIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="9" cy="21" r="1" />
      <circle cx="20" cy="21" r="1" />
      <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
    </svg>
  );
}
