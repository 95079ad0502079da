import { Link, useNavigation } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { ResponsiveImage } from "~/modules/media/responsive-image";
import type { EventCard } from "~/modules/events/events.server";
import type { BlogPageData } from "./blog-page.server";
import type { PostCard } from "./blog.server";

/** The blog list or a category/tag view (spec §2): posts newest first, pagination and load more, categories and upcoming events beside. */
export function BlogPage({ data }: { data: BlogPageData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === data.alternates[data.locale];
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_18rem]" data-testid="blog-page">
      <section aria-labelledby="blog-heading" className="flex flex-col gap-6">
        <header>
          {data.term ? (
            <Link to={data.blogHref} className="text-sm text-brand-700 hover:underline">
              ← {t("blog.allPosts")}
            </Link>
          ) : null}
          <h1 id="blog-heading" className="text-3xl font-bold text-brand-900">
            {data.heading}
          </h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="blog-total">
            {t("blog.total", { total: data.info.totalRecords })}
          </p>
        </header>
        {data.records.length ? (
          <ul className={`flex flex-col gap-6 ${loading ? "opacity-60" : ""}`} data-testid="post-list" aria-busy={loading}>
            {data.records.map((post, i) => (
              <li key={post.id}>
                <PostCardView post={post} locale={data.locale} eager={i === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded bg-slate-50 p-6 text-slate-600">{t("blog.empty")}</p>
        )}
        {data.moreHref ? (
          <Link
            to={data.moreHref}
            replace
            preventScrollReset
            className="self-center rounded border border-brand-600 px-6 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            data-testid="load-more"
          >
            {t("blog.loadMore")}
          </Link>
        ) : null}
        {data.onepage ? null : <Pagination info={data.info} />}
      </section>
      <aside className="flex flex-col gap-8">
        <nav aria-labelledby="blog-categories">
          <h2 id="blog-categories" className="mb-2 font-semibold text-brand-900">
            {t("blog.categories")}
          </h2>
          <ul className="flex flex-col gap-1" data-testid="blog-categories">
            {data.categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={c.href}
                  aria-current={data.term?.id === c.id ? "page" : undefined}
                  className="text-brand-700 hover:underline aria-[current=page]:font-semibold"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="blog-events">
          <h2 id="blog-events" className="mb-2 font-semibold text-brand-900">
            {t("blog.upcomingEvents")}
          </h2>
          <EventList events={data.events} locale={data.locale} />
          <Link to={data.eventsHref} className="mt-2 inline-block text-sm text-brand-700 hover:underline">
            {t("blog.allEvents")}
          </Link>
        </section>
      </aside>
    </div>
  );
}

function PostCardView({ post, locale, eager }: { post: PostCard; locale: Locale; eager: boolean }) {
  const { t } = useTranslation();
  return (
    <article
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[12rem_1fr]"
      data-testid="post-card"
      lang={post.lang ?? undefined}
    >
      <Link
        to={post.href}
        prefetch="intent"
        className="block aspect-[4/3] overflow-hidden rounded bg-slate-50"
        tabIndex={-1}
        aria-hidden="true"
      >
        {post.image ? (
          <ResponsiveImage
            media={post.image}
            size="medium"
            sizes="12rem"
            eager={eager}
            alt=""
            className="h-full w-full object-contain p-2"
          />
        ) : null}
      </Link>
      <div className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold text-brand-900">
          <Link to={post.href} prefetch="intent" className="hover:text-brand-600">
            {post.title}
          </Link>
        </h2>
        <time dateTime={post.publishedAt} className="text-sm text-slate-500" lang={locale}>
          {formatDate(post.publishedAt, locale)}
        </time>
        <p className="text-slate-700">{post.excerpt}</p>
        <Link to={post.href} className="text-sm font-semibold text-brand-700 hover:underline" lang={locale}>
          {t("blog.readMore")}
        </Link>
      </div>
    </article>
  );
}

/** Events with their dates; used beside the blog and on the events page. */
export function EventList({ events, locale }: { events: EventCard[]; locale: Locale }) {
  const { t } = useTranslation();
  if (events.length === 0) return <p className="text-sm text-slate-600">{t("events.empty")}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="event-list">
      {events.map((event) => (
        <li key={event.id}>
          <Link to={event.href} className="font-medium text-brand-700 hover:underline">
            {event.title}
          </Link>
          <p className="text-sm text-slate-600">
            <time dateTime={event.startsAt}>{formatDate(event.startsAt, locale, { time: "short" })}</time>
            {event.place ? ` · ${event.place}` : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
