import { useClosedOnNavigation } from "~/lib/close-on-navigation";
import { useTranslation } from "~/lib/i18n";
import type { NavLink as NavLinkData } from "~/modules/site/site.server";
import { NavLink } from "~/modules/layout/nav-link";

/**
 * The sub-links of a main-navigation link on a wide screen: a <details> beside the link, so
 * the dropdown opens and closes with a click or a tap and without JavaScript, while the link
 * itself still leads to its own page. Like the mobile menu, it closes after a navigation.
 */
export function NavSubmenu({ link }: { link: NavLinkData }) {
  const { t } = useTranslation();
  const menu = useClosedOnNavigation();
  return (
    <details ref={menu} className="group" data-testid="nav-submenu">
      <summary
        className="cursor-pointer list-none rounded p-1 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
        aria-label={t("site.header.submenu", { label: link.label })}
      >
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
          className="group-open:rotate-180"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </summary>
      <ul className="absolute top-full left-0 z-50 mt-1 min-w-52 rounded border border-slate-200 bg-white py-1 shadow-lg">
        {link.children.map((child) => (
          <li key={child.id}>
            <NavLink {...child} className="block px-4 py-2 text-sm hover:bg-brand-50 hover:text-brand-700">
              {child.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
