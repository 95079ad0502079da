import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

/**
 * Typography for CMS HTML without a typography plugin: descendant variants style the
 * elements the sanitiser lets through (headings, lists, links, images, tables, quotes).
 */
export const PROSE = [
  "leading-7 text-slate-700",
  "[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h5]:mt-4 [&_h5]:font-semibold [&_h6]:mt-4 [&_h6]:font-semibold",
  "[&_p]:my-4 [&_li]:my-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6",
  "[&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-900 [&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_hr]:my-8 [&_hr]:border-slate-200 [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded",
  "[&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-slate-500",
  "[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm max-md:[&_table]:block max-md:[&_table]:overflow-x-auto",
  "[&_caption]:mb-2 [&_caption]:text-left [&_caption]:font-semibold",
  "[&_th]:border-b [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2",
].join(" ");

type Props = {
  page: { title: string; bodyHtml: string; contentLocale: Locale | null };
  locale: Locale;
  /** The home page's title is its hero; the body follows without a second h1. */
  showTitle?: boolean;
};

/** A CMS page: title and its (server-sanitised) HTML body, marked with the language it is written in. */
export function PageArticle({ page, locale, showTitle = true }: Props) {
  const { t } = useTranslation();
  const untranslated = page.contentLocale !== null && page.contentLocale !== locale;
  return (
    <article
      className="mx-auto max-w-3xl px-4 py-12"
      lang={untranslated ? (page.contentLocale ?? undefined) : undefined}
      data-testid="cms-page"
    >
      {untranslated ? (
        <p
          className="mb-6 rounded border border-brand-100 bg-brand-50 px-4 py-2 text-sm text-brand-900"
          lang={locale}
          data-testid="untranslated-notice"
        >
          {t("site.page.untranslated")}
        </p>
      ) : null}
      {showTitle ? <h1 className="text-3xl font-bold text-slate-900 md:text-4xl">{page.title}</h1> : null}
      {/* Sanitised by app/modules/kernel/sanitize.server.ts when saved and again in the loader. */}
      <div className={PROSE} dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
    </article>
  );
}
