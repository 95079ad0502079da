import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { eventAttendees, events, eventTranslations } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { EventInput } from "./content-admin.schema";
import { fromShopTime, toShopTime } from "./shop-time";

/**
 * Calendar events in the backoffice (decision 0054; spec §3 Event: startEvent, endEvent,
 * eventAttendees): the list (upcoming or past, search, CSV) and the editor (start, end not
 * before the start, place, published, title and description per language). Attendees are
 * in event-attendees.server.ts.
 */
type EventRow = typeof events.$inferSelect;

export const eventNotFound = () =>
  new DomainError("eventNotFound", { message: "Event not found", key: "adminContent.events.errors.notFound", status: 404 });

export const eventListQuery = listQuery(
  { sorts: ["startsAt", "attendees"], sort: "startsAt", dir: "desc" },
  { when: z.enum(["upcoming", "past"]).optional(), published: z.enum(["yes", "no"]).optional() },
);
export type EventListQuery = z.output<typeof eventListQuery>;
export type EventListRow = {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
  place: string;
  attendees: number;
  published: boolean;
  languages: Locale[];
};

function conditions(query: EventListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(events.siteId, SITE_ID)];
  const now = new Date();
  // Running events count as upcoming until they end, as on the public calendar.
  if (query.when === "upcoming") where.push(gte(events.endsAt, now));
  if (query.when === "past") where.push(lt(events.endsAt, now));
  if (query.published) where.push(eq(events.published, query.published === "yes"));
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      or(
        ilike(events.place, p),
        exists(
          sql`(select 1 from ${eventTranslations} where ${eventTranslations.eventId} = ${events.id} and ${ilike(eventTranslations.title, p)})`,
        ),
      ),
    );
  }
  return and(...where);
}

async function selectEvents(query: EventListQuery, limit: number, offset: number): Promise<EventListRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select()
    .from(events)
    .where(conditions(query))
    .orderBy(direction(query.sort === "attendees" ? events.attendees : events.startsAt), direction(events.id))
    .limit(limit)
    .offset(offset);
  const texts = rows.length
    ? await db
        .select()
        .from(eventTranslations)
        .where(
          inArray(
            eventTranslations.eventId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => {
    const own = texts.filter((t) => t.eventId === row.id);
    return {
      id: row.id,
      title: (own.find((t) => t.languageCode === "hrv") ?? own[0])?.title ?? `#${row.id}`,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      place: row.place,
      attendees: row.attendees,
      published: row.published,
      languages: LOCALES.filter((l) => own.some((t) => t.languageCode === LOCALE_LANGUAGE_CODE[l])),
    };
  });
}

export async function listAdminEvents(query: EventListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(events).where(conditions(query));
  const page = listPage(total, query);
  return { rows: await selectEvents(query, page.limit, page.offset), page };
}
export const exportAdminEvents = (query: EventListQuery) => selectEvents(query, CSV_MAX_ROWS, 0);

/** The editor's values of an event (times as the shop's wall clock) and its attendees; null when there is none. */
export async function eventEditView(id: number) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.siteId, SITE_ID)));
  if (!row) return null;
  const [texts, attendees] = await Promise.all([
    db.select().from(eventTranslations).where(eq(eventTranslations.eventId, id)),
    db.select().from(eventAttendees).where(eq(eventAttendees.eventId, id)).orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.id)),
  ]);
  const translations = Object.fromEntries(
    LOCALES.map((l) => {
      const own = texts.find((t) => t.languageCode === LOCALE_LANGUAGE_CODE[l]);
      return [l, { title: own?.title ?? "", descriptionHtml: own?.descriptionHtml ?? "" }];
    }),
  ) as Record<Locale, { title: string; descriptionHtml: string }>;
  return {
    id: row.id,
    version: row.version,
    attendeesTotal: row.attendees,
    values: {
      startsAt: toShopTime(row.startsAt),
      endsAt: toShopTime(row.endsAt),
      place: row.place,
      published: row.published ? "on" : "",
      translations,
    },
    attendees: attendees.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      seats: a.seats,
      note: a.note,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

function auditView(row: Pick<EventRow, "startsAt" | "endsAt" | "place" | "published">, texts: { languageCode: string; title: string }[]) {
  return {
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    place: row.place,
    published: row.published,
    ...Object.fromEntries(texts.map((t) => [t.languageCode, t.title])),
  };
}

/** Creates (id null) or changes an event with its texts; returns its id. */
export async function saveEvent(staff: Staff, id: number | null, input: EventInput): Promise<number> {
  const startsAt = fromShopTime(input.startsAt);
  const endsAt = fromShopTime(input.endsAt);
  if (endsAt < startsAt)
    throw new DomainError("eventDates", {
      message: "End before start",
      key: "adminContent.events.errors.endBeforeStart",
      status: 400,
      field: "endsAt",
    });
  const columns = { startsAt, endsAt, place: input.place, published: input.published };
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    let eventId: number;
    let before: EventRow | undefined;
    if (id === null) {
      const [row] = await tx
        .insert(events)
        .values({ siteId: SITE_ID, ...columns })
        .returning();
      eventId = row.id;
    } else {
      [before] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, id), eq(events.siteId, SITE_ID)))
        .for("update");
      if (!before) throw eventNotFound();
      checkVersion(before.version, input.version ?? -1);
      await tx
        .update(events)
        .set({ ...columns, version: before.version + 1 })
        .where(eq(events.id, id));
      eventId = id;
    }
    const old = await tx.select().from(eventTranslations).where(eq(eventTranslations.eventId, eventId));
    const after: { languageCode: string; title: string }[] = [];
    for (const locale of LOCALES) {
      const code = LOCALE_LANGUAGE_CODE[locale];
      const own = input.translations[locale];
      const existing = old.find((t) => t.languageCode === code);
      if (!own?.title) {
        if (existing) await tx.delete(eventTranslations).where(eq(eventTranslations.id, existing.id));
        continue;
      }
      const text = { title: own.title, descriptionHtml: sanitizeCmsHtml(own.descriptionHtml) };
      if (existing) await tx.update(eventTranslations).set(text).where(eq(eventTranslations.id, existing.id));
      else await tx.insert(eventTranslations).values({ eventId, languageCode: code, ...text });
      after.push({ languageCode: code, title: own.title });
    }
    await recordAudit(tx, staff, {
      entity: "event",
      entityId: eventId,
      action: before ? "update" : "create",
      ...(before ? changedFields(auditView(before, old), auditView(columns, after)) : { after: auditView(columns, after) }),
    });
    return eventId;
  });
  await dataChanged("event");
  return saved;
}

export async function deleteEvent(staff: Staff, id: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, id), eq(events.siteId, SITE_ID)))
      .for("update");
    if (!row) throw eventNotFound();
    checkVersion(row.version, version);
    const texts = await tx.select().from(eventTranslations).where(eq(eventTranslations.eventId, id));
    await tx.delete(events).where(eq(events.id, id));
    await recordAudit(tx, staff, {
      entity: "event",
      entityId: id,
      action: "delete",
      before: { ...auditView(row, texts), attendees: row.attendees },
    });
  });
  await dataChanged("event");
}
