import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { EventView } from "./events.server";

/** The event page (spec §2, §3 Event): title, start and end, place, description, attendees count. */
export function EventPage({ event, locale, listHref }: { event: EventView; locale: Locale; listHref: string }) {
  const { t } = useTranslation();
  const row = (label: string, value: React.ReactNode, testId: string) => (
    <div className="flex gap-2">
      <dt className="w-40 shrink-0 font-medium text-slate-600">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12" data-testid="event-page">
      <Link to={listHref} className="text-sm text-brand-700 hover:underline">
        ← {t("events.backToList")}
      </Link>
      <h1 className="text-3xl font-bold text-brand-900" lang={event.lang ?? undefined}>
        {event.title}
      </h1>
      <dl className="flex flex-col gap-2">
        {row(
          t("events.start"),
          <time dateTime={event.startsAt}>{formatDate(event.startsAt, locale, { time: "short" })}</time>,
          "event-start",
        )}
        {row(t("events.end"), <time dateTime={event.endsAt}>{formatDate(event.endsAt, locale, { time: "short" })}</time>, "event-end")}
        {event.place ? row(t("events.place"), event.place, "event-place") : null}
        {row(t("events.attendees"), event.attendees, "event-attendees")}
      </dl>
      {/* Sanitised by app/modules/kernel/sanitize.server.ts in the loader. */}
      <div
        className="leading-7 text-slate-700 [&_p]:my-3"
        lang={event.lang ?? undefined}
        data-testid="event-description"
        dangerouslySetInnerHTML={{ __html: event.descriptionHtml }}
      />
    </article>
  );
}
