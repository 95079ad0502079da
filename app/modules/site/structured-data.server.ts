import type { JsonLd } from "~/lib/structured-data";

/**
 * schema.org objects of a blog post and an event (decision 0036), from plain values the
 * route gathers; every URL absolute. What Google's rich results read: an Article's
 * headline (at most 110 characters), dates, author, image and publisher; an Event's name,
 * dates, place, organiser and description.
 */

export type Publisher = { name: string; url: string; logo: string | null };

const HEADLINE_MAX = 110;

function organizationOf(publisher: Publisher): JsonLd {
  return { "@type": "Organization", name: publisher.name, url: publisher.url, ...(publisher.logo ? { logo: publisher.logo } : {}) };
}

export type ArticleInput = {
  url: string;
  headline: string;
  description: string;
  publishedAt: string;
  author: string | null;
  image: string | null;
  locale: string;
  publisher: Publisher;
};

/** A blog post as an Article; a post without a named author is the shop's own. */
export function articleJsonLd(input: ArticleInput): JsonLd {
  const headline = input.headline.length > HEADLINE_MAX ? `${input.headline.slice(0, HEADLINE_MAX - 1)}…` : input.headline;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline,
    ...(input.description ? { description: input.description } : {}),
    url: input.url,
    mainEntityOfPage: input.url,
    inLanguage: input.locale,
    datePublished: input.publishedAt,
    author: input.author ? { "@type": "Person", name: input.author } : organizationOf(input.publisher),
    ...(input.image ? { image: [input.image] } : {}),
    publisher: organizationOf(input.publisher),
  };
}

export type EventInput = {
  url: string;
  name: string;
  description: string;
  startsAt: string;
  endsAt: string;
  place: string;
  image: string | null;
  locale: string;
  organizer: Publisher;
};

// The calendar keeps one place text: "Online" (or a link) is how an editor marks a webinar.
const ONLINE_PLACE = /^(online|on-line|webinar|https?:\/\/\S+)$/i;

/** An event at its place, or online when the place says so. */
export function eventJsonLd(input: EventInput): JsonLd {
  const online = ONLINE_PLACE.test(input.place.trim());
  const link = /^https?:\/\//i.test(input.place.trim()) ? input.place.trim() : input.url;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    url: input.url,
    inLanguage: input.locale,
    startDate: input.startsAt,
    endDate: input.endsAt,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: `https://schema.org/${online ? "Online" : "Offline"}EventAttendanceMode`,
    location: online ? { "@type": "VirtualLocation", url: link } : { "@type": "Place", name: input.place, address: input.place },
    ...(input.image ? { image: [input.image] } : {}),
    organizer: organizationOf(input.organizer),
  };
}
