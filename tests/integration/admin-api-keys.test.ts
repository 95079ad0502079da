import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { apiKeys, auditLog } from "~/.server/db/schema";
import { DEMO_EDITOR, DEMO_SALES } from "~/.server/db/seed/users.server";
import { loginAsAdmin } from "../setup/accounts";
import { decodeEntities, submit } from "../setup/account-helpers";
import { rawCall } from "../setup/api";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { signInAsStaff } from "../setup/staff";

/**
 * API keys in the backoffice (/admin/api-keys, decision 0057): admins only, a new key's
 * token shown once and working at once, revoke with a confirmation, filters, CSV, audit rows.
 * As a browser without JavaScript.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
}, 60_000);
afterAll(() => shop?.close());

const staff = (credentials: { email: string; password: string }) => signInAsStaff(new Visitor(shop), credentials);
const keyNamed = async (name: string) => (await db.select().from(apiKeys).where(eq(apiKeys.name, name)))[0];
const tokenIn = (html: string) => /data-testid="api-key-token"[^>]*>(ak_[\w-]+)</.exec(html)?.[1] ?? null;

describe("/admin/api-keys", () => {
  it("refuses editors and sales users in the loader, the action and the CSV", async () => {
    for (const who of [DEMO_EDITOR, DEMO_SALES]) {
      const visitor = await staff(who);
      expect((await visitor.get("/admin/api-keys")).status).toBe(403);
      expect((await visitor.get("/admin/api-keys.csv")).status).toBe(403);
      const posted = await visitor.post(
        "/admin/api-keys",
        { intent: "create", name: "Sneaky", kind: "integration", rateLimit: "100" },
        { tokenFrom: "/admin" },
      );
      expect(posted.status).toBe(403);
    }
    expect(await keyNamed("Sneaky")).toBeUndefined();
  });

  it("creates a key, shows its token once, and the token works", async () => {
    const answer = await submit(admin, "/admin/api-keys", { intent: "create", name: "Mobile app", kind: "integration", rateLimit: "300" });
    expect(answer.status).toBe(200);
    const token = tokenIn(answer.html);
    expect(token).toMatch(/^ak_/);
    const key = await keyNamed("Mobile app");
    expect(key).toMatchObject({ kind: "integration", rateLimit: 300, prefix: token!.slice(0, 10) });
    const works = await rawCall(shop, "/api/v1/media/option/filter", { headers: { "X-Api-Key": token! } });
    expect(works.status).toBe(200);
    const list = decodeEntities(await (await admin.get("/admin/api-keys")).text());
    expect(list).toContain("Mobile app");
    expect(list).not.toContain(token!);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "apiKey"), eq(auditLog.entityId, key.id)))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ action: "create" });
  });

  it("refuses a budget out of 10..10000 and a missing name", async () => {
    expect((await submit(admin, "/admin/api-keys", { intent: "create", name: "Tiny", kind: "integration", rateLimit: "5" })).status).toBe(
      400,
    );
    expect(
      (await submit(admin, "/admin/api-keys", { intent: "create", name: "Huge", kind: "integration", rateLimit: "10001" })).status,
    ).toBe(400);
    expect((await submit(admin, "/admin/api-keys", { intent: "create", name: "", kind: "storefront", rateLimit: "100" })).status).toBe(400);
    expect((await submit(admin, "/admin/api-keys", { intent: "create", name: "Odd", kind: "root", rateLimit: "100" })).status).toBe(400);
    expect(await keyNamed("Tiny")).toBeUndefined();
  });

  it("revokes only with the confirmation; the token stops working; filters and CSV", async () => {
    const created = await submit(admin, "/admin/api-keys", {
      intent: "create",
      name: "Partner feed",
      kind: "integration",
      rateLimit: "100",
    });
    const token = tokenIn(created.html)!;
    const key = await keyNamed("Partner feed");
    const unconfirmed = await submit(admin, "/admin/api-keys", { intent: "revoke", id: String(key.id) });
    expect(unconfirmed.status).toBe(400);
    expect((await keyNamed("Partner feed")).revokedAt).toBeNull();
    const revoked = await submit(admin, "/admin/api-keys", { intent: "revoke", id: String(key.id), confirm: "on" });
    expect(revoked.status).toBe(302);
    expect(revoked.toast?.text).toContain("Partner feed");
    expect((await keyNamed("Partner feed")).revokedAt).not.toBeNull();
    expect((await rawCall(shop, "/api/v1/media/option/filter", { headers: { "X-Api-Key": token } })).status).toBe(401);
    const again = await submit(admin, "/admin/api-keys", { intent: "revoke", id: String(key.id), confirm: "on" });
    expect(again.status).toBe(404);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "apiKey"), eq(auditLog.entityId, key.id), eq(auditLog.action, "revoke")));
    expect(audit).toBeDefined();

    const live = decodeEntities(await (await admin.get("/admin/api-keys?state=live")).text());
    expect(live).toContain("Mobile app");
    expect(live).not.toContain("Partner feed");
    const revokedList = decodeEntities(await (await admin.get("/admin/api-keys?state=revoked&q=partner")).text());
    expect(revokedList).toContain("Partner feed");
    expect(revokedList).not.toContain("Mobile app");

    const csv = await admin.get("/admin/api-keys.csv?state=revoked");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Partner feed");
    expect(text).not.toContain("Mobile app");
    expect(text).not.toContain(token);
  });
});
