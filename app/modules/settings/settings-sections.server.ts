import { and, asc, eq, inArray } from "drizzle-orm";
import { DomainError } from "~/.server/domain-error";
import type { Executor } from "~/.server/db/client.server";
import { options, pages, pageTranslations, sites, stores, type CheckoutSettings } from "~/.server/db/schema";
import { DEFAULT_CHECKOUT } from "~/modules/site/checkout-settings.server";
import { REQUEST_QUOTE_OPTION, SELLER_OPTION, SITE_ID } from "~/modules/kernel/options";
import { SETTINGS_SCHEMAS, type SettingsSection } from "./settings.schema";

/** A section's values as the shop stores them (option values, checkout fields, seller fields). */
export type SettingsState = Record<string, unknown>;

type SectionStore = {
  /** The stored values (what the fingerprint covers). */
  read(db: Executor): Promise<SettingsState>;
  /** The values the form shows: the stored ones with the shop's defaults where nothing is stored. */
  display(state: SettingsState): SettingsState;
  /** Rules that need the database (an existing page); throws a DomainError naming its field. */
  check?(db: Executor, next: SettingsState, changed: string[]): Promise<void>;
  write(db: Executor, next: SettingsState, changed: string[]): Promise<void>;
};

const fieldsOf = (section: SettingsSection) => Object.keys(SETTINGS_SCHEMAS[section].shape).filter((key) => key !== "fingerprint");

async function readOptions(db: Executor, keys: string[]): Promise<SettingsState> {
  const rows = await db
    .select({ key: options.key, value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), inArray(options.key, keys)));
  const found = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, found.get(key) ?? null]));
}

async function writeOption(db: Executor, key: string, value: unknown) {
  await db
    .insert(options)
    .values({ siteId: SITE_ID, key, value })
    .onConflictDoUpdate({ target: [options.siteId, options.key], set: { value } });
}

/** Sections whose every field is one CMS option key. */
function optionSection(
  section: SettingsSection,
  defaults: SettingsState,
  {
    adjust = (shown) => shown,
    check,
  }: { adjust?: (shown: SettingsState, state: SettingsState) => SettingsState; check?: SectionStore["check"] } = {},
): SectionStore {
  const keys = fieldsOf(section);
  return {
    read: (db) => readOptions(db, keys),
    display: (state) => adjust(Object.fromEntries(keys.map((key) => [key, state[key] ?? defaults[key] ?? ""])), state),
    check,
    write: async (db, next, changed) => {
      for (const key of changed) await writeOption(db, key, next[key]);
    },
  };
}

const company: SectionStore = {
  async read(db) {
    const raw = ((await readOptions(db, [SELLER_OPTION]))[SELLER_OPTION] ?? {}) as Record<string, unknown>;
    return Object.fromEntries(fieldsOf("company").map((key) => [key, typeof raw[key] === "string" ? raw[key] : ""]));
  },
  display: (state) => ({ ...state, purposeCode: state.purposeCode || "OTHR" }),
  async write(db, next) {
    // The IBAN (and anything else the option holds) stays as the payments screen left it.
    const raw = ((await readOptions(db, [SELLER_OPTION]))[SELLER_OPTION] ?? {}) as Record<string, unknown>;
    await writeOption(db, SELLER_OPTION, { ...raw, ...next });
  },
};

async function firstStore(db: Executor) {
  const [store] = await db
    .select({ id: stores.id, settings: stores.checkoutSettings })
    .from(stores)
    .where(eq(stores.siteId, SITE_ID))
    .orderBy(asc(stores.id))
    .limit(1);
  return store;
}

const checkout: SectionStore = {
  async read(db) {
    const store = await firstStore(db);
    const settings: Partial<CheckoutSettings> = { ...DEFAULT_CHECKOUT, ...(store?.settings ?? {}) };
    const [site] = await db.select({ behaviour: sites.cartAdditionBehaviour }).from(sites).where(eq(sites.id, SITE_ID));
    const quote = (await readOptions(db, [REQUEST_QUOTE_OPTION]))[REQUEST_QUOTE_OPTION];
    return {
      checkoutEnabled: settings.checkoutEnabled,
      guestCheckout: settings.guestCheckout,
      itemsMerge: settings.itemsMerge ?? true,
      // The shop reads the site's column (cart-actions.server.ts); the store's copy is kept in step.
      cartAdditionBehaviour: site?.behaviour ?? 0,
      eProductLinkDays: settings.eProductLinkDays ?? 7,
      CartRequestQuote: quote === true,
      vatOutsideEu: settings.vatOutsideEu === true,
    };
  },
  display: (state) => state,
  async write(db, next) {
    const { CartRequestQuote, ...fields } = next;
    const store = await firstStore(db);
    if (store) {
      // allowedCountries (shipping's), registeredUsersOnly, onePageCheckout, eProductDelivery (read by nothing): untouched.
      await db
        .update(stores)
        .set({ checkoutSettings: { ...store.settings, ...(fields as Partial<CheckoutSettings>) } })
        .where(eq(stores.id, store.id));
    }
    await db
      .update(sites)
      .set({ cartAdditionBehaviour: Number(fields.cartAdditionBehaviour) })
      .where(eq(sites.id, SITE_ID));
    await writeOption(db, REQUEST_QUOTE_OPTION, CartRequestQuote === true);
  },
};

const comments = optionSection(
  "comments",
  {
    RequireAdminPublishing: true,
    RequireRatingForComment: true,
    RequireCommentForRating: true,
    NumberOfStars: 5,
    CanCommentOnBlog: "loggedUsersOnly",
    UserCanEditComment: true,
    OneUserOneComment: false,
    OnSiteCommentOptions: { products: true, posts: true },
  },
  {
    // comment-options.ts reads false as "disabled" too.
    adjust: (shown, state) => ({
      ...shown,
      CanCommentOnBlog: state.CanCommentOnBlog === false || state.CanCommentOnBlog === "disabled" ? "disabled" : "loggedUsersOnly",
    }),
  },
);

const tracking = optionSection(
  "tracking",
  { CookieNotice: {} },
  // A pixel id may be stored as a JSON number.
  { adjust: (shown) => ({ ...shown, FacebookPixelId: String(shown.FacebookPixelId) }) },
);

const site = optionSection(
  "site",
  {
    AutoGenerateSiteMap: true,
    SiteMapOptions: { lastmod: true, hreflang: true, images: true },
    HomePageSlug: "naslovna",
    LowStockThreshold: 5,
    CopyrightText: {},
  },
  {
    // WwwPolicy: "none" is stored as null (no redirect either way; www-policy.server.ts).
    adjust: (shown, state) => ({ ...shown, WwwPolicy: state.WwwPolicy ?? "none", PriceEnding: state.PriceEnding ?? "none" }),
    async check(db, next, changed) {
      if (!changed.includes("HomePageSlug")) return;
      const [page] = await db
        .select({ id: pages.id })
        .from(pages)
        .innerJoin(pageTranslations, eq(pageTranslations.pageId, pages.id))
        .where(
          and(
            eq(pages.siteId, SITE_ID),
            eq(pages.postType, "page"),
            eq(pages.status, "published"),
            eq(pageTranslations.languageCode, "hrv"),
            eq(pageTranslations.slug, String(next.HomePageSlug)),
          ),
        )
        .limit(1);
      if (!page)
        throw new DomainError("unknownHomePage", {
          message: "No published page has this slug",
          key: "adminSettings.errors.homePage",
          field: "HomePageSlug",
        });
    },
  },
);

const maintenance = optionSection("maintenance", { MaintenanceMessage: {} });

export const SECTION_STORES: Record<SettingsSection, SectionStore> = { company, checkout, comments, tracking, site, maintenance };
