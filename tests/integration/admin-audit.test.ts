// Both databases: before and after kept as jsonb.
import { and, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, failedRequests, mailOutbox, media, users } from "~/.server/db/schema";
import { DEMO_ADMIN } from "~/.server/db/seed/users.server";
import { loginAsAdmin } from "../setup/accounts";
import { submit } from "../setup/account-helpers";
import { formTokensOf, Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff, type StaffLogin } from "../setup/staff";

/**
 * Every backoffice change is in the audit log (DESIGN.md "One edit pattern": who, when, what,
 * before and after), also the ones that once wrote none: logged 404s ignored, a cache
 * cleared by hand, a picture uploaded from a form other than the media library's, and a
 * backoffice invitation accepted. (Creating a consent: tests/integration/consent.test.ts.)
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let editorLogin: StaffLogin;
let editor: Visitor;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  editorLogin = await createStaff(shop, "editor");
  editor = await signInAsStaff(new Visitor(shop), editorLogin);
}, 60_000);
afterAll(() => shop?.close());

const trail = (entity: string) => db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id));
const recent = (row: { createdAt: Date }) => Date.now() - row.createdAt.getTime() < 60_000;

describe("the logged 404s", () => {
  it("ignoring them writes one audit row each, with what was logged", async () => {
    const [a, b] = await db
      .insert(failedRequests)
      .values([
        { path: "/audit-stara-a", hits: 4 },
        { path: "/audit-stara-b", hits: 1 },
      ])
      .returning();
    const done = await submit(editor, "/admin/redirects/not-found", { intent: "ignore", ids: [String(a.id), String(b.id)] });
    expect(done.toast?.text).toBe("Uklonjeno iz zapisnika: 2.");
    const rows = (await trail("failedRequest")).filter((row) => row.entityId === a.id || row.entityId === b.id);
    expect(rows).toHaveLength(2);
    const ofA = rows.find((row) => row.entityId === a.id)!;
    expect(ofA).toMatchObject({
      action: "ignore",
      actorEmail: editorLogin.email,
      before: { path: "/audit-stara-a", hits: 4 },
      after: null,
    });
    expect(recent(ofA)).toBe(true);
  });
});

describe("the cache page", () => {
  it("clearing a cache by hand is audited; an unknown name clears and writes nothing", async () => {
    const before = (await trail("cache")).length;
    const cleared = await submit(admin, "/admin/cache", { name: "site-config" });
    expect(cleared.toast?.type).toBe("success");
    const [row] = await trail("cache");
    expect(row).toMatchObject({
      action: "clear",
      entityId: null,
      actorEmail: DEMO_ADMIN.email,
      before: null,
      after: { name: "site-config" },
    });
    expect(recent(row)).toBe(true);
    await submit(admin, "/admin/cache", { name: "nepostojeci" });
    expect(await trail("cache")).toHaveLength(before + 1);
  });
});

describe("pictures uploaded outside the media library", () => {
  it("a section panel's upload (/admin/edit/upload) audits each new library item", async () => {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const tokens = formTokensOf((await editor.page("/admin")).html, "/admin");
    const body = new FormData();
    for (const [key, value] of Object.entries(tokens)) body.set(key, value);
    body.append("files", new File([new Uint8Array(bytes)], "audit-krov.png", { type: "image/png" }));
    const response = await editor.request("/admin/edit/upload", { method: "POST", body, headers: { Origin: editor.origin } });
    expect(response.status).toBe(200);
    const [stored] = await db.select().from(media).where(eq(media.originalName, "audit-krov.png"));
    const [row] = (await trail("media")).filter((r) => r.entityId === stored.id);
    expect(row).toMatchObject({
      action: "upload",
      actorEmail: editorLogin.email,
      after: { title: "audit-krov", access: "public", file: "audit-krov.png (v1)" },
    });
  });
});

describe("a backoffice invitation", () => {
  it("accepted: the user's trail says so, by the invitee", async () => {
    const email = "audit.poziv@alu-krov.hr";
    expect(
      (await submit(admin, "/admin/users", { intent: "invite", email, firstName: "Ana", lastName: "Poziv", scope: "sales" })).status,
    ).toBe(302);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "backofficeInvite")))
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    const link = /http:\/\/localhost:3000(\/adminLogin\/invite\?token=[\w-]+)/.exec(mail.text)![1];
    const invitee = new Visitor(shop);
    const accepted = await invitee.post(
      link,
      { token: link.split("token=")[1], newPassword: "Prodaja-2026!", newPasswordAgain: "Prodaja-2026!" },
      { tokenFrom: link },
    );
    expect(accepted.status).toBe(302);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const rows = (await trail("user")).filter((r) => r.entityId === user.id);
    expect(rows.map((r) => [r.action, r.actorEmail])).toEqual([
      ["accept", email],
      ["invite", DEMO_ADMIN.email],
    ]);
    expect(rows[0]).toMatchObject({ actorId: user.id, before: { status: "invited" }, after: { status: "active" } });
    // A used link changes nothing and writes nothing.
    const again = await new Visitor(shop).post(
      link,
      { token: link.split("token=")[1], newPassword: "Druga-2026!", newPasswordAgain: "Druga-2026!" },
      { tokenFrom: "/adminLogin" },
    );
    expect(again.status).not.toBe(302);
    expect((await trail("user")).filter((r) => r.entityId === user.id)).toHaveLength(2);
  });
});
