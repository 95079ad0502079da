import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { getEvent } from "~/modules/events/events.server";
import { EventPage } from "~/modules/events/event-view";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";
import { LOCALES, localePrefix } from "~/lib/locales";
import { logoPath, previewImage, seoTags } from "~/modules/site/seo.server";
import { eventJsonLd } from "~/modules/site/structured-data.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["events"] };

/** Event page by id (spec §2); an id that is not a number is a bad request, an unknown one 404, never a 500. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? "")) throw new Response("Bad Request", { status: 400 });
  const { locale } = requestLocale(request);
  const id = Number(params.id);
  const [site, event] = await Promise.all([getSiteContext(locale), id < 2 ** 31 ? getEvent(id, locale) : null]);
  if (!event) throw new Response((await getFixedT(locale))("error.pageNotFound"), { status: 404 });
  const origin = env.PUBLIC_URL;
  const description = event.descriptionHtml
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160);
  const logo = logoPath(site.options.Logo);
  const image = previewImage(origin, logo);
  const jsonLd = eventJsonLd({
    url: origin + event.href,
    name: event.title,
    description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    place: event.place,
    image,
    locale: event.lang ?? locale,
    organizer: { name: site.site.name, url: origin + (localePrefix(locale) || "/"), logo: image },
  });
  return {
    locale,
    origin,
    title: `${event.title} | ${site.site.name}`,
    description,
    // Link previews and the schema.org Event (decision 0036); an event has no picture of its own.
    seo: seoTags({ origin, locale, path: event.href, type: "website", fallbackImagePath: logo, jsonLd: [jsonLd] }),
    alternates: Object.fromEntries(LOCALES.map((l) => [l, href("event", l, { id: params.id })])),
    listHref: href("events", locale),
    event,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...titleMeta({ data })];

export default function Event() {
  const { event, locale, listHref } = useLoaderData<typeof loader>();
  return <EventPage event={event} locale={locale} listHref={listHref} />;
}
