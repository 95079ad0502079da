import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/** Built-in list of ~80 languages (spec §3 Language). Ids are stable: Croatian is 41. */
export const languages = pgTable("languages", {
  id: integer("id").primaryKey(),
  code: varchar("code", { length: 3 }).notNull().unique(),
  code2: varchar("code2", { length: 2 }).notNull().default(""),
  nameHrv: text("name_hrv").notNull(),
  nameEng: text("name_eng").notNull(),
  nameGer: text("name_ger").notNull(),
  nameSrp: text("name_srp").notNull(),
});

export const currencies = pgTable("currencies", {
  id: integer("id").primaryKey(),
  label: varchar("label", { length: 3 }).notNull().unique(),
  symbol: text("symbol").notNull(),
  name: text("name").notNull(),
});

export const countries = pgTable("countries", {
  id: integer("id").primaryKey(),
  iso: varchar("iso", { length: 2 }).notNull().unique(),
  code: varchar("code", { length: 3 }).notNull(),
  name: text("name").notNull(),
});

export const sites = pgTable("sites", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  domain: text("domain").notNull(),
  defaultLanguageId: integer("default_language_id")
    .notNull()
    .references(() => languages.id),
  mainCurrencyId: integer("main_currency_id")
    .notNull()
    .references(() => currencies.id),
  // 0 redirect to cart, 1 stay on page, 2 popup (spec §4 Cart).
  cartAdditionBehaviour: integer("cart_addition_behaviour").notNull().default(0),
  maintenanceMode: boolean("maintenance_mode").notNull().default(false),
  // Backoffice users with the admin scope must sign in with a second factor (decision 0086).
  requireAdminTwoFactor: boolean("require_admin_two_factor").notNull().default(false),
  socialLoginEnabled: boolean("social_login_enabled").notNull().default(false),
  // The splash intro plays only on this host (spec §2 Other behaviour); null = never.
  forcedDomain: text("forced_domain"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Content languages of a site (cmsLanguages); the default one is sites.default_language_id. */
export const siteLanguages = pgTable(
  "site_languages",
  {
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    languageId: integer("language_id")
      .notNull()
      .references(() => languages.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("site_languages_site_language").on(t.siteId, t.languageId)],
);

export type CheckoutSettings = {
  checkoutEnabled: boolean;
  onePageCheckout: boolean;
  registeredUsersOnly: boolean;
  guestCheckout: boolean;
  cartAdditionBehaviour: 0 | 1 | 2;
  itemsMerge: boolean;
  eProductDelivery: "link" | "attachment";
  /** How many days after payment an e-product's download link works (decision 0030); 7 when unset. */
  eProductLinkDays?: number;
  allowedCountries: string[];
  /** Charge Croatian VAT on deliveries outside the EU too (decision 0104); unset: not charged. */
  vatOutsideEu?: boolean;
};

export const stores = pgTable("stores", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id")
    .notNull()
    .references(() => sites.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  languageId: integer("language_id")
    .notNull()
    .references(() => languages.id),
  currencyId: integer("currency_id")
    .notNull()
    .references(() => currencies.id),
  checkoutSettings: jsonb("checkout_settings").$type<CheckoutSettings>().notNull(),
  loyalty: jsonb("loyalty").$type<unknown[]>().notNull().default([]),
});

/** CMS option keys of spec §3 (HomePageSlug, RequireAdminPublishing, ...), one row per key. */
export const options = pgTable(
  "options",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value"), // SQL null = a known key that is not configured
  },
  (t) => [uniqueIndex("options_site_key").on(t.siteId, t.key)],
);

/** Page elements: header, footer and cookie blocks (spec §3 Page element). */
export const pageElements = pgTable(
  "page_elements",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    handler: text("handler").notNull(), // header-section | footer-section | cookie-section
    languageCode: varchar("language_code", { length: 3 }).notNull(),
    type: text("type").notNull().default("static-element"),
    slug: text("slug").notNull(),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    mobileOptions: jsonb("mobile_options").$type<Record<string, unknown>>().notNull().default({}),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    mobileMeta: jsonb("mobile_meta").$type<Record<string, unknown>>().notNull().default({}),
    linkMeta: jsonb("link_meta").$type<Record<string, unknown>>().notNull().default({}),
    parts: jsonb("parts").$type<unknown[]>().notNull().default([]),
    // Optimistic concurrency of in-page publishing (content_drafts.base_version).
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("page_elements_site_handler_lang").on(t.siteId, t.handler, t.languageCode)],
);

/** Navigation trees (ThemeNavigations: main, footer1..footer4). */
export const navigations = pgTable(
  "navigations",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    // Optimistic concurrency of in-page publishing (content_drafts.base_version).
    version: integer("version").notNull().default(1),
  },
  (t) => [uniqueIndex("navigations_site_handle").on(t.siteId, t.handle)],
);

export type LinkType = "page" | "post" | "term" | "category" | "product" | "route" | "external" | "anchor";

export const navigationItems = pgTable(
  "navigation_items",
  {
    id: serial("id").primaryKey(),
    navigationId: integer("navigation_id")
      .notNull()
      .references(() => navigations.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => navigationItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    // Label per language code2, e.g. {"hr":"Proizvodi","en":"Products"}; hr is the fallback.
    label: jsonb("label").$type<Record<string, string>>().notNull(),
    linkType: text("link_type").$type<LinkType>().notNull(),
    // page/post/term/product: a slug; route: a route key of app/lib/routes-table; external: a URL; anchor: "#id".
    target: text("target").notNull(),
  },
  (t) => [index("navigation_items_navigation").on(t.navigationId, t.position)],
);

/** Requests for unknown slugs (addFailedRequest) and configured redirects. */
export const failedRequests = pgTable("failed_requests", {
  id: serial("id").primaryKey(),
  path: text("path").notNull().unique(),
  hits: integer("hits").notNull().default(1),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});

export const redirects = pgTable("redirects", {
  id: serial("id").primaryKey(),
  fromPath: text("from_path").notNull().unique(),
  toPath: text("to_path").notNull(),
  status: integer("status").notNull().default(301),
  // Optimistic concurrency of the backoffice editor (decision 0038).
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** queued: stored, not (yet) handed to SMTP (always so without SMTP_URL); sent; failed: SMTP refused it. */
export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Outbox: every e-mail is stored; with SMTP_URL the relay sends it (app/modules/mail,
 * decision 0089). Tests and the backoffice read it from here.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    // What the mail is for (newsletterConfirmation, priceEnquiry, ...): lets the backoffice and tests pick mails.
    kind: text("kind").notNull().default("other"),
    to: text("to").notNull(),
    // The shopper's address on mails to the shop, so that "reply" answers them.
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: text("status").$type<MailStatus>().notNull().default("queued"),
    // The SMTP server's refusal of a failed mail.
    error: text("error"),
    // Deliveries tried; a failed mail is tried again at nextAttemptAt (back-off, decision 0042).
    // A queued mail with a nextAttemptAt to come is being sent (the relay's lease) or held
    // (an order's mails until its payment starts); none: waiting for the relay (decision 0089).
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    // The order a mail is about (confirmation, shipping, cancellation): the order's "mails sent".
    orderId: integer("order_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_outbox_created").on(t.createdAt),
    index("mail_outbox_retry").on(t.status, t.nextAttemptAt),
    index("mail_outbox_order").on(t.orderId),
  ],
);

/**
 * The audit trail of the backoffice (DESIGN.md "One edit pattern"): one row for every
 * change a backoffice user makes — who, when, what, and the fields before and after.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    // Kept when the user is deleted: the e-mail says who it was.
    actorId: integer("actor_id"),
    actorEmail: text("actor_email").notNull(),
    // What was changed: "order", "customer", "enquiry", "mail", "user", "settings", ...
    entity: text("entity").notNull(),
    entityId: integer("entity_id"),
    // The change in the shop's words: "markPaid", "ship", "block", "erase", ...
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_entity").on(t.entity, t.entityId, t.createdAt), index("audit_log_created").on(t.createdAt)],
);

/**
 * Seed steps that have run (like migrations, for data): a step runs once per database,
 * so a new step reaches existing databases and something an editor deleted is not
 * brought back by the next start.
 */
export const seedRuns = pgTable("seed_runs", {
  step: text("step").primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
});
