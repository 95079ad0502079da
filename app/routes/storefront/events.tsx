import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { EventList } from "~/modules/blog/blog-view";
import { listEvents } from "~/modules/events/events.server";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["blog", "events"] };

/** The events list (spec §7 event/public/filter): upcoming events soonest first, then past ones. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const [site, t, events] = await Promise.all([getSiteContext(locale), getFixedT(locale), listEvents(locale)]);
  return {
    locale,
    origin: env.PUBLIC_URL,
    title: `${t("events.title")} | ${site.site.name}`,
    description: metaDescription(t, "events"),
    alternates: Object.fromEntries(LOCALES.map((l) => [l, href("events", l)])),
    upcoming: events.filter((e) => e.upcoming),
    past: events.filter((e) => !e.upcoming),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...titleMeta({ data })];

export default function Events() {
  const { upcoming, past, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12" data-testid="events-page">
      <h1 className="text-3xl font-bold text-brand-900">{t("events.title")}</h1>
      <section aria-labelledby="events-upcoming" data-testid="events-upcoming">
        <h2 id="events-upcoming" className="mb-3 text-xl font-semibold">
          {t("events.upcoming")}
        </h2>
        <EventList events={upcoming} locale={locale} />
      </section>
      {past.length ? (
        <section aria-labelledby="events-past" data-testid="events-past">
          <h2 id="events-past" className="mb-3 text-xl font-semibold">
            {t("events.past")}
          </h2>
          <EventList events={past} locale={locale} />
        </section>
      ) : null}
    </div>
  );
}
