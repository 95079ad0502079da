import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sites } from "./site";

// Relative import: drizzle-kit loads this file without the "~" alias.
import type { FormKind } from "../../../lib/form-kinds";
export { FORM_KINDS, type FormKind } from "../../../lib/form-kinds";

export const consents = pgTable(
  "consents",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    uniqueNumber: integer("unique_number").notNull(),
    // Per language code2: {"hr": "...", "en": "..."}; hr is the fallback.
    displayName: jsonb("display_name").$type<Record<string, string>>().notNull(),
    // Optional link (a page slug) to the full text, e.g. the privacy policy.
    pageSlug: text("page_slug"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("consents_site_unique_number").on(t.siteId, t.uniqueNumber)],
);

export const consentAssignments = pgTable(
  "consent_assignments",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    assignedTo: text("assigned_to").$type<FormKind>().notNull(),
    // Consent ids shown on the form, and the subset that must be ticked.
    consents: jsonb("consents").$type<number[]>().notNull().default([]),
    requiredConsents: jsonb("required_consents").$type<number[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("consent_assignments_site_kind").on(t.siteId, t.assignedTo)],
);

export const consentLogs = pgTable(
  "consent_logs",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    status: text("status").notNull(), // "accepted"
    statusTimestamp: timestamp("status_timestamp", { withTimezone: true }).notNull().defaultNow(),
    sourceType: text("source_type").$type<FormKind>().notNull(),
    consents: jsonb("consents").$type<number[]>().notNull(),
    userType: text("user_type").notNull(), // "registered" | "guest" | "anonymous"
    email: text("email"),
  },
  (t) => [index("consent_logs_email").on(t.email), index("consent_logs_source").on(t.sourceType)],
);
