import { and, asc, count, eq, gte, inArray, lt, desc, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { events, eventTranslations } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";

export type EventCard = { id: number; title: string; href: string; startsAt: string; endsAt: string; place: string; upcoming: boolean };
export type EventView = EventCard & { descriptionHtml: string; attendees: number; lang: Locale | null };

type Row = typeof events.$inferSelect;
type Text = typeof eventTranslations.$inferSelect;

function pickText(rows: Text[], locale: Locale): Text | undefined {
  return rows.find((r) => r.languageCode === LOCALE_LANGUAGE_CODE[locale]) ?? rows.find((r) => r.languageCode === "hrv");
}

function card(row: Row, text: Text, locale: Locale, now: Date): EventCard {
  return {
    id: row.id,
    title: text.title,
    href: href("event", locale, { id: String(row.id) }),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    place: row.place,
    // Running events count as upcoming until they end.
    upcoming: row.endsAt >= now,
  };
}

async function textsOf(ids: number[]) {
  if (ids.length === 0) return new Map<number, Text[]>();
  const db = await getDb();
  const rows = await db.select().from(eventTranslations).where(inArray(eventTranslations.eventId, ids));
  const map = new Map<number, Text[]>();
  for (const row of rows) map.set(row.eventId, [...(map.get(row.eventId) ?? []), row]);
  return map;
}

/** The calendar (spec §7 event/public/filter): upcoming events soonest first, then past ones, latest first. */
export async function listEvents(locale: Locale, { pastLimit = 20, upcomingLimit = 50 } = {}): Promise<EventCard[]> {
  const db = await getDb();
  const now = new Date();
  const live = and(eq(events.siteId, SITE_ID), eq(events.published, true));
  const [upcoming, past] = await Promise.all([
    db
      .select()
      .from(events)
      .where(and(live, gte(events.endsAt, now)))
      .orderBy(asc(events.startsAt))
      .limit(upcomingLimit),
    pastLimit > 0
      ? db
          .select()
          .from(events)
          .where(and(live, lt(events.endsAt, now)))
          .orderBy(desc(events.startsAt))
          .limit(pastLimit)
      : [],
  ]);
  const rows = [...upcoming, ...past];
  const texts = await textsOf(rows.map((r) => r.id));
  return rows.flatMap((row) => {
    const text = pickText(texts.get(row.id) ?? [], locale);
    return text ? [card(row, text, locale, now)] : [];
  });
}

/**
 * One page of the whole calendar in the order of listEvents (upcoming soonest first, then past
 * ones, latest first; the id breaks ties so pages never overlap), with the count of events.
 */
export async function pageOfEvents(
  locale: Locale,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ records: EventCard[]; totalRecords: number }> {
  const db = await getDb();
  const now = new Date();
  const live = and(eq(events.siteId, SITE_ID), eq(events.published, true));
  const upcoming = gte(events.endsAt, now);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(events).where(live),
    db
      .select()
      .from(events)
      .where(live)
      .orderBy(
        sql`case when ${upcoming} then 0 else 1 end`,
        sql`case when ${upcoming} then ${events.startsAt} end asc`,
        desc(events.startsAt),
        asc(events.id),
      )
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const texts = await textsOf(rows.map((r) => r.id));
  const records = rows.flatMap((row) => {
    const text = pickText(texts.get(row.id) ?? [], locale);
    return text ? [card(row, text, locale, now)] : [];
  });
  return { records, totalRecords: total };
}

/** One published event by id (spec §7 event/public/get), its description sanitised. */
export async function getEvent(id: number, locale: Locale): Promise<EventView | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.siteId, SITE_ID), eq(events.published, true)));
  if (!row) return null;
  const text = pickText((await textsOf([id])).get(id) ?? [], locale);
  if (!text) return null;
  const contentLocale = LOCALES.find((l) => LOCALE_LANGUAGE_CODE[l] === text.languageCode) ?? null;
  return {
    ...card(row, text, locale, new Date()),
    descriptionHtml: sanitizeCmsHtml(text.descriptionHtml),
    attendees: row.attendees,
    lang: contentLocale !== locale ? contentLocale : null,
  };
}

/** Sitemap: every published event in every language. */
export async function listEventPaths(): Promise<{ paths: Partial<Record<Locale, string>> }[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.siteId, SITE_ID), eq(events.published, true)));
  return rows.map((r) => ({ paths: Object.fromEntries(LOCALES.map((l) => [l, href("event", l, { id: String(r.id) })])) }));
}
