import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, options, sites, stores } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";
import { submit, textOf } from "../setup/account-helpers";
import { startCachingServer, type CachingServer } from "../setup/caching-server";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { cartPost, shopper } from "./cart-helpers";

/**
 * /admin/settings (docs/decisions/0050): each section's validation
 * messages, the fingerprint that refuses a stale form (409, nothing written), the audit
 * row of a save, and a saved value showing at once on the shop, cached pages included.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let server: CachingServer;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  server = await startCachingServer();
}, 60_000);
afterAll(() => {
  server?.close();
  return shop?.close();
});

/** The values a section's form shows, as a browser without JavaScript would post them unchanged. */
async function shownForm(section: string): Promise<Record<string, string>> {
  const { html } = await admin.page(`/admin/settings/${section}`);
  const form = new JSDOM(html).window.document.querySelector(`[data-testid="${section}-settings-form"]`);
  if (!form) throw new Error(`No ${section} form`);
  const fields: Record<string, string> = {};
  for (const control of form.querySelectorAll<HTMLInputElement>("input[name], select[name], textarea[name]")) {
    if (["csrf", "website", "from__confirm"].includes(control.name)) continue;
    if (control.type === "checkbox" && !control.checked) continue;
    fields[control.name] = control.value;
  }
  return fields;
}

const save = async (section: string, changes: Record<string, string | null>) => {
  const fields = { ...(await shownForm(section)), ...changes };
  for (const [key, value] of Object.entries(fields)) if (value === null) delete fields[key];
  return submit(admin, `/admin/settings/${section}`, fields as Record<string, string>);
};
const errorAt = (html: string, section: string, field: string) =>
  textOf(html, `[data-field="${field}"] [id$="-error"]`) ?? `no ${field} on the ${section} form`;
const option = async (key: string) =>
  (
    await db
      .select({ value: options.value })
      .from(options)
      .where(and(eq(options.siteId, 1), eq(options.key, key)))
  )[0]?.value;
const lastAudit = async () =>
  (await db.select().from(auditLog).where(eq(auditLog.entity, "settings")).orderBy(desc(auditLog.id)).limit(1))[0];

describe("validation", () => {
  it("company: OIB, e-mail, postcode with the city and the HUB-3 purpose code", async () => {
    const refused = await save("company", { oib: "12345678901", email: "info@", city: "Velika Gorica", purposeCode: "othr" });
    expect(refused.status).toBe(400);
    expect(errorAt(refused.html, "company", "oib")).toBe("OIB nije ispravan");
    expect(errorAt(refused.html, "company", "email")).toBe("Unesite ispravnu e-mail adresu");
    expect(errorAt(refused.html, "company", "city")).toBe("Unesite poštanski broj i mjesto, npr. 10410 Velika Gorica");
    expect(errorAt(refused.html, "company", "purposeCode")).toBe("Šifra namjene su četiri velika slova, npr. OTHR");
    expect(((await option("SellerDetails")) as { oib: string }).oib).toBe("94577403194");
  });

  it("comments: the number of stars is 1 to 10", async () => {
    for (const stars of ["0", "11"]) {
      const refused = await save("comments", { NumberOfStars: stars });
      expect(refused.status).toBe(400);
      expect(errorAt(refused.html, "comments", "NumberOfStars")).toBe("Broj zvjezdica mora biti od 1 do 10");
    }
    expect(await option("NumberOfStars")).toBe(5);
  });

  it("tracking: each provider's id format, nothing else", async () => {
    const refused = await save("tracking", {
      GoogleAnalyticsId: "<script>alert(1)</script>",
      GoogleTagManagerId: "GTM_12",
      FacebookPixelId: "12ab",
    });
    expect(refused.status).toBe(400);
    expect(errorAt(refused.html, "tracking", "GoogleAnalyticsId")).toBe("Google Analytics ID ima oblik G-XXXXXXX ili UA-XXXXXX-X");
    expect(errorAt(refused.html, "tracking", "GoogleTagManagerId")).toBe("Google Tag Manager ID ima oblik GTM-XXXX");
    expect(errorAt(refused.html, "tracking", "FacebookPixelId")).toBe("Facebook Pixel ID sadrži samo znamenke (najmanje 5)");
    expect(await option("GoogleAnalyticsId")).toBeNull();
  });

  it("site: the home page must be a published page, e-mails valid, the low-stock level 0 to 9999", async () => {
    const refused = await save("site", { HomePageSlug: "nema-takve-stranice", SendEmailTo: "narudzbe" });
    expect(refused.status).toBe(400);
    expect(errorAt(refused.html, "site", "SendEmailTo")).toBe("Unesite ispravnu e-mail adresu");
    const unknown = await save("site", { HomePageSlug: "nema-takve-stranice" });
    expect(unknown.status).toBe(400);
    expect(errorAt(unknown.html, "site", "HomePageSlug")).toBe("Nema objavljene stranice s tim slugom");
    const range = await save("site", { LowStockThreshold: "10000" });
    expect(errorAt(range.html, "site", "LowStockThreshold")).toBe("Unesite cijeli broj od 0 do 9999");
    expect(await option("HomePageSlug")).toBe("naslovna");
  });
});

describe("saving", () => {
  it("each section's form shows what is stored: posted unchanged, it changes nothing and writes no audit row", async () => {
    const before = await lastAudit();
    for (const section of ["company", "checkout", "comments", "tracking", "site"]) {
      const unchanged = await save(section, {});
      expect(unchanged.toast?.text, section).toBe("Ništa nije promijenjeno.");
    }
    expect((await lastAudit())?.id).toBe(before?.id);
  });

  it("company: the invoice's register line and number parts are saved (decision 0104); a bad MBS or device code is refused", async () => {
    const refused = await save("company", { registerNumber: "12ab", deviceCode: "A1" });
    expect(refused.status).toBe(400);
    expect(errorAt(refused.html, "company", "registerNumber")).toBe("MBS ima od 6 do 11 znamenki");
    expect(errorAt(refused.html, "company", "deviceCode")).toBe("Samo slova i znamenke (uređaj: samo znamenke)");
    const before = await option("SellerDetails");
    try {
      const saved = await save("company", { directors: "Ana Anić, direktorica", premisesCode: "WEB2", deviceCode: "3" });
      expect(saved.status).toBe(302);
      expect(await option("SellerDetails")).toMatchObject({
        directors: "Ana Anić, direktorica",
        premisesCode: "WEB2",
        deviceCode: "3",
        registerCourt: "Trgovački sud u Zagrebu",
      });
    } finally {
      await db
        .update(options)
        .set({ value: before })
        .where(and(eq(options.siteId, 1), eq(options.key, "SellerDetails")));
    }
  });

  it("checkout: Croatian VAT on deliveries outside the EU is off until switched on (decision 0104)", async () => {
    expect((await shownForm("checkout")).vatOutsideEu).toBeUndefined();
    expect((await save("checkout", { vatOutsideEu: "on" })).status).toBe(302);
    expect((await shownForm("checkout")).vatOutsideEu).toBe("on");
    expect((await save("checkout", { vatOutsideEu: null })).status).toBe(302);
    expect((await shownForm("checkout")).vatOutsideEu).toBeUndefined();
  });

  it("writes the changed keys with an audit row (before and after); the IBAN stays the payments screen's", async () => {
    const saved = await save("company", { phone: "+385 1 7777 888", purposeCode: "GDSV" });
    expect(saved.status).toBe(302);
    expect(saved.toast?.text).toBe("Postavke su spremljene.");
    expect(await option("SellerDetails")).toMatchObject({
      phone: "+385 1 7777 888",
      purposeCode: "GDSV",
      iban: "HR1723600001101234565",
      oib: "94577403194",
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: "company",
      before: { phone: "+385 1 6222 333", purposeCode: "OTHR" },
      after: { phone: "+385 1 7777 888", purposeCode: "GDSV" },
    });
    expect(Object.keys(audit.after as object).sort()).toEqual(["phone", "purposeCode"]);
  });

  it("refuses a form whose section changed since it was shown (409), nothing overwritten", async () => {
    const stale = await shownForm("comments");
    expect((await save("comments", { NumberOfStars: "7" })).toast?.text).toBe("Postavke su spremljene.");
    const response = await admin.post(
      "/admin/settings/comments",
      { ...stale, NumberOfStars: "3" },
      { tokenFrom: "/admin/settings/comments" },
    );
    expect(response.status).toBe(302);
    const page = await admin.page(response.headers.get("Location")!);
    expect(page.html).toMatch(/Netko je u međuvremenu promijenio/);
    expect(await option("NumberOfStars")).toBe(7);
    // The 409 itself is the service's answer (the page redirects to show the current values).
    const { saveSettings } = await import("~/modules/settings/settings-admin.server");
    await expect(
      saveSettings({ id: 1, email: "a@b.hr" }, "comments", { fingerprint: stale.fingerprint, NumberOfStars: 3 }),
    ).rejects.toMatchObject({ status: 409, key: "admin.staleEdit" });
    await save("comments", { NumberOfStars: "5" });
  });

  it("site: the price ending of bulk price changes is one of the list, stored as chosen, 'none' as not configured", async () => {
    const saved = await save("site", { PriceEnding: "ending99" });
    expect(saved.toast?.text).toBe("Postavke su spremljene.");
    expect(await option("PriceEnding")).toBe("ending99");
    expect((await save("site", { PriceEnding: "99" })).status).toBe(400);
    await save("site", { PriceEnding: "none" });
    expect(await option("PriceEnding")).toBeNull();
  });

  it("the checkout section keeps the site's cart-addition behaviour and the store's copy in step, and leaves allowed countries alone", async () => {
    const countries = (await db.select().from(stores))[0].checkoutSettings.allowedCountries;
    await save("checkout", { cartAdditionBehaviour: "2", guestCheckout: "on" });
    expect((await db.select().from(sites))[0].cartAdditionBehaviour).toBe(2);
    expect((await db.select().from(stores))[0].checkoutSettings).toMatchObject({
      cartAdditionBehaviour: 2,
      guestCheckout: true,
      allowedCountries: countries,
    });
    await save("checkout", { cartAdditionBehaviour: "0", guestCheckout: null });
    expect((await db.select().from(stores))[0].checkoutSettings.guestCheckout).toBe(false);
  });

  it("the old cart settings address leads to the checkout section", async () => {
    const response = await admin.get("/admin/cart-settings");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/admin/settings/checkout");
  });
});

describe("the shop follows at once", () => {
  const get = (path: string) => fetch(server.base + path);

  it("a changed copyright text and cookie notice show on the cached home page", async () => {
    await get("/");
    expect((await get("/")).headers.get("X-Page-Cache")).toBe("hit");
    await save("site", { "CopyrightText.hr": "© {year} Alu Krov — svi podaci zaštićeni" });
    await save("tracking", { "CookieNotice.hr": "Kolačiće koristimo samo uz Vašu privolu." });
    const fresh = await get("/");
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    const html = await fresh.text();
    expect(html).toContain(`© ${new Date().getFullYear()} Alu Krov — svi podaci zaštićeni`);
    expect(html).toContain("Kolačiće koristimo samo uz Vašu privolu.");
    // An empty English text falls back to the Croatian one.
    expect(await option("CopyrightText")).toEqual({
      hr: "© {year} Alu Krov — svi podaci zaštićeni",
      en: "© {year} Alu Krov d.o.o. All rights reserved.",
      de: "© {year} Alu Krov d.o.o. Alle Rechte vorbehalten.",
    });
  });

  it("a saved Google Analytics id is rendered for a visitor who accepted analytics; emptied, it is gone", async () => {
    const visitor = new Visitor(shop);
    visitor.cookies.set("acceptedCookies", encodeURIComponent("necessary,analytics"));
    try {
      await save("tracking", { GoogleAnalyticsId: "G-SETTINGS42" });
      expect(await option("GoogleAnalyticsId")).toBe("G-SETTINGS42");
      expect((await visitor.page("/kosarica")).html).toContain("https://www.googletagmanager.com/gtag/js?id=G-SETTINGS42");
    } finally {
      await save("tracking", { GoogleAnalyticsId: "" });
    }
    expect(await option("GoogleAnalyticsId")).toBeNull();
    expect((await visitor.page("/kosarica")).html).not.toContain("G-SETTINGS42");
  });

  it("the company phone shows in the shop's footer", async () => {
    await save("company", { phone: "+385 1 5555 444" });
    expect(await (await get("/")).text()).toContain("+385 1 5555 444");
  });

  it("cartAdditionBehaviour 0, 1 and 2 decide where adding to the cart leads", async () => {
    const panel = await catalogue(shop).idOf("AK-PNL-SND-40");
    const from = "/product/krovni-sendvic-panel-40-mm-pir";
    const add = { intent: "add", productId: String(panel), quantity: "1", redirectTo: from, js: "1" };
    const visitor = await shopper(shop);
    try {
      await save("checkout", { cartAdditionBehaviour: "1" });
      expect((await cartPost(visitor, add, { from })).location).toBe(from);
      await save("checkout", { cartAdditionBehaviour: "2" });
      expect((await cartPost(visitor, add, { from })).location).toBe(`${from}?cart=open`);
      await save("checkout", { cartAdditionBehaviour: "0" });
      expect((await cartPost(visitor, add, { from })).location).toBe("/kosarica");
    } finally {
      await db.update(sites).set({ cartAdditionBehaviour: 0 });
    }
  });
});

describe("the maintenance message (/admin/settings)", () => {
  /** The message form as a browser without JavaScript posts it, with `changes`. */
  async function saveMessage(changes: Record<string, string>) {
    const { html } = await admin.page("/admin/settings");
    const form = new JSDOM(html).window.document.querySelector('[data-testid="maintenance-message-form"]');
    if (!form) throw new Error("No maintenance message form");
    const fields: Record<string, string> = {};
    for (const control of form.querySelectorAll<HTMLInputElement>("input[name], textarea[name]"))
      if (control.name !== "csrf") fields[control.name] = control.value;
    return submit(admin, "/admin/settings", { ...fields, ...changes });
  }
  const switchTo = (on: boolean) =>
    submit(admin, "/admin/settings", { intent: "maintenance", was: on ? "off" : "on", ...(on ? { maintenanceMode: "on" } : {}) });
  /** The maintenance view's message a shopper gets at `path` (and the page's HTML). */
  const shown = async (path: string) => {
    const { response, html } = await new Visitor(shop).page(path);
    expect(response.status).toBe(503);
    return { html, text: textOf(html, '[data-testid="maintenance-message"]') };
  };

  it("is the spec's text until the owner writes one; theirs shows per language (else the Croatian one), as plain text; audited", async () => {
    const page = (await admin.page("/admin/settings")).html;
    expect(page).toContain("Prazno: kupci vide „Održavanje u toku, biti ćemo s Vama uskoro!”");
    const before = await lastAudit();
    try {
      const saved = await saveMessage({
        "MaintenanceMessage.hr": "Radimo na novoj trgovini <b>ponovo</b>.\nVraćamo se u ponedjeljak.",
        "MaintenanceMessage.en": "Back on Monday.",
      });
      expect(saved.toast?.text).toBe("Postavke su spremljene.");
      expect(await option("MaintenanceMessage")).toEqual({
        hr: "Radimo na novoj trgovini <b>ponovo</b>.\nVraćamo se u ponedjeljak.",
        en: "Back on Monday.",
      });
      const audit = await lastAudit();
      expect(audit.id).not.toBe(before?.id);
      expect([audit.action, audit.before, audit.after]).toEqual([
        "maintenance",
        { MaintenanceMessage: null },
        { MaintenanceMessage: { hr: "Radimo na novoj trgovini <b>ponovo</b>.\nVraćamo se u ponedjeljak.", en: "Back on Monday." } },
      ]);
      // The form shows what is stored; posted unchanged, nothing is written.
      expect((await saveMessage({})).toast?.text).toBe("Ništa nije promijenjeno.");

      await switchTo(true);
      // Plain text: the markup typed is shown as typed, never rendered.
      const hr = await shown("/");
      expect(hr.text).toBe("Radimo na novoj trgovini <b>ponovo</b>.\nVraćamo se u ponedjeljak.");
      expect(hr.html).not.toContain("<b>ponovo</b>");
      expect((await shown("/en")).text).toBe("Back on Monday.");
      expect((await shown("/de")).text).toMatch(/^Radimo na novoj trgovini/);

      // Too long: refused at its field, nothing stored.
      const long = await saveMessage({ "MaintenanceMessage.hr": "x".repeat(301) });
      expect(long.status).toBe(400);
      expect(textOf(long.html, '[data-testid="maintenance-message-form"] [id$="-error"]')).toMatch(/300/);
      expect((await option("MaintenanceMessage")) as object).toHaveProperty("en", "Back on Monday.");

      // Emptied: the spec's text again.
      await saveMessage({ "MaintenanceMessage.hr": "", "MaintenanceMessage.en": "" });
      expect(await option("MaintenanceMessage")).toEqual({});
      expect((await shown("/")).text).toBe("Održavanje u toku, biti ćemo s Vama uskoro!");
      expect((await shown("/en")).text).toBe("Maintenance in progress, we will be back with you soon!");
    } finally {
      await switchTo(false);
      await db.delete(options).where(and(eq(options.siteId, 1), eq(options.key, "MaintenanceMessage")));
    }
  });
});
