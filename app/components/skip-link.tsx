import { useTranslation } from "~/lib/i18n";

/**
 * "Skip to content" (WCAG 2.4.1, issue 18 item 4): the first focusable element of a
 * layout, hidden off screen until the keyboard reaches it (styles: .skip-link in
 * app.css, so the link costs the page's HTML only its text). The layout's <main> has
 * id="content".
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#content" className="skip-link">
      {t("site.skipToContent")}
    </a>
  );
}
