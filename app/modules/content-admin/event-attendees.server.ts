import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { eventAttendees, events } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { AttendeeInput } from "./content-admin.schema";
import { eventNotFound } from "./event-admin.server";

/**
 * An event's attendees (spec §3 eventAttendees, docs/decisions/0054): the shop writes them
 * down and removes them; the public figure (events.attendees) moves by their seats in the
 * same transaction, so the page never shows a number the list does not explain (beyond
 * the figure the event started with).
 */
export async function addAttendee(staff: Staff, eventId: number, input: AttendeeInput): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.siteId, SITE_ID)))
      .for("update");
    if (!event) throw eventNotFound();
    const [row] = await tx
      .insert(eventAttendees)
      .values({ eventId, name: input.name, email: input.email, seats: input.seats, note: input.note })
      .returning({ id: eventAttendees.id });
    await tx
      .update(events)
      .set({ attendees: sql`${events.attendees} + ${input.seats}` })
      .where(eq(events.id, eventId));
    await recordAudit(tx, staff, {
      entity: "event",
      entityId: eventId,
      action: "attendeeAdd",
      after: { attendee: row.id, name: input.name, email: input.email, seats: input.seats },
    });
  });
  await dataChanged("event");
}

export async function removeAttendee(staff: Staff, eventId: number, attendeeId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.siteId, SITE_ID)))
      .for("update");
    if (!event) throw eventNotFound();
    const [row] = await tx
      .delete(eventAttendees)
      .where(and(eq(eventAttendees.id, attendeeId), eq(eventAttendees.eventId, eventId)))
      .returning();
    if (!row)
      throw new DomainError("attendeeNotFound", {
        message: "Attendee not found",
        key: "adminContent.events.errors.attendeeNotFound",
        status: 409,
      });
    await tx
      .update(events)
      .set({ attendees: sql`greatest(${events.attendees} - ${row.seats}, 0)` })
      .where(eq(events.id, eventId));
    await recordAudit(tx, staff, {
      entity: "event",
      entityId: eventId,
      action: "attendeeRemove",
      before: { attendee: row.id, name: row.name, email: row.email, seats: row.seats },
    });
  });
  await dataChanged("event");
}

/** Every attendee of an event for the CSV, in the order they were written down. */
export async function attendeesOf(eventId: number) {
  const db = await getDb();
  return db
    .select()
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, eventId))
    .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.id));
}
