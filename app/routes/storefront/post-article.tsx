import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { PROSE } from "~/modules/cms/page-article";
import { CommentsSection } from "~/modules/comments/comments-section";
import type { CommentsData } from "~/modules/comments/comments.server";
import { ResponsiveImage } from "~/modules/media/responsive-image";
import type { PostDetails } from "~/modules/blog/blog.server";

type Props = {
  post: { title: string; bodyHtml: string; contentLocale: Locale | null };
  details: PostDetails;
  comments: CommentsData | null;
  locale: Locale;
};

/** The post view (spec §2): title, author and date, picture, sanitised HTML body, its categories and tags, then comments. */
export function PostArticle({ post, details, comments, locale }: Props) {
  const { t } = useTranslation();
  const untranslated = post.contentLocale !== null && post.contentLocale !== locale;
  const lang = untranslated ? (post.contentLocale ?? undefined) : undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-12">
      <article lang={lang} data-testid="post-view">
        {untranslated ? (
          <p
            className="mb-6 rounded border border-brand-100 bg-brand-50 px-4 py-2 text-sm text-brand-900"
            lang={locale}
            data-testid="untranslated-notice"
          >
            {t("blog.untranslated")}
          </p>
        ) : null}
        <h1 className="text-3xl font-bold text-slate-900 md:text-4xl">{post.title}</h1>
        <p className="mt-3 flex flex-wrap gap-x-4 text-sm text-slate-600" lang={locale} data-testid="post-meta">
          {details.author ? <span data-testid="post-author">{t("blog.by", { name: details.author })}</span> : null}
          <time dateTime={details.publishedAt} data-testid="post-date">
            {t("blog.publishedOn", { date: formatDate(details.publishedAt, locale) })}
          </time>
        </p>
        {details.image ? (
          <ResponsiveImage
            media={details.image}
            size="large"
            sizes="(min-width: 768px) 48rem, 100vw"
            eager
            className="mt-6 h-auto w-full rounded bg-slate-50 object-contain"
          />
        ) : null}
        {/* Sanitised by app/modules/kernel/sanitize.server.ts when saved and again in the loader. */}
        <div className={PROSE} data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
        {details.terms.length ? (
          <ul className="mt-8 flex flex-wrap gap-2" lang={locale} data-testid="post-terms">
            {details.terms.map((term) => (
              <li key={term.id}>
                <Link
                  to={term.href}
                  className={`block rounded-full border px-3 py-1 text-sm hover:bg-brand-50 ${term.type === "category" ? "border-brand-600 text-brand-800" : "border-slate-300 text-slate-700"}`}
                >
                  {term.type === "tag" ? "#" : ""}
                  {term.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </article>
      {comments ? <CommentsSection data={comments} locale={locale} /> : null}
    </div>
  );
}
