import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currencies, languages, navigations, options, pageElements, seedRuns, siteLanguages, sites, stores } from "~/.server/db/schema";
import { clearCache } from "~/.server/cache.server";
import { seed } from "~/.server/db/seed/index.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";

let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

async function option(key: string) {
  const db = await shop.db();
  const [row] = await db.select().from(options).where(eq(options.key, key));
  return row?.value;
}

describe("built-in site (spec §1)", () => {
  it("has EUR id 44 with € and Croatian id 41 (hrv/hr) as default and only language", async () => {
    const db = await shop.db();
    const [eur] = await db.select().from(currencies).where(eq(currencies.id, 44));
    expect(eur).toMatchObject({ label: "EUR", symbol: "€" });
    const [hr] = await db.select().from(languages).where(eq(languages.id, 41));
    expect(hr).toMatchObject({ code: "hrv", code2: "hr", nameHrv: "hrvatski", nameEng: "Croatian", nameGer: "Kroatisch" });
    const [site] = await db.select().from(sites);
    expect(site).toMatchObject({ defaultLanguageId: 41, mainCurrencyId: 44, socialLoginEnabled: false, cartAdditionBehaviour: 0 });
    expect(await db.select().from(siteLanguages)).toEqual([expect.objectContaining({ languageId: 41 })]);
    expect((await db.select().from(languages)).length).toBeGreaterThanOrEqual(80);
  });

  it("has one store with the spec's checkout settings", async () => {
    const db = await shop.db();
    const all = await db.select().from(stores);
    expect(all).toHaveLength(1);
    expect(all[0].currencyId).toBe(44);
    expect(all[0].checkoutSettings).toMatchObject({
      checkoutEnabled: true,
      onePageCheckout: true,
      registeredUsersOnly: true,
      guestCheckout: false,
      cartAdditionBehaviour: 0,
      itemsMerge: true,
      eProductDelivery: "link",
    });
  });

  it("has the comment, rating, sitemap and home page options", async () => {
    expect(await option("HomePageSlug")).toBe("naslovna");
    expect(await option("AutoGenerateSiteMap")).toBe(true);
    expect(await option("RequireAdminPublishing")).toBe(true);
    expect(await option("RequireRatingForComment")).toBe(true);
    expect(await option("RequireCommentForRating")).toBe(true);
    expect(await option("NumberOfStars")).toBe(5);
    expect(await option("CanCommentOnBlog")).toBe("loggedUsersOnly");
    expect(await option("UserCanEditComment")).toBe(true);
    expect(await option("OneUserOneComment")).toBe(false);
    expect(await option("ThemeNavigations")).toEqual({
      main: "main",
      footer1: "footer1",
      footer2: "footer2",
      footer3: "footer3",
      footer4: "footer4",
    });
  });

  it("has header, footer and cookie blocks and the main and footer navigations", async () => {
    const db = await shop.db();
    const croatian = (await db.select().from(pageElements).where(eq(pageElements.languageCode, "hrv"))).map((e) => e.handler).sort();
    expect(croatian).toEqual(["cookie-section", "footer-section", "header-section"]);
    const handles = (await db.select().from(navigations)).map((n) => n.handle).sort();
    expect(handles).toEqual(["footer1", "footer2", "footer3", "footer4", "main"]);
  });

  it("leaves the id sequences free after seeding fixed ids: a new store gets the next id", async () => {
    const db = await shop.db();
    const [site] = await db.select().from(sites);
    const [store] = await db
      .insert(stores)
      .values({
        siteId: site.id,
        name: "Druga trgovina",
        languageId: 41,
        currencyId: 44,
        checkoutSettings: (await db.select().from(stores))[0].checkoutSettings,
      })
      .returning();
    expect(store.id).toBe(2);
    await db.delete(stores).where(eq(stores.id, store.id));
  });

  it("seeding again changes nothing (idempotent)", async () => {
    const db = await shop.db();
    const count = async () => ({
      options: (await db.select().from(options)).length,
      navs: (await db.select().from(navigations)).length,
      elements: (await db.select().from(pageElements)).length,
    });
    const before = await count();
    await seed(db, { demo: true, again: true });
    expect(await count()).toEqual(before);
  });

  it("runs each seed step once: a row an editor deleted does not come back on the next start", async () => {
    const db = await shop.db();
    await db.delete(navigations).where(eq(navigations.handle, "footer4"));
    await seed(db, { demo: true });
    expect((await db.select().from(navigations)).map((n) => n.handle)).not.toContain("footer4");
    const steps = (await db.select().from(seedRuns)).map((r) => r.step).sort();
    expect(steps).toEqual([
      "blog@1",
      "cart-request-quote@1",
      "cart-settings@1",
      "checkout@1",
      "coupons@1",
      "demo@1",
      "e-product-file@1",
      "home-hero@1",
      "page-components@1",
      "pages@1",
      "seller@1",
      "site@3",
      "staff@1",
      "users@1",
    ]);
  });
});

describe("notices to the backoffice", () => {
  it("says on every backoffice screen that mail waits in the outbox while no SMTP is configured, and nothing else", async () => {
    const admin = await loginAsAdmin(new Visitor(shop));
    const { html } = await admin.page("/admin/products");
    expect(html).toContain("Slanje e-pošte nije podešeno (SMTP): poruke kupcima i trgovini ne odlaze nego čekaju u redu");
    expect(html).toContain('href="/admin/mail?status=queued"');
    expect(html).not.toContain('data-testid="notice-maintenance"');
    // A shopper's page carries no staff notice, not even an empty key.
    expect((await new Visitor(shop).page("/")).html).not.toContain("staffNotice");
  });
});

describe("maintenance mode (spec §1)", () => {
  it("shows everyone but backoffice users the maintenance view with 503", async () => {
    const db = await shop.db();
    await db.update(sites).set({ maintenanceMode: true });
    await clearCache("site-config");
    try {
      const { response, html } = await new Visitor(shop).page("/kosarica");
      expect(response.status).toBe(503);
      expect(html).toContain("Održavanje u toku, biti ćemo s Vama uskoro!");
      expect(html).not.toContain('data-testid="site-header"');
      expect(html).not.toContain('data-testid="site-footer"');

      const admin = await loginAsAdmin(new Visitor(shop)); // a sign-in refused in maintenance mode throws
      const seen = await admin.page("/kosarica");
      expect(seen.response.status).toBe(200);
      expect(seen.html).toContain('data-testid="site-header"');
      // …and is told why customers don't: on the shop's pages and on every backoffice screen.
      expect(seen.html).toContain(
        "Trgovina je u održavanju: kupci vide samo obavijest o održavanju. Ovu stranicu vidite jer ste prijavljeni u administraciju.",
      );
      const backoffice = await admin.page("/admin/orders");
      expect(backoffice.html).toContain('data-testid="notice-maintenance"');
      expect(backoffice.html).not.toContain('data-testid="staff-maintenance-notice"');
    } finally {
      await db.update(sites).set({ maintenanceMode: false });
      await clearCache("site-config");
    }
  });
});
