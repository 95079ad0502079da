import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customerGroups } from "./customer-groups";
import { sites } from "./site";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    memberCardBarcode: text("member_card_barcode"),
    isBackofficeUser: boolean("is_backoffice_user").notNull().default(false),
    // Backoffice scopes (app/modules/admin/scopes.ts: admin, sales, editor); empty for customers.
    scope: jsonb("scope").$type<string[]>().notNull().default([]),
    // A blocked customer can't sign in or order; a deactivated backoffice user can't sign in (decisions 0040 and 0043).
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    // Optimistic concurrency of the backoffice edit pattern: a form posts the version it showed.
    version: integer("version").notNull().default(0),
    isGuest: boolean("is_guest").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    backofficeLanguage: text("backoffice_language"),
    // The customer group whose prices the customer pays (decision 0107); a group in use is not deleted.
    customerGroupId: integer("customer_group_id").references(() => customerGroups.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_site_email").on(t.siteId, t.email), index("users_customer_group").on(t.customerGroupId)],
);

/** Server-side sessions; the cookie holds only the signed id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Last use, the browser and the address, for the staff's list of their sessions (decision 0085);
    // written at most once a minute per session, not on every request.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

/**
 * A backoffice user's second factor (decision 0086): the TOTP secret, AES-GCM encrypted
 * with a key derived from the session secret, pending until confirmed with a first code;
 * the last accepted time step, so an accepted code cannot be used again.
 */
export const staffTwoFactor = pgTable("staff_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of a second factor, kept only as hashes. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_recovery_codes_user").on(t.userId)],
);
