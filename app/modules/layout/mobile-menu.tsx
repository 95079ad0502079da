import { useClosedOnNavigation } from "~/lib/close-on-navigation";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { LanguageSwitch } from "~/modules/layout/language-switch";
import { NavLink } from "~/modules/layout/nav-link";
import { HeaderSearch } from "~/modules/search/header-search";
import type { NavLink as NavLinkData } from "~/modules/site/site.server";

/**
 * The phone's menu: a <details>, so it opens and closes without JavaScript, with the search
 * box, the main navigation (sub-links listed under their link) and the language switch. The
 * header loads its code after the page (the first-load budget). A tap on a menu link
 * navigates in place: the menu closes then (decision 0037).
 */
export function MobileMenu({ mainNav, locale }: { mainNav: NavLinkData[]; locale: Locale }) {
  const { t } = useTranslation();
  const menu = useClosedOnNavigation();
  return (
    <details ref={menu} className="group relative lg:hidden" data-testid="mobile-menu">
      <summary className="cursor-pointer list-none rounded p-2 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{t("site.header.menu")}</span>
        <MenuIcon />
      </summary>
      <div className="fixed inset-x-0 top-16 border-b border-slate-200 bg-white p-4 shadow-lg">
        <div className="mb-3 md:hidden">
          <HeaderSearch locale={locale} id="mobile-search-text" />
        </div>
        <ul className="flex flex-col">
          {mainNav.map((link) => (
            <li key={link.id}>
              <NavLink {...link} className="block rounded px-3 py-3 font-medium hover:bg-brand-50">
                {link.label}
              </NavLink>
              {link.children.length > 0 ? <SubLinks link={link} /> : null}
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-slate-100 pt-3">
          <LanguageSwitch current={locale} />
        </div>
      </div>
    </details>
  );
}

function SubLinks({ link }: { link: NavLinkData }) {
  return (
    <ul className="ml-4 border-l border-slate-100">
      {link.children.map((child) => (
        <li key={child.id}>
          <NavLink {...child} className="block rounded px-3 py-2 hover:bg-brand-50">
            {child.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}
