import { eq, sql } from "drizzle-orm";
import type { Executor } from "../client.server";
import {
  consentAssignments,
  consents,
  currencies,
  countries,
  languages,
  navigationItems,
  navigations,
  options,
  pageElements,
  siteLanguages,
  sites,
  stores,
  type CheckoutSettings,
} from "../schema";
import { COUNTRIES } from "./data/countries";
import { CURRENCIES } from "./data/currencies";
import { LANGUAGES } from "./data/languages";
import { BUILT_IN_OPTIONS, SITE_ID } from "./data/options";
import { FOOTER_ELEMENT, HEADER_ELEMENT, COOKIE_ELEMENT, TRANSLATED_ELEMENTS } from "./data/page-elements";
import { NAVIGATIONS } from "./data/navigations";
import { CONSENTS, CONSENT_ASSIGNMENTS } from "./data/consents";

export const CROATIAN_ID = 41;
export const EUR_ID = 44;
export const STORE_ID = 1;

/** Spec §1: checkout enabled, one page, registered users only, redirect to cart, items merge, e-products by link. */
export const BUILT_IN_CHECKOUT: CheckoutSettings = {
  checkoutEnabled: true,
  onePageCheckout: true,
  registeredUsersOnly: true,
  guestCheckout: false,
  cartAdditionBehaviour: 0,
  itemsMerge: true,
  eProductDelivery: "link",
  allowedCountries: ["HR", "SI", "BA", "RS", "ME", "AT", "DE", "HU", "IT"],
};

/** The built-in site of spec §1. Every insert skips rows that exist, so running it twice is harmless. */
export async function seedSite(tx: Executor) {
  await tx.insert(languages).values(LANGUAGES).onConflictDoNothing();
  await tx.insert(currencies).values(CURRENCIES).onConflictDoNothing();
  await tx.insert(countries).values(COUNTRIES).onConflictDoNothing();

  await tx
    .insert(sites)
    .values({
      id: SITE_ID,
      name: "Alu Krov d.o.o.",
      url: "https://www.alu-krov.hr",
      domain: "alu-krov.hr",
      defaultLanguageId: CROATIAN_ID,
      mainCurrencyId: EUR_ID,
      cartAdditionBehaviour: 0,
      maintenanceMode: false,
      socialLoginEnabled: false,
      forcedDomain: "intro.alu-krov.hr",
    })
    .onConflictDoNothing();
  // Rows seeded with explicit ids leave their serial sequences behind: move them on, so
  // the next site or store an admin adds gets a free id.
  await tx.execute(sql`select setval(pg_get_serial_sequence('sites', 'id'), (select max(id) from sites))`);
  await tx.insert(siteLanguages).values({ siteId: SITE_ID, languageId: CROATIAN_ID, position: 0 }).onConflictDoNothing();
  await tx
    .insert(stores)
    .values({
      id: STORE_ID,
      siteId: SITE_ID,
      name: "Alu Krov web trgovina",
      languageId: CROATIAN_ID,
      currencyId: EUR_ID,
      checkoutSettings: BUILT_IN_CHECKOUT,
    })
    .onConflictDoNothing();
  await tx.execute(sql`select setval(pg_get_serial_sequence('stores', 'id'), (select max(id) from stores))`);

  await tx
    .insert(options)
    .values(Object.entries(BUILT_IN_OPTIONS).map(([key, value]) => ({ siteId: SITE_ID, key, value })))
    .onConflictDoNothing();

  await tx
    .insert(pageElements)
    .values([HEADER_ELEMENT, FOOTER_ELEMENT, COOKIE_ELEMENT, ...TRANSLATED_ELEMENTS].map((e) => ({ ...e, siteId: SITE_ID })))
    .onConflictDoNothing();

  for (const nav of NAVIGATIONS) {
    const [row] = await tx
      .insert(navigations)
      .values({ siteId: SITE_ID, handle: nav.handle, title: nav.title })
      .onConflictDoNothing()
      .returning({ id: navigations.id });
    if (!row) continue; // already seeded
    await tx.insert(navigationItems).values(nav.items.map((item, position) => ({ ...item, navigationId: row.id, position })));
  }

  await tx
    .insert(consents)
    .values(CONSENTS.map((c) => ({ ...c, siteId: SITE_ID })))
    .onConflictDoNothing();
  const consentRows = await tx
    .select({ id: consents.id, uniqueNumber: consents.uniqueNumber })
    .from(consents)
    .where(eq(consents.siteId, SITE_ID));
  const idOf = (n: number) => consentRows.find((c) => c.uniqueNumber === n)!.id;
  await tx
    .insert(consentAssignments)
    .values(
      CONSENT_ASSIGNMENTS.map((a) => ({
        siteId: SITE_ID,
        assignedTo: a.assignedTo,
        consents: a.consents.map(idOf),
        requiredConsents: a.requiredConsents.map(idOf),
      })),
    )
    .onConflictDoNothing();
}
