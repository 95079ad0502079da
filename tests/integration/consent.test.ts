import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, consentAssignments, consentLogs, consents } from "~/.server/db/schema";
import type { FormKind } from "~/lib/form-kinds";
import type * as ConsentAdmin from "~/modules/consent/consent-admin.server";
import type * as ConsentService from "~/modules/consent/consent.server";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Consents (spec §5, §2 /admin/consent): the service every form uses, called directly on
 * the shop's database, and the admin pages through real requests.
 */
let shop: Shop;
let service: typeof ConsentService;
let admin: typeof ConsentAdmin;
/** Consent ids by unique number: serial ids are not guaranteed to be 1, 2, 3. */
const id: Record<number, number> = {};

beforeAll(async () => {
  shop = await bootShop();
  // Imported after boot: these modules read the environment bootShop sets.
  service = await import("~/modules/consent/consent.server");
  admin = await import("~/modules/consent/consent-admin.server");
  for (const row of await (await shop.db()).select().from(consents)) id[row.uniqueNumber] = row.id;
});
afterAll(() => shop.close());

const db = () => shop.db();
const consentCount = async () => (await (await db()).select().from(consents)).length;
const logCount = async () => (await (await db()).select().from(consentLogs)).length;
async function assignment(kind: FormKind) {
  const [row] = await (await db()).select().from(consentAssignments).where(eq(consentAssignments.assignedTo, kind));
  return { consents: row.consents, requiredConsents: row.requiredConsents };
}

describe("getFormConsents", () => {
  it("gives the form's consents in the visitor's language, required ones flagged, links localised", async () => {
    const hr = await service.getFormConsents("registerForm", "hr");
    expect(hr.map((c) => [c.uniqueNumber, c.required])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(hr[0]).toMatchObject({
      id: id[1],
      displayName: "Pročitao/la sam i prihvaćam politiku privatnosti",
      link: "/politika-privatnosti",
    });
    expect(hr[2].link).toBeNull();
    const en = await service.getFormConsents("registerForm", "en");
    expect(en[0]).toMatchObject({ displayName: "I have read and accept the privacy policy", link: "/en/politika-privatnosti" });
    expect(await service.getFormConsents("addressForm", "de")).toEqual([]);
  });
});

describe("validateConsents (spec §5)", () => {
  it("refuses a submission without every required consent: core.notifications.consentRequired, 400", async () => {
    const refusal = service.validateConsents("registerForm", [id[1], id[3]]);
    await expect(refusal).rejects.toMatchObject({ key: "core.notifications.consentRequired", status: 400 });
    await expect(service.validateConsents("registerForm", [])).rejects.toMatchObject({ key: "core.notifications.consentRequired" });
  });

  it("passes with the required ones and returns the accepted ids of the form, ignoring unknown ids", async () => {
    expect(await service.validateConsents("registerForm", [999_999, id[2], id[1]])).toEqual([id[1], id[2]]);
    // Consent 2 exists but is not on the newsletter form: ignored like an unknown id.
    expect(await service.validateConsents("newsletter", [id[1], id[2], id[3]])).toEqual([id[1], id[3]]);
  });

  it("passes when no consent is assigned, and when none is required", async () => {
    expect(await service.validateConsents("addressForm", [id[1]])).toEqual([]);
    await admin.saveAssignment({ id: 1, email: "admin@alu-krov.hr" }, "addressForm", { consents: [id[3]], requiredConsents: [] });
    expect(await service.validateConsents("addressForm", [])).toEqual([]);
    expect(await service.validateConsents("addressForm", [id[3]])).toEqual([id[3]]);
  });
});

describe("logConsents", () => {
  it("writes the log row: accepted, timestamp, source form, consents, user type, e-mail", async () => {
    const before = Date.now();
    const row = await service.logConsents(await db(), {
      kind: "newsletter",
      acceptedIds: [id[3], id[1], id[2], 424_242],
      userType: "anonymous",
      email: "  Ana.Kupac@Example.com ",
    });
    const [log] = await (await db()).select().from(consentLogs).where(eq(consentLogs.id, row!.id));
    expect(log).toMatchObject({
      status: "accepted",
      sourceType: "newsletter",
      consents: [id[3], id[1]], // not on the newsletter form: never logged
      userType: "anonymous",
      email: "ana.kupac@example.com",
    });
    expect(log.statusTimestamp.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("runs inside the caller's transaction: rolled back with it", async () => {
    const count = await logCount();
    const rollback = (await db()).transaction(async (tx) => {
      await service.logConsents(tx, { kind: "contactForm", acceptedIds: [id[1]], userType: "guest", email: "g@example.com" });
      throw new Error("the form's own write failed");
    });
    await expect(rollback).rejects.toThrow("the form's own write failed");
    expect(await logCount()).toBe(count);
  });

  it("writes nothing when nothing on the form was accepted", async () => {
    const count = await logCount();
    expect(
      await service.logConsents(await db(), { kind: "contactForm", acceptedIds: [id[2]], userType: "registered", email: null }),
    ).toBeNull();
    expect(await logCount()).toBe(count);
  });

  it("fails with error.failedConsentLog when the row cannot be written", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {}); // the service logs the cause
    const attempt = (await db()).transaction(async (tx) => {
      // An aborted transaction refuses every further statement, as a lost connection would.
      await tx.execute(sql`select 1/0`).catch(() => {});
      await service.logConsents(tx, { kind: "contactForm", acceptedIds: [id[1]], userType: "guest", email: null });
    });
    await expect(attempt).rejects.toMatchObject({ key: "error.failedConsentLog" });
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
  });
});

describe("admin pages: only for backoffice users", () => {
  const paths = ["/admin/consent", "/admin/consent/registerForm"];

  it.each(paths)("sends an anonymous visitor from %s to /adminLogin", async (path) => {
    const response = await new Visitor(shop).get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/adminLogin?redirectTo=${encodeURIComponent(path)}`);
  });

  it.each(paths)("sends a customer from %s to /adminLogin", async (path) => {
    const customer = await signInAsCustomer(shop, new Visitor(shop));
    const response = await customer.get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/adminLogin\?redirectTo=/);
  });

  it("refuses posts of anonymous visitors and customers before reading them", async () => {
    const count = await consentCount();
    const before = await assignment("registerForm");
    for (const visitor of [new Visitor(shop), await signInAsCustomer(shop, new Visitor(shop))]) {
      const create = await visitor.post("/admin/consent", { uniqueNumber: "50", "displayName.hr": "Uljez" });
      expect(create.status).toBe(302);
      expect(create.headers.get("Location")).toMatch(/^\/adminLogin/);
      const edit = await visitor.post("/admin/consent/registerForm", { consents: [], requiredConsents: [] });
      expect(edit.headers.get("Location")).toMatch(/^\/adminLogin/);
    }
    expect(await consentCount()).toBe(count);
    expect(await assignment("registerForm")).toEqual(before);
  });
});

describe("admin pages: the backoffice user", () => {
  let visitor: Visitor;
  beforeAll(async () => {
    visitor = await loginAsAdmin(new Visitor(shop));
  });
  const post = (path: string, fields: Record<string, string | string[]>) => visitor.post(path, fields, { tokenFrom: path });

  it("lists consents with their names per language, the six forms and the latest log", async () => {
    const { response, html } = await visitor.page("/admin/consent");
    expect(response.status).toBe(200);
    expect(html).toContain("Prihvaćam opće uvjete poslovanja");
    expect(html).toContain("I accept the terms and conditions");
    expect(html).toContain("Ich akzeptiere die Allgemeinen Geschäftsbedingungen");
    for (const label of ["Newsletter", "Kontakt obrazac", "Registracija", "Naplata", "Adresa", "Upit o dostupnosti proizvoda"]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('href="/admin/consent/productAvailabilityForm"');
    expect(html).toContain("Zapisnik privola");
    expect(html).toContain("ana.kupac@example.com"); // the row logged above
    expect(html).toContain("Anonimni posjetitelj");
  });

  it("creates a consent, then shows it with a success toast", async () => {
    const count = await consentCount();
    const response = await post("/admin/consent", {
      uniqueNumber: "10",
      "displayName.hr": "Pristajem na obradu podataka za ponudu",
      "displayName.en": "",
      "displayName.de": "Ich stimme der Datenverarbeitung für das Angebot zu",
      pageSlug: "obrada-podataka",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/consent");
    const [row] = await (await db()).select().from(consents).where(eq(consents.uniqueNumber, 10));
    // The empty English name is left out, so English readers get the Croatian fallback.
    expect(row.displayName).toEqual({
      hr: "Pristajem na obradu podataka za ponudu",
      de: "Ich stimme der Datenverarbeitung für das Angebot zu",
    });
    expect(row.pageSlug).toBe("obrada-podataka");
    expect(await consentCount()).toBe(count + 1);
    // The audit trail, like every backoffice change: who, when, which consent, nothing before, what it is now.
    const [audit] = await (await db()).select().from(auditLog).where(eq(auditLog.entity, "consent")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: "create",
      entityId: row.id,
      actorEmail: "admin@alu-krov.hr",
      before: null,
      after: { uniqueNumber: 10, displayName: row.displayName, pageSlug: "obrada-podataka" },
    });
    expect(Date.now() - audit.createdAt.getTime()).toBeLessThan(60_000);
    const { html } = await visitor.page("/admin/consent");
    expect(html).toContain("Privola 10 je dodana");
    expect(html).toContain("Pristajem na obradu podataka za ponudu");
  });

  it("answers bad input with translated messages and changes nothing", async () => {
    const count = await consentCount();
    const response = await post("/admin/consent", { uniqueNumber: "abc", "displayName.hr": "  ", pageSlug: "ab" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Jedinstveni broj mora biti cijeli broj od 1 do 2147483647");
    expect(html).toContain("Unos ovog polja je obavezan");
    expect(html).toContain("Slug je kratak (minimum 4 znaka)!");
    const taken = await post("/admin/consent", { uniqueNumber: "10", "displayName.hr": "Druga privola" });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Privola s ovim jedinstvenim brojem već postoji");
    expect(await consentCount()).toBe(count);
    // A refused consent leaves no trail either.
    const creations = await (await db()).select().from(auditLog).where(eq(auditLog.action, "create"));
    expect(creations.filter((a) => a.entity === "consent")).toHaveLength(1);
  });

  it("shows the messages in the admin's language", async () => {
    const english = await loginAsAdmin(new Visitor(shop));
    await english.post("/admin", { intent: "language", lng: "en", redirectTo: "/admin/consent" }, { tokenFrom: "/admin" });
    const response = await english.post("/admin/consent", { uniqueNumber: "0", "displayName.hr": "" }, { tokenFrom: "/admin/consent" });
    const html = await response.text();
    expect(html).toContain("The unique number must be a whole number from 1 to 2147483647");
    expect(html).toContain("New consent");
    expect(html).not.toContain("Nova privola");
  });

  it("edits a form's assignment: a required consent is assigned too, the form sees it at once", async () => {
    expect((await service.getFormConsents("newsletter", "hr")).map((c) => c.uniqueNumber)).toEqual([1, 3]); // now cached
    const response = await post("/admin/consent/newsletter", { consents: [String(id[1])], requiredConsents: [String(id[3]), "junk"] });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/consent/newsletter");
    expect(await assignment("newsletter")).toEqual({ consents: [id[1], id[3]].sort((a, b) => a - b), requiredConsents: [id[3]] });
    const shown = await service.getFormConsents("newsletter", "hr");
    expect(shown.map((c) => [c.uniqueNumber, c.required])).toEqual([
      [1, false],
      [3, true],
    ]);
    expect(await service.validateConsents("newsletter", [id[3]])).toEqual([id[3]]);
    const { html } = await visitor.page("/admin/consent/newsletter");
    expect(html).toContain("Dodjela privola je spremljena");
    // The audit trail: who changed which form's assignment, before and after.
    const [audit] = await (await db()).select().from(auditLog).where(eq(auditLog.entity, "consent")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: "assign",
      actorEmail: "admin@alu-krov.hr",
      after: { assignedTo: "newsletter", requiredConsents: [id[3]] },
    });
    expect(audit.before).toMatchObject({ assignedTo: "newsletter" });
  });

  it("refuses an assignment naming an unknown consent and keeps the old one", async () => {
    const before = await assignment("checkoutForm");
    const response = await post("/admin/consent/checkoutForm", { consents: [String(id[1]), "999999"], requiredConsents: [] });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Odabrana privola ne postoji");
    expect(await assignment("checkoutForm")).toEqual(before);
  });

  it("answers 404 for an unknown form kind", async () => {
    expect((await visitor.get("/admin/consent/nepostojeci")).status).toBe(404);
    const response = await visitor.post("/admin/consent/nepostojeci", { consents: [String(id[1])] }, { tokenFrom: "/admin/consent" });
    expect(response.status).toBe(404);
  });

  it("refuses a post without the CSRF token with 403 and changes nothing", async () => {
    const count = await consentCount();
    const before = await assignment("contactForm");
    const create = await visitor.post("/admin/consent", { uniqueNumber: "77", "displayName.hr": "Bez tokena" }, { csrf: false });
    expect(create.status).toBe(403);
    const edit = await visitor.post("/admin/consent/contactForm", { consents: [], requiredConsents: [] }, { csrf: false });
    expect(edit.status).toBe(403);
    expect(await consentCount()).toBe(count);
    expect(await assignment("contactForm")).toEqual(before);
  });
});
