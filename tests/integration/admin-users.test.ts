import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { accountTokens, auditLog, mailOutbox, sessions, sites, users } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";
import { decodeEntities, submit } from "../setup/account-helpers";
import { createStaff, signInAsStaff } from "../setup/staff";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Backoffice users (/admin/users, docs/decisions/0043): invitation by
 * mail and the set-password page, scope changes, deactivation with its guard rails and the
 * maintenance switch of /admin/settings. (Session expiry: staff-sessions.test.ts.)
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let adminId: number;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  adminId = (await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email)))[0].id;
}, 60_000);
afterAll(() => shop?.close());

const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
const inviteLinkOf = async (email: string) => {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "backofficeInvite")))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  const link = /http:\/\/localhost:3000(\/adminLogin\/invite\?token=[\w-]+)/.exec(mail.text);
  if (!link) throw new Error(`No invitation link in ${mail.text}`);
  return link[1];
};
const invite = (email: string, scope: string) =>
  submit(admin, "/admin/users", { intent: "invite", email, firstName: "Sanja", lastName: "Horvat", scope });
const edit = async (visitor: Visitor, id: number, fields: Record<string, string>) => {
  const version = (await userByEmail((await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email)).version;
  return submit(visitor, `/admin/users/${id}`, { version: String(version), ...fields });
};

describe("invitation", () => {
  it("invites by mail; the link sets a password and signs the new user in with exactly their scope", async () => {
    const invited = await invite("Sanja.Prodaja@Alu-Krov.hr", "sales");
    expect(invited.status).toBe(302);
    // No SMTP here: the invitation waits in the outbox, and the message says so (with SMTP: mail-smtp.test.ts).
    expect(invited.toast?.text).toBe("Poziv za sanja.prodaja@alu-krov.hr čeka u redu za slanje: slanje e-pošte nije podešeno.");
    const user = await userByEmail("sanja.prodaja@alu-krov.hr");
    expect(user).toMatchObject({ isBackofficeUser: true, scope: ["sales"], passwordHash: null, blockedAt: null });
    expect(invited.location).toBe(`/admin/users/${user.id}`);

    const list = await admin.page("/admin/users?status=invited");
    expect(decodeEntities(list.html)).toContain("sanja.prodaja@alu-krov.hr");
    expect(list.html).toContain("Pozvan");

    const link = await inviteLinkOf("sanja.prodaja@alu-krov.hr");
    const invitee = new Visitor(shop);
    const page = await invitee.page(link);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.html).toContain("Postavite lozinku");

    const short = await invitee.post(
      link,
      { token: link.split("token=")[1], newPassword: "kratka", newPasswordAgain: "kratka" },
      { tokenFrom: link },
    );
    expect(short.status).toBe(400);
    const done = await invitee.post(
      link,
      { token: link.split("token=")[1], newPassword: "Prodaja-2026!", newPasswordAgain: "Prodaja-2026!" },
      { tokenFrom: link },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");

    expect((await invitee.page("/admin")).response.status).toBe(200);
    expect((await invitee.page("/admin/orders")).response.status).toBe(200);
    expect((await invitee.page("/admin/users")).response.status).toBe(403);
    expect((await invitee.page("/admin/mail")).response.status).toBe(403);
    const menu = (await invitee.page("/admin")).html;
    expect(menu).toContain('href="/admin/orders"');
    expect(menu).not.toContain('href="/admin/users"');

    // The password works at the backoffice sign-in too.
    await signInAsStaff(new Visitor(shop), { email: "sanja.prodaja@alu-krov.hr", password: "Prodaja-2026!" });
    expect((await admin.page("/admin/users?status=active&q=sanja.prodaja")).html).toContain("Aktivan");
  });

  it("a used, unknown or expired link says so, never a 500", async () => {
    await invite("iskoristen@alu-krov.hr", "editor");
    const link = await inviteLinkOf("iskoristen@alu-krov.hr");
    const token = link.split("token=")[1];
    const first = new Visitor(shop);
    expect(
      (await first.post(link, { token, newPassword: "Urednik-2026!", newPasswordAgain: "Urednik-2026!" }, { tokenFrom: link })).status,
    ).toBe(302);

    const again = await new Visitor(shop).page(link);
    expect(again.response.status).toBe(200);
    expect(again.html).toContain("Ova poveznica više ne vrijedi");
    const reuse = await new Visitor(shop).post(
      link,
      { token, newPassword: "Drugi-2026!!", newPasswordAgain: "Drugi-2026!!" },
      { tokenFrom: "/adminLogin" },
    );
    expect(reuse.status).toBe(410);
    expect(decodeEntities(await reuse.text())).toContain("Ova poveznica više ne vrijedi");
    expect((await new Visitor(shop).page("/adminLogin/invite?token=nope")).html).toContain("Ova poveznica više ne vrijedi");
    expect((await new Visitor(shop).page("/adminLogin/invite")).response.status).toBe(200);

    await invite("istekao@alu-krov.hr", "editor");
    const expiredLink = await inviteLinkOf("istekao@alu-krov.hr");
    const expired = await userByEmail("istekao@alu-krov.hr");
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, expired.id));
    expect((await new Visitor(shop).page(expiredLink)).html).toContain("Ova poveznica više ne vrijedi");

    // Sent again from the user's page: a fresh link that works.
    const reinvited = await edit(admin, expired.id, { intent: "reinvite" });
    expect(reinvited.toast?.text).toBe("Novi poziv čeka u redu za slanje: slanje e-pošte nije podešeno.");
    const fresh = await inviteLinkOf("istekao@alu-krov.hr");
    expect(fresh).not.toBe(expiredLink);
    expect((await new Visitor(shop).page(fresh)).html).toContain("Postavite lozinku");
  });

  it("refuses an address that already has an account: a customer's or a backoffice user's", async () => {
    const customer = await invite(DEMO_CUSTOMER.email, "sales");
    expect(customer.status).toBe(409);
    expect(customer.html).toContain("Ovaj e-mail pripada kupcu");
    expect((await userByEmail(DEMO_CUSTOMER.email)).isBackofficeUser).toBe(false);
    const staff = await invite(DEMO_ADMIN.email, "sales");
    expect(staff.status).toBe(409);
    expect(staff.html).toContain("Ovaj e-mail već ima korisnik administracije.");
    expect((await invite("nije-email", "sales")).status).toBe(400);
    expect((await invite("x@alu-krov.hr", "boss")).status).toBe(400);
  });
});

describe("scope, deactivation and guard rails", () => {
  it("changes the scope: the user reaches the new scope's screens at their next request; audited", async () => {
    const staff = await createStaff(shop, "sales");
    const visitor = await signInAsStaff(new Visitor(shop), staff);
    expect((await visitor.page("/admin/orders")).response.status).toBe(200);
    const changed = await edit(admin, staff.id, { intent: "scope", scope: "editor" });
    expect(changed.toast?.text).toBe("Uloga je spremljena.");
    expect((await visitor.page("/admin/orders")).response.status).toBe(403);
    expect((await visitor.page("/admin/comments")).response.status).toBe(200);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, staff.id)));
    expect(entry).toMatchObject({
      action: "scope",
      before: { scope: ["sales"] },
      after: { scope: ["editor"] },
      actorEmail: DEMO_ADMIN.email,
    });
  });

  it("refuses a stale form: nothing is overwritten", async () => {
    const staff = await createStaff(shop, "sales");
    const stale = await submit(admin, `/admin/users/${staff.id}`, { intent: "scope", scope: "admin", version: "7" });
    expect(stale.toast?.text).toMatch(/^Netko je u međuvremenu promijenio ovaj zapis/);
    expect((await userByEmail(staff.email)).scope).toEqual(["sales"]);
  });

  it("deactivation ends the user's sessions at once; reactivation lets them sign in again", async () => {
    const staff = await createStaff(shop, "editor");
    const visitor = await signInAsStaff(new Visitor(shop), staff);
    expect((await visitor.page("/admin")).response.status).toBe(200);
    const off = await edit(admin, staff.id, { intent: "deactivate" });
    expect(off.toast?.text).toBe("Korisnik je deaktiviran i odjavljen.");
    expect((await userByEmail(staff.email)).blockedAt).toBeInstanceOf(Date);
    expect(await db.select().from(sessions).where(eq(sessions.userId, staff.id))).toEqual([]);
    const after = await visitor.get("/admin");
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/adminLogin/);
    expect((await admin.page("/admin/users?status=deactivated")).html).toContain(staff.email);

    const on = await edit(admin, staff.id, { intent: "reactivate" });
    expect(on.toast?.text).toBe("Korisnik je ponovno aktiviran.");
    expect((await userByEmail(staff.email)).blockedAt).toBeNull();
    expect((await (await signInAsStaff(new Visitor(shop), staff)).page("/admin")).response.status).toBe(200);
  });

  it("an admin can't deactivate or demote themselves", async () => {
    const self = await edit(admin, adminId, { intent: "deactivate" });
    expect(self.toast?.text).toBe("Ne možete deaktivirati vlastiti račun.");
    const demote = await edit(admin, adminId, { intent: "scope", scope: "sales" });
    expect(demote.toast?.text).toBe("Ne možete sebi oduzeti ulogu administratora.");
    expect(await userByEmail(DEMO_ADMIN.email)).toMatchObject({ blockedAt: null, scope: ["admin"] });
  });

  it("the last active admin can't be removed", async () => {
    const { editStaff } = await import("~/modules/staff/staff-admin.server");
    // Every other admin deactivated: the demo admin is the last one.
    const others = await db
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, adminId), sql`${users.scope} @> '["admin"]'::jsonb`));
    await db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(inArray(users.id, others.length ? others.map((o) => o.id) : [0]));
    const other = {
      id: 0,
      email: "drugi@alu-krov.hr",
      firstName: "",
      lastName: "",
      isBackofficeUser: true,
      scope: ["admin"],
      memberCardBarcode: null,
      customerGroupId: null,
    };
    const { version } = await userByEmail(DEMO_ADMIN.email);
    await expect(editStaff(other, adminId, { intent: "deactivate", version }, "hr")).rejects.toMatchObject({
      key: "adminUsers.errors.lastAdmin",
    });
    await expect(editStaff(other, adminId, { intent: "scope", scope: "editor", version }, "hr")).rejects.toMatchObject({
      key: "adminUsers.errors.lastAdmin",
    });
    expect(await userByEmail(DEMO_ADMIN.email)).toMatchObject({ blockedAt: null, scope: ["admin"] });
    await db
      .update(users)
      .set({ blockedAt: null })
      .where(inArray(users.id, others.length ? others.map((o) => o.id) : [0]));
  });

  it("lists backoffice users only, with search, scope filter and CSV", async () => {
    const { html } = await admin.page("/admin/users?scope=admin");
    expect(html).toContain(DEMO_ADMIN.email);
    expect(html).not.toContain(DEMO_CUSTOMER.email);
    expect((await admin.page("/admin/users?q=kupac")).html).not.toContain(DEMO_CUSTOMER.email);
    const csv = await admin.get("/admin/users.csv?q=sanja.prodaja");
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("E-mail;Ime;Uloga;Status;Zadnja prijava;Dodan");
    expect(lines[1]).toMatch(/^sanja\.prodaja@alu-krov\.hr;Sanja Horvat;Prodaja;Aktivan;\d/);
  });
});

describe("maintenance switch (/admin/settings)", () => {
  it("switched on, a shopper sees the maintenance view and the admin the shop; switched off, back; audited", async () => {
    const { namedCache } = await import("~/.server/cache.server");
    const pages = namedCache<unknown>("rendered-pages", { ttlSeconds: 60, derived: true });
    await pages.set("/kosarica", { cached: true });

    const on = await submit(admin, "/admin/settings", { intent: "maintenance", maintenanceMode: "on", was: "off" });
    expect(on.toast?.text).toBe("Održavanje je uključeno.");
    expect((await db.select().from(sites))[0].maintenanceMode).toBe(true);
    // The page cache is emptied with the site's settings: no page cached before is served.
    expect(await pages.get("/kosarica")).toBeUndefined();
    const shopper = await new Visitor(shop).page("/kosarica");
    expect(shopper.response.status).toBe(503);
    expect(shopper.html).toContain("Održavanje u toku, biti ćemo s Vama uskoro!");
    const seen = await admin.page("/kosarica");
    expect(seen.response.status).toBe(200);
    expect(seen.html).toContain('data-testid="site-header"');

    // A form showing the old state changes nothing.
    const stale = await submit(admin, "/admin/settings", { intent: "maintenance", was: "off" });
    expect(stale.toast?.text).toMatch(/^Netko je u međuvremenu promijenio/);
    expect((await db.select().from(sites))[0].maintenanceMode).toBe(true);

    const off = await submit(admin, "/admin/settings", { intent: "maintenance", was: "on" });
    expect(off.toast?.text).toBe("Održavanje je isključeno.");
    const back = await new Visitor(shop).page("/kosarica");
    expect(back.response.status).toBe(200);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, "settings"));
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ["maintenance", { maintenanceMode: false }, { maintenanceMode: true }],
      ["maintenance", { maintenanceMode: true }, { maintenanceMode: false }],
    ]);
  });
});
