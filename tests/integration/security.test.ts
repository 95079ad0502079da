import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "~/.server/db/schema";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";

let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const ADMIN = { email: "admin@alu-krov.hr", password: "AluKrov2026!" };

describe("CSRF (DESIGN.md: every mutation carries a CSRF token)", () => {
  it("refuses a cross-site POST without a token with 403 and changes nothing", async () => {
    const db = await shop.db();
    const before = await db.select().from(sessions);
    const attacker = new Visitor(shop);
    const response = await attacker.post("/adminLogin", ADMIN, { csrf: false });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await db.select().from(sessions)).toHaveLength(before.length);
  });

  it("refuses a token that does not belong to the visitor's cookie", async () => {
    const victim = new Visitor(shop);
    const token = await victim.csrfToken();
    const attacker = new Visitor(shop);
    await attacker.get("/"); // has its own csrf cookie
    const body = new URLSearchParams({ ...ADMIN, csrf: token });
    const response = await attacker.request("/adminLogin", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(403);
  });

  it("refuses the cookie-consent POST without a token too", async () => {
    const response = await new Visitor(shop).post("/actions/cookie-consent", { choice: "all" }, { csrf: false });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("acceptedCookies="))).toBe(false);
  });

  it("refuses a filled honeypot", async () => {
    const response = await new Visitor(shop).post("/actions/cookie-consent", { choice: "all", website: "http://spam" });
    expect(response.status).toBe(400);
  });
});

describe("sessions (the cookie holds only a signed id)", () => {
  it("keeps only a signed id in an HttpOnly SameSite=Lax cookie and rotates it on login", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post("/adminLogin", ADMIN);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const value = decodeURIComponent(cookie.split(";")[0].split("=").slice(1).join("="));
    // Remix signs the base64 JSON of the id: "<base64>.<signature>"; nothing else is in it.
    const [encoded, signature] = value.split(".");
    expect(signature).toBeTruthy();
    const id = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
    expect(typeof id).toBe("string");
    const db = await shop.db();
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(row.userId).toBe(admin.id);
    expect((await visitor.get("/admin")).status).toBe(200);
  });

  it("treats a tampered session cookie as no session, without an error", async () => {
    const visitor = new Visitor(shop);
    await visitor.post("/adminLogin", ADMIN);
    const original = visitor.cookies.get("__session")!;
    visitor.cookies.set(
      "__session",
      original.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    );
    const response = await visitor.get("/admin");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/adminLogin");
    expect((await visitor.get("/")).status).toBe(200);
  });

  it("does not follow an off-site redirectTo after login", async () => {
    const response = await new Visitor(shop).post("/adminLogin", { ...ADMIN, redirectTo: "//evil.example/steal" });
    expect(response.headers.get("Location")).toBe("/admin");
  });

  it("answers a wrong password with the translated message and no session", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post("/adminLogin", { email: ADMIN.email, password: "wrong-password" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Nepoznato korisničko ime ili lozinka!");
    expect(visitor.cookies.has("__session")).toBe(false);
  });
});

describe("locale cookie and cookie banner (spec §9, §4 Other)", () => {
  it("remembers the language for 365 days", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.get("/en/cart");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("lng="))!;
    expect(cookie).toContain("lng=en");
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
  });

  it("shows the banner until the choice is posted, then stores the comma-joined list", async () => {
    const visitor = new Visitor(shop);
    expect((await visitor.page("/")).html).toContain('data-testid="cookie-banner"');
    const response = await visitor.post("/actions/cookie-consent", {
      choice: "selected",
      categories: ["marketing"],
      redirectTo: "/kosarica",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/kosarica");
    expect(decodeURIComponent(visitor.cookies.get("acceptedCookies")!)).toBe("necessary,marketing");
    expect((await visitor.page("/")).html).not.toContain('data-testid="cookie-banner"');
  });

  it("ignores unknown categories and off-site redirects", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post("/actions/cookie-consent", {
      choice: "selected",
      categories: ["tracking", "analytics"],
      redirectTo: "https://evil.example",
    });
    expect(response.headers.get("Location")).toBe("/");
    expect(decodeURIComponent(visitor.cookies.get("acceptedCookies")!)).toBe("necessary,analytics");
  });
});
