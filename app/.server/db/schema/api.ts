import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sessions, users } from "./users";

/**
 * API keys of the headless API (decision 0057). `storefront` keys are public by
 * nature (a separate front end ships them to browsers; spec §7 domainDetect hands one out),
 * so their token is kept; an `integration` key is shown once and only its hash is kept.
 * Every call names its key (header X-Api-Key); its budget is `rate_limit` calls a minute.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind").$type<"storefront" | "integration">().notNull().default("integration"),
    /** The first characters of the token, to tell keys apart on screen and in logs. */
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull(),
    publicToken: text("public_token"),
    rateLimit: integer("rate_limit").notNull().default(120),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_token_hash").on(t.tokenHash)],
);

/**
 * Refresh tokens of the API's sign-in (spec §7 Auth, GET /api/v1/refresh). Each is used
 * once: a refresh marks it used and issues the next of the same family; presenting a used
 * one again revokes the whole family and ends its session (a stolen token was replayed).
 * The access tokens are signed and short-lived and name the session, so ending the session
 * ends them too.
 */
export const apiRefreshTokens = pgTable(
  "api_refresh_tokens",
  {
    id: serial("id").primaryKey(),
    family: text("family").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_refresh_tokens_hash").on(t.tokenHash),
    index("api_refresh_tokens_family").on(t.family),
    index("api_refresh_tokens_expires").on(t.expiresAt),
  ],
);
