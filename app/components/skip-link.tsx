import { useTranslation } from "~/lib/i18n";

/**
 * "Skip to content" (WCAG 2.4.1, decision 0067): the admin layout's first focusable
 * element, hidden off screen until the keyboard reaches it (styles: .skip-link in app.css,
 * so the link costs the page's HTML only its text). The layout's <main> has id="content".
 * The shop's header writes the same link out itself: shared by both layouts this module
 * became a chunk of its own on every shop page (first-load JS budget).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#content" className="skip-link">
      {t("site.skipToContent")}
    </a>
  );
}
