import { asc, eq } from "drizzle-orm";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import type { Executor } from "../client.server";
import { eventTranslations, events, media, pages, pageTranslations, postTerms, terms, termTranslations, users } from "../schema";
import { BLOG_POSTS, BLOG_TERMS, EVENTS } from "./data/blog";
import { SITE_ID } from "./data/options";
import { DEMO_ADMIN } from "./users.server";

const LANGUAGES = ["hrv", "eng", "ger"] as const;
const DAY = 24 * 60 * 60 * 1000;

const SHOP_TIME_ZONE = "Europe/Zagreb";

/** The wall-clock parts of an instant in a time zone. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute") };
}

/**
 * The instant that is `hour`:00 in Zagreb on the Zagreb calendar day of `day` (summer
 * and winter time both), so demo events start at sensible local times,
 * not at whatever hour the seed happened to run.
 */
export function zagrebTime(day: Date, hour: number): Date {
  const { year, month, day: date } = wallClock(day, SHOP_TIME_ZONE);
  const guess = Date.UTC(year, month - 1, date, hour);
  const seen = wallClock(new Date(guess), SHOP_TIME_ZONE);
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - guess;
  return new Date(guess - offset);
}

/** Demo blog: categories and tags, posts by the demo admin with catalogue pictures, and events. */
export async function seedBlog(tx: Executor) {
  // Idempotent: a site that has terms already has its blog (an editor may have changed it).
  if ((await tx.select({ id: terms.id }).from(terms).where(eq(terms.siteId, SITE_ID)).limit(1)).length) return;
  const termIds = new Map<string, number>();
  for (const [position, term] of BLOG_TERMS.entries()) {
    const [row] = await tx.insert(terms).values({ siteId: SITE_ID, type: term.type, position }).returning({ id: terms.id });
    termIds.set(term.key, row.id);
    await tx
      .insert(termTranslations)
      .values(LANGUAGES.map((code) => ({ termId: row.id, languageCode: code, name: term.names[code][0], slug: term.names[code][1] })));
  }
  const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  // Pictures from the media library the catalogue seeded (none without the demo catalogue).
  const pictures = await tx.select({ id: media.id }).from(media).orderBy(asc(media.id)).limit(6);
  const now = Date.now();
  for (const [i, post] of BLOG_POSTS.entries()) {
    const [row] = await tx
      .insert(pages)
      .values({
        siteId: SITE_ID,
        postType: "post",
        status: post.status ?? "published",
        publishedAt: new Date(now - post.daysAgo * DAY),
        author: author?.id ?? null,
        imageId: pictures.length ? pictures[i % pictures.length].id : null,
      })
      .returning({ id: pages.id });
    await tx.insert(pageTranslations).values(
      LANGUAGES.flatMap((code) => {
        const text = post[code];
        return text
          ? [{ pageId: row.id, languageCode: code, title: text.title, slug: text.slug, bodyHtml: sanitizeCmsHtml(text.bodyHtml) }]
          : [];
      }),
    );
    await tx.insert(postTerms).values(post.terms.map((key) => ({ postId: row.id, termId: termIds.get(key)! })));
  }
  for (const event of EVENTS) {
    const startsAt = zagrebTime(new Date(now + event.daysFromNow * DAY), event.startHour);
    const [row] = await tx
      .insert(events)
      .values({
        siteId: SITE_ID,
        startsAt,
        endsAt: new Date(startsAt.getTime() + event.hours * 3_600_000),
        place: event.place,
        attendees: event.attendees,
      })
      .returning({ id: events.id });
    await tx.insert(eventTranslations).values(
      LANGUAGES.flatMap((code) => {
        const text = event[code];
        return text
          ? [{ eventId: row.id, languageCode: code, title: text.title, descriptionHtml: sanitizeCmsHtml(text.descriptionHtml) }]
          : [];
      }),
    );
  }
}
