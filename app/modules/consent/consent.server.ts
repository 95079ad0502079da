import { and, asc, eq, inArray } from "drizzle-orm";
import { namedCache } from "~/.server/cache.server";
import { getDb, type Executor } from "~/.server/db/client.server";
import { consentAssignments, consentLogs, consents } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import {
  checkConsents,
  CONSENT_LIST_LIMIT,
  parseConsentIds,
  USER_TYPES,
  type ConsentUserType,
  type FormConsent,
  type FormKind,
} from "./consent.schema";

/**
 * Consents on the shop's forms (spec §5): what a form shows, whether a submission ticked
 * every required one, and the GDPR log of what was accepted. Every form action follows
 * the same three steps:
 *
 *   const accepted = await validateConsents("newsletter", readAcceptedConsents(form));
 *   await db.transaction(async (tx) => {
 *     ...the form's own writes...
 *     await logConsents(tx, { kind: "newsletter", acceptedIds: accepted, userType: "anonymous", email });
 *   });
 *
 * A failure is a DomainError carrying the spec's key; the route shows it as a toast or
 * beside the checkboxes.
 */

/** A form's consents in every language; one cache entry per form kind serves all locales. */
type AssignedConsent = {
  id: number;
  uniqueNumber: number;
  displayName: Record<string, string>;
  pageSlug: string | null;
  required: boolean;
};

// Read on every page with a form; the admin pages clear it on each change.
const consentCache = namedCache<AssignedConsent[]>("consents", { ttlSeconds: 600 });

async function loadAssigned(kind: FormKind): Promise<AssignedConsent[]> {
  const db = await getDb();
  const [assignment] = await db
    .select({ consents: consentAssignments.consents, requiredConsents: consentAssignments.requiredConsents })
    .from(consentAssignments)
    .where(and(eq(consentAssignments.siteId, SITE_ID), eq(consentAssignments.assignedTo, kind)));
  if (!assignment || assignment.consents.length === 0) return [];
  const rows = await db
    .select({ id: consents.id, uniqueNumber: consents.uniqueNumber, displayName: consents.displayName, pageSlug: consents.pageSlug })
    .from(consents)
    .where(and(eq(consents.siteId, SITE_ID), inArray(consents.id, assignment.consents)))
    .orderBy(asc(consents.uniqueNumber))
    .limit(CONSENT_LIST_LIMIT);
  // A required id that is not assigned is not on the form, so it cannot be demanded.
  const required = new Set(assignment.requiredConsents);
  return rows.map((row) => ({ ...row, required: required.has(row.id) }));
}

/** Spec §5 "consents must have been fetched": a failed load stops the form with error.consentsNotFetched. */
async function assignedConsents(kind: FormKind): Promise<AssignedConsent[]> {
  try {
    return await consentCache.wrap(kind, () => loadAssigned(kind));
  } catch (error) {
    console.error(`Loading the consents of ${kind} failed`, error);
    throw new DomainError("consentsNotFetched", { message: "Consents were not fetched", key: "error.consentsNotFetched", status: 503 });
  }
}

/** The consents a form shows, in the visitor's language (Croatian when not translated). */
export async function getFormConsents(kind: FormKind, locale: Locale): Promise<FormConsent[]> {
  const list = await assignedConsents(kind);
  return list.map((c) => ({
    id: c.id,
    uniqueNumber: c.uniqueNumber,
    displayName: localized(c.displayName, locale),
    link: c.pageSlug ? href("page", locale, { slug: c.pageSlug }) : null,
    required: c.required,
  }));
}

/**
 * Checks a submission against spec §5 and returns the accepted ids that belong to the
 * form (the ones to log). Missing required consents: core.notifications.consentRequired.
 */
export async function validateConsents(kind: FormKind, acceptedIds: readonly number[]): Promise<number[]> {
  const result = checkConsents(await assignedConsents(kind), acceptedIds);
  if (!result.ok)
    throw new DomainError("consentRequired", {
      message: "Required consents were not accepted",
      key: "core.notifications.consentRequired",
      field: "consents",
    });
  return result.accepted;
}

export type ConsentLogEntry = {
  kind: FormKind;
  acceptedIds: readonly number[];
  userType: ConsentUserType;
  email: string | null | undefined;
};

/**
 * Writes the consent log row (spec §3 Consent log) inside the caller's transaction, so
 * the log exists exactly when the form's own change does. Ids are checked against the
 * assignment as this transaction sees it: an id not on the form is never logged. With
 * nothing accepted there is nothing to prove, so no row is written (null).
 */
export async function logConsents(tx: Executor, entry: ConsentLogEntry): Promise<{ id: number } | null> {
  // A wrong user type is a programming error, not a failed log: let it surface as such.
  if (!USER_TYPES.includes(entry.userType)) throw new TypeError(`Unknown consent user type ${entry.userType}`);
  try {
    const [assignment] = await tx
      .select({ consents: consentAssignments.consents })
      .from(consentAssignments)
      .where(and(eq(consentAssignments.siteId, SITE_ID), eq(consentAssignments.assignedTo, entry.kind)));
    const assigned = new Set(assignment?.consents ?? []);
    const accepted = parseConsentIds(entry.acceptedIds).filter((id) => assigned.has(id));
    if (accepted.length === 0) return null;
    const [row] = await tx
      .insert(consentLogs)
      .values({
        siteId: SITE_ID,
        status: "accepted",
        statusTimestamp: new Date(),
        sourceType: entry.kind,
        consents: accepted,
        userType: entry.userType,
        email: entry.email?.trim().toLowerCase() || null,
      })
      .returning({ id: consentLogs.id });
    return row;
  } catch (error) {
    console.error(`Recording the consents of ${entry.kind} failed`, error);
    throw new DomainError("consentLogFailed", { message: "Consent log was not recorded", key: "error.failedConsentLog", status: 503 });
  }
}

/**
 * A consent given on its own (spec §7 gdpr web/consent/log/create, a front end's own form):
 * the same check of the required ones and the same log row as a form's submission.
 */
export async function recordConsents(entry: ConsentLogEntry): Promise<{ id: number } | null> {
  const accepted = await validateConsents(entry.kind, entry.acceptedIds);
  const db = await getDb();
  return db.transaction((tx) => logConsents(tx, { ...entry, acceptedIds: accepted }));
}
