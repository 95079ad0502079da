import { Link, useLocation } from "@remix-run/react";
import { withCookieSettings } from "~/lib/cookie-consent";
import { useTranslation } from "~/lib/i18n";
import type { LayoutData } from "~/modules/layout/layout.server";
import { NavLink } from "~/modules/layout/nav-link";

/** Footer (spec §2): logo list, text blocks, phone and mail, footer navigations, certificates, EU notice, copyright. */
export function Footer({ data }: { data: LayoutData }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { company, textBlocks, euNotice, logos, certificates } = data.footer;
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section>
          <ul className="mb-4 flex flex-wrap gap-3">
            {logos.map((logo) => (
              <li key={logo.src}>
                <img src={logo.src} alt={logo.alt} width={140} height={36} className="brightness-0 invert" loading="lazy" />
              </li>
            ))}
          </ul>
          {company ? (
            <address className="text-sm leading-6 not-italic">
              <strong>{company.name}</strong>
              <br />
              {company.street}
              <br />
              {company.city}, {company.country}
              <br />
              {t("site.footer.oib")}: {company.oib}
              <br />
              <a href={`tel:${company.phone.replace(/\s/g, "")}`} className="hover:underline">
                {company.phone}
              </a>
              <br />
              <a href={`mailto:${company.email}`} className="hover:underline">
                {company.email}
              </a>
            </address>
          ) : null}
        </section>
        {textBlocks.map((block) => (
          <section key={block.title}>
            <h2 className="mb-3 font-semibold text-white">{block.title}</h2>
            <p className="text-sm leading-6 whitespace-pre-line">{block.text}</p>
          </section>
        ))}
        {data.footerNavs
          .filter((nav) => nav.links.length > 0)
          .map((nav) => (
            <nav key={nav.handle} aria-label={t(`site.footer.${nav.handle}`)} data-testid={`footer-nav-${nav.handle}`}>
              <h2 className="mb-3 font-semibold text-white">{t(`site.footer.${nav.handle}`)}</h2>
              <ul className="space-y-2 text-sm">
                {nav.links.map((link) => (
                  <li key={link.id}>
                    <NavLink {...link} className="hover:underline">
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
      </div>
      {certificates.length > 0 || euNotice ? (
        <div className="border-t border-white/10">
          <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row md:items-center">
            {euNotice ? (
              <div className="flex flex-1 items-center gap-4" data-testid="eu-notice">
                {euNotice.logos.map((logo) => (
                  <img key={logo.src} src={logo.src} alt={logo.alt} height={48} width={72} loading="lazy" />
                ))}
                <p className="text-xs leading-5">{euNotice.text}</p>
              </div>
            ) : null}
            <ul className="flex gap-3" aria-label={t("site.footer.certificates")}>
              {certificates.map((c) => (
                <li key={c.src}>
                  <img src={c.src} alt={c.alt} width={56} height={56} loading="lazy" />
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-black/20 py-4 text-center text-xs">
        <span data-testid="copyright">{data.copyright}</span>
        {/* Reopens the cookie notice on this page; a plain link, so it works without JavaScript. */}
        <Link
          to={withCookieSettings(pathname, search, true)}
          preventScrollReset
          className="underline hover:no-underline"
          data-testid="cookie-settings-link"
        >
          {t("site.cookies.settings")}
        </Link>
      </div>
    </footer>
  );
}
