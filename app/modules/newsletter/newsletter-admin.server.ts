import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { newsletterSubscribers } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { LOCALES } from "~/lib/locales";
import { id } from "~/lib/schema-fields";
import { recordAudit } from "~/modules/kernel/audit.server";
import { DAY_RANGE, inDayRange, likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { SITE_ID } from "~/modules/kernel/options";
import { SUBSCRIBER_STATES, type SubscriberState } from "./subscriber-states";

/**
 * Newsletter subscribers in the backoffice (decision 0055): the list pattern (search by
 * e-mail, status, language, sign-up days), CSV, and two bulk actions, both GDPR-minded:
 * "unsubscribe" keeps the row as the record of the opt-out (never mailed again, its
 * confirmation link dead) and "delete" erases the address. Nothing here subscribes anyone:
 * only the owner of an address signs it up again, with their own consent (decision 0055).
 */

export const subscriberListQuery = listQuery(
  { sorts: ["createdAt", "email"], sort: "createdAt", dir: "desc" },
  { state: z.enum(SUBSCRIBER_STATES).optional(), locale: z.enum(LOCALES).optional(), ...DAY_RANGE },
);
export type SubscriberListQuery = z.output<typeof subscriberListQuery>;

export const subscriberBulkSchema = z.object({ intent: z.enum(["unsubscribe", "delete"]), ids: z.array(id()).max(100).default([]) });

const t = newsletterSubscribers;

function stateCondition(state: SubscriberState): SQL {
  if (state === "unsubscribed") return isNotNull(t.unsubscribedAt);
  return and(isNull(t.unsubscribedAt), eq(t.status, state))!;
}

function where(query: SubscriberListQuery) {
  return and(
    eq(t.siteId, SITE_ID),
    query.q ? ilike(t.email, likePattern(query.q.toLowerCase())) : undefined,
    query.state ? stateCondition(query.state) : undefined,
    query.locale ? eq(t.locale, query.locale) : undefined,
    ...inDayRange(t.createdAt, query),
  );
}

async function selectRows(query: SubscriberListQuery, limit: number, offset: number) {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select()
    .from(t)
    .where(where(query))
    .orderBy(direction(query.sort === "email" ? t.email : t.createdAt), direction(t.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    state: (r.unsubscribedAt ? "unsubscribed" : r.status) as SubscriberState,
    locale: r.locale,
    createdAt: r.createdAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
  }));
}
export type SubscriberRow = Awaited<ReturnType<typeof selectRows>>[number];

export async function listSubscribers(query: SubscriberListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(t).where(where(query));
  const page = listPage(total, query);
  return { rows: await selectRows(query, page.limit, page.offset), page };
}

export const exportSubscribers = (query: SubscriberListQuery) => selectRows(query, CSV_MAX_ROWS, 0);

/** The bulk actions on the ticked subscribers; how many changed (an already unsubscribed one is skipped). */
export async function changeSubscribers(
  staff: Staff,
  ids: number[],
  intent: "unsubscribe" | "delete",
): Promise<{ changed: number; skipped: number }> {
  if (ids.length === 0) return { changed: 0, skipped: 0 };
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(t)
      .where(and(eq(t.siteId, SITE_ID), inArray(t.id, ids)))
      .for("update");
    const moving = intent === "unsubscribe" ? rows.filter((r) => !r.unsubscribedAt) : rows;
    for (const row of moving) {
      const before = {
        email: row.email,
        status: row.status,
        locale: row.locale,
        unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      };
      if (intent === "delete") {
        await tx.delete(t).where(eq(t.id, row.id));
        await recordAudit(tx, staff, { entity: "newsletterSubscriber", entityId: row.id, action: "delete", before });
      } else {
        const now = new Date();
        // The token goes too: a pending address's confirmation link no longer subscribes it.
        await tx.update(t).set({ unsubscribedAt: now, tokenHash: null }).where(eq(t.id, row.id));
        await recordAudit(tx, staff, {
          entity: "newsletterSubscriber",
          entityId: row.id,
          action: "unsubscribe",
          before,
          after: { unsubscribedAt: now.toISOString() },
        });
      }
    }
    return moving.length;
  });
  return { changed, skipped: ids.length - changed };
}
