import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { consentLogs } from "./consent";
import { mailOutbox, sites } from "./site";

export const FORM_FIELD_TYPES = ["text", "email", "tel", "textarea", "select", "checkbox", "file"] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Text per interface locale (hr, en, de); Croatian is the fallback. */
export type LocalizedText = Partial<Record<"hr" | "en" | "de", string>>;

/**
 * What a form asks after it is sent (docs/decisions/0063): nothing, or that the sender
 * confirms their e-mail address by a mailed link, after which the shop is mailed and the
 * sender sees the goal on /potvrdi-email (spec §3 "goalType (message, url, file), goal").
 * A message is a text per language; a url a local path; a file a local path or http(s) URL.
 */
export type FormConfirmation = { goalType: "message"; message: LocalizedText } | { goalType: "url" | "file"; goal: string };

/** One input of a form defined in the database; `options` only for a select; a `file` field takes up to 10 files (spec §5 public uploads). */
export type FormFieldDefinition = {
  name: string;
  type: FormFieldType;
  label: LocalizedText;
  required: boolean;
  maxLength?: number;
  options?: { value: string; label: LocalizedText }[];
};

/** One file of a submission: the field it was sent in and its private media row. */
export type SubmittedFile = { field: string; mediaId: number; driveId: string; name: string; size: number; mime: string };

/**
 * Forms defined by an editor (spec §7 form/get, form/storeData): a slug that pages and the
 * form route name it by, a title per language and its fields. Consents are the contact
 * form's kind (spec §3 Form kinds has no kind per form).
 */
export const forms = pgTable(
  "forms",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull().default({}),
    fields: jsonb("fields").$type<FormFieldDefinition[]>().notNull().default([]),
    // Null: a submission goes to the shop at once; else the sender confirms their address first (decision 0063).
    confirmation: jsonb("confirmation").$type<FormConfirmation>(),
    // Optimistic concurrency of the backoffice form builder (decision 0038).
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("forms_site_slug").on(t.siteId, t.slug)],
);

/**
 * Every sent form: the contact form (formSlug 'contact', formId null) and database forms
 * alike, the validated data as JSON, the consent log and the mail to SendEmailTo.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    formId: integer("form_id").references(() => forms.id, { onDelete: "set null" }),
    formSlug: text("form_slug").notNull(),
    data: jsonb("data").$type<Record<string, string | boolean>>().notNull(),
    // Files sent through a form's `file` fields: private media rows, shown to staff in the inbox.
    files: jsonb("files").$type<SubmittedFile[]>().notNull().default([]),
    // The sender's address (the reply-to of the shop's mail), trimmed and lower-cased.
    email: text("email").notNull(),
    locale: varchar("locale", { length: 2 }).notNull(),
    userType: text("user_type").notNull(),
    consentLogId: integer("consent_log_id").references(() => consentLogs.id, { onDelete: "set null" }),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    // The backoffice inbox (decision 0041): new, answered, closed.
    status: text("status").$type<"new" | "answered" | "closed">().notNull().default("new"),
    // Double opt-in (decision 0063): the sha256 of the mailed token while the sender has not
    // confirmed; null once confirmed (and for forms that ask no confirmation). A row with a
    // token is not yet the shop's work: the shop is mailed when it is confirmed.
    confirmTokenHash: text("confirm_token_hash"),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("form_submissions_created").on(t.createdAt),
    index("form_submissions_form").on(t.formSlug),
    uniqueIndex("form_submissions_confirm_token").on(t.confirmTokenHash),
  ],
);
