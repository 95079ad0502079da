import { integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { sites } from "./site";

/**
 * E-mail templates (docs/decisions/0053): the backoffice's own subject and
 * body of one mail kind (app/modules/templates/mail-kinds.ts) in one interface language. A row
 * only overrides: without one, or with `subject` null (reset to the built-in text), the
 * sender composes the mail in code as before. The row is kept on reset so its id (the
 * audit trail's entity id) and its version go on.
 */
export const mailTemplates = pgTable(
  "mail_templates",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    locale: varchar("locale", { length: 2 }).notNull(),
    // null: not customised (the built-in text is used).
    subject: text("subject"),
    // Sanitised HTML with {{variables}}; the text part is derived from it when sending.
    bodyHtml: text("body_html"),
    version: integer("version").notNull().default(0),
    updatedByEmail: text("updated_by_email"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mail_templates_kind_locale").on(t.siteId, t.kind, t.locale)],
);
