import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, sessions, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { Visitor } from "../setup/client";
import { signInAsCustomer } from "../setup/accounts";
import { decodeEntities, toastOf } from "../setup/account-helpers";
import { createStaff, signInAsStaff, type StaffLogin } from "../setup/staff";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Backoffice sessions to OWASP ASVS L2 (decision 0085): 30 minutes idle or 12 hours in
 * all end a staff session, checked where every session is read; the last use is written at
 * most once a minute; each staff user lists their own sessions on /admin/profile and ends
 * one or all the others (never someone else's); the CSRF token belongs to one session.
 * Times are moved in the database rather than waited for.
 */
let shop: Shop;
let db: Database;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
}, 60_000);
afterAll(() => shop?.close());

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

const sessionsOf = (userId: number) => db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt));
async function signedIn(staff: StaffLogin, headers: Record<string, string> = {}) {
  const visitor = await signInAsStaff(new Visitor(shop), staff);
  // The first request of the new session notes its browser and address (server.ts stamps the address header).
  expect((await visitor.get("/admin", headers)).status).toBe(200);
  return visitor;
}
const handlesOn = (html: string) => [...html.matchAll(/name="session" value="([^"]+)"/g)].map((m) => m[1]);
async function endSession(visitor: Visitor, session: string) {
  const response = await visitor.post("/admin/profile/sessions", { intent: "end", session }, { tokenFrom: "/admin/profile" });
  expect(response.status).toBe(302);
  return toastOf(await (await visitor.get(response.headers.get("Location")!)).text());
}

describe("staff session expiry", () => {
  it("ends after 30 minutes idle: the row goes, the cookie is cleared, the sign-in says why", async () => {
    const staff = await createStaff(shop, "editor");
    const visitor = await signedIn(staff);
    const [row] = await sessionsOf(staff.id);

    // 29 minutes idle is still fine, and that request counts as use.
    await db
      .update(sessions)
      .set({ lastSeenAt: ago(29 * MINUTE) })
      .where(eq(sessions.id, row.id));
    expect((await visitor.get("/admin/comments")).status).toBe(200);
    const [used] = await db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(Date.now() - used.lastSeenAt.getTime()).toBeLessThan(MINUTE);

    await db
      .update(sessions)
      .set({ lastSeenAt: ago(31 * MINUTE) })
      .where(eq(sessions.id, row.id));
    const expired = await visitor.get("/admin/comments");
    expect(expired.status).toBe(302);
    expect(expired.headers.get("Location")).toBe("/adminLogin?redirectTo=%2Fadmin%2Fcomments");
    expect(await db.select().from(sessions).where(eq(sessions.id, row.id))).toEqual([]);
    expect(expired.headers.getSetCookie().some((c) => c.startsWith("__session=;") && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))).toBe(
      true,
    );
    expect(visitor.cookies.has("__session")).toBe(false);

    const login = await visitor.page(expired.headers.get("Location")!);
    expect(login.response.status).toBe(200);
    expect(toastOf(login.html)?.text).toBe(
      "Vaša je sesija završila (30 minuta bez aktivnosti, 12 sati od prijave ili je završena s drugog uređaja). Prijavite se ponovno.",
    );
  });

  it("ends 12 hours after sign-in however busy it was", async () => {
    const staff = await createStaff(shop, "sales");
    const visitor = await signedIn(staff);
    const [row] = await sessionsOf(staff.id);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(12 * 60 * MINUTE);

    await db
      .update(sessions)
      .set({ createdAt: ago(11 * 60 * MINUTE + 59 * MINUTE), lastSeenAt: new Date() })
      .where(eq(sessions.id, row.id));
    expect((await visitor.get("/admin/orders")).status).toBe(200);

    await db
      .update(sessions)
      .set({ createdAt: ago(12 * 60 * MINUTE + MINUTE), lastSeenAt: new Date() })
      .where(eq(sessions.id, row.id));
    const expired = await visitor.get("/admin/orders");
    expect(expired.status).toBe(302);
    expect(expired.headers.get("Location")).toBe("/adminLogin?redirectTo=%2Fadmin%2Forders");
    expect(await db.select().from(sessions).where(eq(sessions.id, row.id))).toEqual([]);
  });

  it("writes the last use at most once a minute, not on every request", async () => {
    const staff = await createStaff(shop, "editor");
    const visitor = await signedIn(staff);
    const [row] = await sessionsOf(staff.id);

    const recent = ago(30_000);
    await db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.id, row.id));
    for (let i = 0; i < 3; i++) expect((await visitor.get("/admin")).status).toBe(200);
    const [untouched] = await db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(untouched.lastSeenAt.getTime()).toBe(recent.getTime());

    await db
      .update(sessions)
      .set({ lastSeenAt: ago(61_000) })
      .where(eq(sessions.id, row.id));
    expect((await visitor.get("/admin")).status).toBe(200);
    const [touched] = await db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(10_000);
  });

  it("leaves customers' sessions alone: 30 days, no idle limit", async () => {
    const visitor = await signInAsCustomer(shop, new Visitor(shop));
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    const [row] = await sessionsOf(customer.id);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 60 * MINUTE);
    await db
      .update(sessions)
      .set({ lastSeenAt: ago(5 * 60 * MINUTE), createdAt: ago(13 * 60 * MINUTE) })
      .where(eq(sessions.id, row.id));
    const profile = await visitor.get("/profil");
    expect(profile.status).toBe(200);
  });
});

describe("a staff user's own sessions (/admin/profile)", () => {
  it("lists each session with its device, address, sign-in and last use, this one marked; never an id", async () => {
    const staff = await createStaff(shop, "editor");
    const laptop = await signedIn(staff, { "User-Agent": FIREFOX, "x-shop-client-address": "203.0.113.7" });
    await signedIn(staff, { "User-Agent": SAFARI_IPHONE, "x-shop-client-address": "198.51.100.23" });

    const { response, html } = await laptop.page("/admin/profile");
    expect(response.status).toBe(200);
    const text = decodeEntities(html);
    expect(text).toContain("Moje sesije");
    expect(text).toContain("Firefox, Windows");
    expect(text).toContain("Safari, iOS");
    expect(text).toContain("203.0.113.7");
    expect(text).toContain("198.51.100.23");
    expect(html.match(/data-testid="staff-session"/g)).toHaveLength(2);
    expect(html).toMatch(/data-current="true"[^>]*>\s*<td[^>]*>Firefox, Windows/);
    // The session ids are bearer secrets: the page names sessions by handles only.
    for (const row of await sessionsOf(staff.id)) expect(html).not.toContain(row.id);
    expect(handlesOn(html)).toHaveLength(2);
  });

  it("ends one session: it is signed out at its next request, and the change is audited", async () => {
    const staff = await createStaff(shop, "sales");
    const laptop = await signedIn(staff, { "User-Agent": FIREFOX });
    const phone = await signedIn(staff, { "User-Agent": SAFARI_IPHONE });
    const phoneHandle = /data-current="true"[\s\S]*?name="session" value="([^"]+)"/.exec((await phone.page("/admin/profile")).html)![1];

    expect((await endSession(laptop, phoneHandle))?.text).toBe("Sesija je završena.");
    expect(await sessionsOf(staff.id)).toHaveLength(1);
    const refused = await phone.get("/admin/orders");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/adminLogin\?/);
    expect((await laptop.get("/admin/orders")).status).toBe(200);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, staff.id), eq(auditLog.action, "endSession")));
    expect(audit).toMatchObject({ entity: "user", entityId: staff.id, actorEmail: staff.email });
    expect(audit.before).toMatchObject({ device: SAFARI_IPHONE });
  });

  it("ends all the others and keeps this one", async () => {
    const staff = await createStaff(shop, "editor");
    const main = await signedIn(staff);
    const others = [await signedIn(staff), await signedIn(staff)];
    expect(await sessionsOf(staff.id)).toHaveLength(3);

    const response = await main.post("/admin/profile/sessions", { intent: "endOthers" }, { tokenFrom: "/admin/profile" });
    expect(response.status).toBe(302);
    expect(toastOf(await (await main.get("/admin/profile")).text())?.text).toBe("Završeno ostalih sesija: 2.");
    expect(await sessionsOf(staff.id)).toHaveLength(1);
    for (const other of others) expect((await other.get("/admin")).status).toBe(302);
    expect((await main.get("/admin")).status).toBe(200);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, staff.id), eq(auditLog.action, "endOtherSessions")));
    expect(audit.after).toEqual({ ended: 2 });
  });

  it("cannot end someone else's session, by its handle or by its id", async () => {
    const victim = await createStaff(shop, "admin");
    const victimVisitor = await signedIn(victim);
    const [victimRow] = await sessionsOf(victim.id);
    const victimHandle = handlesOn((await victimVisitor.page("/admin/profile")).html)[0];
    const intruder = await signedIn(await createStaff(shop, "editor"));

    for (const session of [victimHandle, victimRow.id]) {
      expect((await endSession(intruder, session))?.text).toBe("Ta sesija ne postoji ili je već završena.");
    }
    expect(await db.select().from(sessions).where(eq(sessions.id, victimRow.id))).toHaveLength(1);
    expect((await victimVisitor.get("/admin")).status).toBe(200);
  });

  it("works without JavaScript: a plain post with CSRF token and honeypot; without either it is refused", async () => {
    const staff = await createStaff(shop, "editor");
    const visitor = await signedIn(staff);
    await signedIn(staff);
    const forged = await visitor.post("/admin/profile/sessions", { intent: "endOthers" }, { csrf: false, tokenFrom: "/admin/profile" });
    expect(forged.status).toBe(403);
    const robot = await visitor.post("/admin/profile/sessions", { intent: "endOthers" }, { honeypot: false, tokenFrom: "/admin/profile" });
    expect(robot.status).toBe(400);
    expect(await sessionsOf(staff.id)).toHaveLength(2);
  });
});

describe("CSRF token bound to the session", () => {
  it("a token (and its cookie) taken from session A is refused in session B", async () => {
    const a = await signedIn(await createStaff(shop, "admin"));
    const b = await signedIn(await createStaff(shop, "admin"));
    const tokensOfA = await a.formTokens("/admin/profile");
    const csrfCookieOfA = a.cookies.get("csrf")!;
    expect(csrfCookieOfA).toBeTruthy();

    // B's own session cookie, with A's token in the form and A's CSRF cookie beside it.
    b.cookies.set("csrf", csrfCookieOfA);
    const bTokens = await b.formTokens("/admin/profile");
    b.cookies.set("csrf", csrfCookieOfA);
    // The admin menu's language form, on every backoffice page.
    const language = { intent: "language", lng: "en", redirectTo: "/admin" };
    const refused = await b.request("/admin", {
      method: "POST",
      body: new URLSearchParams({ csrf: tokensOfA.csrf, website: "", from__confirm: bTokens.from__confirm, ...language }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: b.origin },
    });
    expect(refused.status).toBe(403);

    // B's own token, issued for B's session, is taken; A's still works for A.
    expect((await b.post("/admin", language, { tokenFrom: "/admin" })).status).toBe(302);
    expect((await a.post("/admin", language, { tokenFrom: "/admin" })).status).toBe(302);
  });

  it("signing in issues a new token: the one from before the sign-in no longer counts", async () => {
    const staff = await createStaff(shop, "editor");
    const visitor = new Visitor(shop);
    const before = await visitor.formTokens("/adminLogin");
    await signInAsStaff(visitor, staff);
    const after = await visitor.formTokens("/admin/profile");
    expect(after.csrf).not.toBe(before.csrf);
  });
});
