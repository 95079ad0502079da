import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { apiKeys, loginFailures, paymentMethods, sessions, staffRecoveryCodes, staffTwoFactor, users } from "~/.server/db/schema";
import { base32Decode, totp } from "~/.server/auth/totp.server";
import { throttleKey } from "~/modules/account/login-throttle.server";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff, type StaffLogin } from "../setup/staff";

/**
 * Two-factor sign-in and step-up for backoffice users (decision 0086), as a browser
 * without JavaScript: enrolment in the profile, the sign-in's second step (right, wrong,
 * replayed and recovery codes, counted against the sign-in lock), the shop's switch that
 * sends admins to enrol, and the password asked again for the three sensitive changes.
 */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
}, 60_000);
afterAll(() => shop?.close());

const STEP = 30_000;
const codeAt = (secret: string, offsetSteps = 0) => totp(base32Decode(secret)!, Date.now() + offsetSteps * STEP);
const secretIn = (html: string) => /data-secret="([A-Z2-7]+)"/.exec(html)?.[1] ?? null;
const recoveryCodesIn = (html: string) =>
  [...html.matchAll(/<li>([a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})<\/li>/g)].map((m) => m[1]);

/** Password step only: where the sign-in sends the visitor next. */
async function passwordStep(who: Pick<StaffLogin, "email" | "password">, visitor = new Visitor(shop)) {
  const response = await visitor.post(
    "/adminLogin",
    { email: who.email, password: who.password, redirectTo: "/admin" },
    { tokenFrom: "/adminLogin" },
  );
  return { visitor, status: response.status, location: response.headers.get("Location") };
}

const codeStep = (visitor: Visitor, code: string) =>
  visitor.post("/adminLogin/two-factor", { code }, { tokenFrom: "/adminLogin/two-factor" });

/** Whether the visitor gets into the backoffice. */
async function inside(visitor: Visitor) {
  const response = await visitor.get("/admin");
  await response.text();
  return response.status === 200;
}

/** A staff member enrolled through the profile; returns the secret and the recovery codes shown once. */
async function enrol(who: StaffLogin) {
  const visitor = await signInAsStaff(new Visitor(shop), who);
  expect((await submit(visitor, "/admin/profile", { intent: "start" })).status).toBe(302);
  const { html } = await visitor.page("/admin/profile");
  const secret = secretIn(html);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(html).toContain("otpauth://totp/");
  const confirmed = await submit(visitor, "/admin/profile", { intent: "confirm", code: codeAt(secret!) });
  expect(confirmed.status).toBe(200);
  const codes = recoveryCodesIn(confirmed.html);
  expect(codes).toHaveLength(10);
  // The secret is never shown again, and the session that enrolled stays in.
  const after = await visitor.page("/admin/profile");
  expect(secretIn(after.html)).toBeNull();
  expect(decodeEntities(after.html)).toMatch(/data-testid="recovery-left"[^>]*>[^<]*10/);
  expect(await inside(visitor)).toBe(true);
  return { secret: secret!, codes, visitor };
}

describe("two-factor sign-in", () => {
  let staff: StaffLogin;
  let secret: string;
  let codes: string[];
  beforeAll(async () => {
    staff = await createStaff(shop, "editor");
    ({ secret, codes } = await enrol(staff));
    const [row] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, staff.id));
    // Kept sealed, not as the base32 the app was shown.
    expect(row.secret).not.toContain(secret);
    const hashes = await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staff.id));
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0]);
  });

  it("asks for the code after the password; a wrong code is refused and counted, the right one signs in", async () => {
    const { visitor, status, location } = await passwordStep(staff);
    expect([status, location]).toEqual([302, "/adminLogin/two-factor"]);
    expect(await inside(visitor)).toBe(false);
    const wrong = await codeStep(visitor, codeAt(secret) === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    const [failures] = await db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, throttleKey(staff.email)));
    expect(failures.failures).toBe(1);
    expect(await inside(visitor)).toBe(false);
    const right = await codeStep(visitor, codeAt(secret, 1));
    expect([right.status, right.headers.get("Location")]).toEqual([302, "/admin"]);
    expect(await inside(visitor)).toBe(true);
    expect(
      await db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.key, throttleKey(staff.email))),
    ).toHaveLength(0);
  });

  it("refuses a code that was already used (replay), in another sign-in", async () => {
    const { visitor } = await passwordStep(staff);
    // The previous test used the next step's code: that one and every earlier one are spent.
    expect((await codeStep(visitor, codeAt(secret, 1))).status).toBe(401);
    expect((await codeStep(visitor, codeAt(secret))).status).toBe(401);
    expect(await inside(visitor)).toBe(false);
  });

  it("takes a recovery code once", async () => {
    const first = await passwordStep(staff);
    const used = await codeStep(first.visitor, codes[0].toUpperCase());
    expect(used.status).toBe(302);
    expect(await inside(first.visitor)).toBe(true);
    const { html } = await first.visitor.page("/admin/profile");
    expect(decodeEntities(html)).toMatch(/data-testid="recovery-left"[^>]*>[^<]*9/);
    const again = await passwordStep(staff);
    expect((await codeStep(again.visitor, codes[0])).status).toBe(401);
    expect(await inside(again.visitor)).toBe(false);
  });

  it("does not let a session from the shop's sign-in into the backoffice without the code", async () => {
    const visitor = new Visitor(shop);
    const login = await visitor.post("/prijava", { intent: "login", username: staff.email, password: staff.password }, { tokenFrom: "/" });
    expect(login.status).toBe(302);
    expect(await inside(visitor)).toBe(false);
  });

  it("locks the account after failed codes like failed passwords", async () => {
    const other = await createStaff(shop, "sales");
    const { secret: otherSecret } = await enrol(other);
    const { visitor } = await passwordStep(other);
    const wrong = codeAt(otherSecret) === "123456" ? "654321" : "123456";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await codeStep(visitor, wrong)).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    // Locked: the right password and even a right code get nowhere now.
    expect((await passwordStep(other)).status).toBe(429);
  });

  it("turns off only with the password", async () => {
    const who = await createStaff(shop, "editor");
    const { visitor } = await enrol(who);
    expect((await submit(visitor, "/admin/profile", { intent: "disable", password: "wrong-password" })).status).toBe(403);
    expect(await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, who.id))).toHaveLength(1);
    expect((await submit(visitor, "/admin/profile", { intent: "disable", password: who.password })).status).toBe(302);
    expect(await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, who.id))).toHaveLength(0);
    expect((await passwordStep(who)).location).toBe("/admin");
  });
});

describe("the shop's switch: admins must use a second factor", () => {
  it("sends an admin without one to enrol after the password, before anything else; others are not asked", async () => {
    const owner = await createStaff(shop, "admin");
    const { visitor: ownerVisitor } = await enrol(owner);
    const newcomer = await createStaff(shop, "admin");
    const sales = await createStaff(shop, "sales");

    const { html } = await ownerVisitor.page("/admin/settings");
    expect(html).toContain('data-testid="admin-two-factor-form"');
    const switched = await submit(ownerVisitor, "/admin/settings", { intent: "adminTwoFactor", required: "on", was: "off" });
    expect(switched.status).toBe(302);
    expect(await inside(ownerVisitor)).toBe(true);

    const { visitor, location } = await passwordStep(newcomer);
    expect(location).toBe("/adminLogin/two-factor");
    expect(await inside(visitor)).toBe(false);
    expect((await visitor.get("/admin/orders")).status).toBe(302);
    const page = await visitor.page("/adminLogin/two-factor");
    const secret = secretIn(page.html);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enrolled = await codeStep(visitor, codeAt(secret!));
    expect([enrolled.status, enrolled.headers.get("Location")]).toEqual([302, "/admin/profile"]);
    expect(await inside(visitor)).toBe(true);

    expect((await passwordStep(sales)).location).toBe("/admin");

    // An admin cannot turn it off while the shop requires it.
    expect((await submit(visitor, "/admin/profile", { intent: "disable", password: newcomer.password })).status).toBe(409);
    await submit(ownerVisitor, "/admin/settings", { intent: "adminTwoFactor", was: "on" });
  });
});

describe("step-up: the password again for the sensitive changes", () => {
  let admin: StaffLogin;
  let visitor: Visitor;
  beforeAll(async () => {
    admin = await createStaff(shop, "admin");
    visitor = await signInAsStaff(new Visitor(shop), admin);
  });
  /** The session's password given six minutes ago. */
  const ageSessions = () =>
    db
      .update(sessions)
      .set({ data: sql`${sessions.data} || jsonb_build_object('authAt', ${Date.now() - 6 * 60_000}::bigint)` })
      .where(eq(sessions.userId, admin.id));

  it("refuses a new API key without a recent password, takes it with one", async () => {
    await ageSessions();
    expect((await visitor.page("/admin/api-keys")).html).toContain('data-testid="step-up"');
    const form = { intent: "create", name: "Step-up key", kind: "integration", rateLimit: "100" };
    expect((await submit(visitor, "/admin/api-keys", form)).status).toBe(403);
    expect((await submit(visitor, "/admin/api-keys", { ...form, currentPassword: "not-it-at-all" })).status).toBe(403);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.name, "Step-up key"))).toHaveLength(0);
    expect((await submit(visitor, "/admin/api-keys", { ...form, currentPassword: admin.password })).status).toBe(200);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.name, "Step-up key"))).toHaveLength(1);
    // The password renewed the session's time: the next change within minutes goes through.
    expect((await submit(visitor, "/admin/api-keys", { ...form, name: "Second key" })).status).toBe(200);
  });

  it("refuses granting the admin scope without a recent password", async () => {
    const editor = await createStaff(shop, "editor");
    await ageSessions();
    const version = async () => (await db.select({ v: users.version }).from(users).where(eq(users.id, editor.id)))[0].v;
    const refused = await submit(visitor, `/admin/users/${editor.id}`, {
      intent: "scope",
      scope: "admin",
      version: String(await version()),
    });
    expect(refused.toast?.type).toBe("error");
    expect((await db.select({ scope: users.scope }).from(users).where(eq(users.id, editor.id)))[0].scope).toEqual(["editor"]);
    const invited = await submit(visitor, "/admin/users", {
      intent: "invite",
      email: `stepup-${Date.now()}@alu-krov.hr`,
      firstName: "Step",
      scope: "admin",
    });
    expect(invited.status).toBe(403);
    const granted = await submit(visitor, `/admin/users/${editor.id}`, {
      intent: "scope",
      scope: "admin",
      version: String(await version()),
      currentPassword: admin.password,
    });
    expect(granted.toast?.type).toBe("success");
    expect((await db.select({ scope: users.scope }).from(users).where(eq(users.id, editor.id)))[0].scope).toEqual(["admin"]);
  });

  it("refuses changing a payment method without a recent password", async () => {
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.gateway, "cashOnDelivery"));
    await ageSessions();
    const form = {
      intent: "save",
      version: String(method.version),
      "name.hr": "Pouzećem (step-up)",
      "name.en": method.name.en ?? "",
      "name.de": method.name.de ?? "",
      ...(method.active ? { active: "on" } : {}),
    };
    expect((await submit(visitor, `/admin/payments/${method.id}`, form)).status).toBe(403);
    expect((await db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id)))[0].name.hr).toBe(method.name.hr);
    expect((await submit(visitor, `/admin/payments/${method.id}`, { ...form, currentPassword: admin.password })).status).toBe(302);
    expect((await db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id)))[0].name.hr).toBe("Pouzećem (step-up)");
  });
});
