import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { isUniqueViolation } from "~/.server/db/errors.server";
import { consentAssignments, consentLogs, consents } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { localized } from "~/lib/links";
import { formatDate } from "~/lib/format";
import type { Locale } from "~/lib/locales";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { CONSENT_LIST_LIMIT, CONSENT_LOG_LIMIT, CONSENT_PAGE_SIZE, FORM_KINDS, normalizeAssignment, type FormKind } from "./consent.schema";
import type { CreateConsentInput } from "./consent-admin.schema";

/** Backoffice side of consents (spec §2 /admin/consent): list, create, assign, read the log. */

type Actor = Pick<Staff, "id" | "email">;

const uniqueNumberTaken = () =>
  new DomainError("consentNumberTaken", {
    message: "Consent unique number already exists",
    key: "consent.validation.uniqueNumberTaken",
    status: 409,
    field: "uniqueNumber",
  });

/** One page of consents, newest numbers last, with every translation for the admin to check. */
export async function listConsents(page: number) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(consents).where(eq(consents.siteId, SITE_ID));
  const pageCount = Math.max(1, Math.ceil(total / CONSENT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select({ id: consents.id, uniqueNumber: consents.uniqueNumber, displayName: consents.displayName, pageSlug: consents.pageSlug })
    .from(consents)
    .where(eq(consents.siteId, SITE_ID))
    .orderBy(asc(consents.uniqueNumber))
    .limit(CONSENT_PAGE_SIZE)
    .offset((current - 1) * CONSENT_PAGE_SIZE);
  return { consents: rows, page: current, pageCount, total };
}

/** Every consent (up to the spec's list limit) with its name in the admin's language. */
async function allConsents(locale: Locale) {
  const db = await getDb();
  const rows = await db
    .select({ id: consents.id, uniqueNumber: consents.uniqueNumber, displayName: consents.displayName, pageSlug: consents.pageSlug })
    .from(consents)
    .where(eq(consents.siteId, SITE_ID))
    .orderBy(asc(consents.uniqueNumber))
    .limit(CONSENT_LIST_LIMIT);
  return rows.map((row) => ({ ...row, displayName: localized(row.displayName, locale) }));
}

/** Every consent of the site in one language (spec §7 gdpr web/consent/filter, forWeb, limit 100). */
export const listAllConsents = allConsents;

async function assignmentsByKind() {
  const db = await getDb();
  const rows = await db.select().from(consentAssignments).where(eq(consentAssignments.siteId, SITE_ID));
  return new Map(rows.map((row) => [row.assignedTo, row]));
}

/** The six form kinds, each with the consents it shows and which of them are required. */
export async function listFormAssignments(locale: Locale) {
  const [all, assignments] = await Promise.all([allConsents(locale), assignmentsByKind()]);
  return FORM_KINDS.map((kind) => {
    const assignment = assignments.get(kind);
    const assigned = new Set(assignment?.consents ?? []);
    const required = new Set(assignment?.requiredConsents ?? []);
    return {
      kind,
      consents: all
        .filter((c) => assigned.has(c.id))
        .map((c) => ({ id: c.id, uniqueNumber: c.uniqueNumber, displayName: c.displayName, required: required.has(c.id) })),
    };
  });
}

/** The assignment editor of one form: every consent with its two checkboxes' state. */
export async function getAssignmentEditor(kind: FormKind, locale: Locale) {
  const [all, assignments] = await Promise.all([allConsents(locale), assignmentsByKind()]);
  const assignment = assignments.get(kind);
  const assigned = new Set(assignment?.consents ?? []);
  const required = new Set(assignment?.requiredConsents ?? []);
  return all.map((c) => ({ ...c, assigned: assigned.has(c.id) || required.has(c.id), required: required.has(c.id) }));
}

/**
 * Saves which consents a form shows and requires, with an audit row (before and after) in
 * the same transaction. A required consent is assigned too; an id that names no consent
 * refuses the whole change (a stale or forged form). Used by /admin/consent/{form} and the
 * API's cms/consent/create.
 */
export async function saveAssignment(
  staff: Actor,
  kind: FormKind,
  input: { consents: readonly number[]; requiredConsents: readonly number[] },
) {
  const { consents: ids, requiredConsents } = normalizeAssignment(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (ids.length) {
      const found = await tx
        .select({ id: consents.id })
        .from(consents)
        .where(and(eq(consents.siteId, SITE_ID), inArray(consents.id, ids)));
      if (found.length !== ids.length)
        throw new DomainError("unknownConsent", { message: "Unknown consent", key: "consent.validation.unknownConsent" });
    }
    const [before] = await tx
      .select({ consents: consentAssignments.consents, requiredConsents: consentAssignments.requiredConsents })
      .from(consentAssignments)
      .where(and(eq(consentAssignments.siteId, SITE_ID), eq(consentAssignments.assignedTo, kind)));
    await tx
      .insert(consentAssignments)
      .values({ siteId: SITE_ID, assignedTo: kind, consents: ids, requiredConsents })
      .onConflictDoUpdate({
        target: [consentAssignments.siteId, consentAssignments.assignedTo],
        set: { consents: ids, requiredConsents },
      });
    await recordAudit(tx, staff, {
      entity: "consent",
      entityId: null,
      action: "assign",
      before: before ? { assignedTo: kind, ...before } : null,
      after: { assignedTo: kind, consents: ids, requiredConsents },
    });
  });
  await dataChanged("consent");
  return { assigned_to: kind, consents: ids, requiredConsents };
}

/**
 * A new consent; its unique number must be free (checked first, and by the unique index in a
 * race). Written with its audit row in one transaction, like every backoffice change.
 */
export async function createConsent(staff: Actor, input: CreateConsentInput) {
  const db = await getDb();
  const [taken] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.siteId, SITE_ID), eq(consents.uniqueNumber, input.uniqueNumber)));
  if (taken) throw uniqueNumberTaken();
  // Only the languages the admin filled in: an empty translation falls back to Croatian.
  const displayName: Record<string, string> = { hr: input.displayName.hr };
  if (input.displayName.en) displayName.en = input.displayName.en;
  if (input.displayName.de) displayName.de = input.displayName.de;
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(consents)
        .values({ siteId: SITE_ID, uniqueNumber: input.uniqueNumber, displayName, pageSlug: input.pageSlug ?? null })
        .returning({
          id: consents.id,
          uniqueNumber: consents.uniqueNumber,
          displayName: consents.displayName,
          pageSlug: consents.pageSlug,
        });
      await recordAudit(tx, staff, {
        entity: "consent",
        entityId: created.id,
        action: "create",
        after: { uniqueNumber: created.uniqueNumber, displayName: created.displayName, pageSlug: created.pageSlug },
      });
      return created;
    });
    await dataChanged("consent");
    return { id: row.id, uniqueNumber: row.uniqueNumber };
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueNumberTaken();
    throw error;
  }
}

/** The latest consent log rows (spec §9 limit 100), consents shown by their unique numbers. */
export async function listConsentLogs(locale: Locale) {
  const db = await getDb();
  const [rows, numbers] = await Promise.all([
    db
      .select()
      .from(consentLogs)
      .where(eq(consentLogs.siteId, SITE_ID))
      // Rows are only ever appended, so the primary key is the time order and its index serves it.
      .orderBy(desc(consentLogs.id))
      .limit(CONSENT_LOG_LIMIT),
    db.select({ id: consents.id, uniqueNumber: consents.uniqueNumber }).from(consents).where(eq(consents.siteId, SITE_ID)),
  ]);
  const numberOf = new Map(numbers.map((c) => [c.id, c.uniqueNumber]));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    // Admins read times in the shop's time zone, rendered on the server so hydration matches.
    at: formatDate(row.statusTimestamp, locale, { style: "short", time: "medium" }),
    sourceType: row.sourceType,
    consents: row.consents.map((id) => numberOf.get(id) ?? id),
    userType: row.userType,
    email: row.email,
  }));
}
