import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Visitor as VisitorType } from "../setup/client";
import type { Shop } from "../setup/shop";

/**
 * The dev tooling (spec §4 "non-production only", decision 0062): in production the dev
 * tooling does not exist — every /_cli call and /section-tool answer 404 before anything
 * else is read (even for a signed-in admin), and the admin toolbar shows none of it.
 * The shop is booted with NODE_ENV=production (set before the build is loaded; the app's
 * modules are imported late for the same reason).
 */
process.env.NODE_ENV = "production";
process.env.PUBLIC_URL = "http://localhost:3000";

let shop: Shop;
let admin: VisitorType;
let anonymous: VisitorType;

beforeAll(async () => {
  const { bootShop } = await import("../setup/shop");
  const { Visitor } = await import("../setup/client");
  const { loginAsAdmin } = await import("../setup/accounts");
  shop = await bootShop();
  anonymous = new Visitor(shop);
  admin = await loginAsAdmin(new Visitor(shop));
});
afterAll(() => shop?.close());

describe("dev tooling in production", () => {
  it("every dev-tooling address is a 404, signed in or not", async () => {
    for (const visitor of [anonymous, admin]) {
      for (const path of ["/_cli/get-latest-tag", "/_cli/get-domain", "/section-tool", "/_cli/get-latest-release", "/_cli/set-domain"]) {
        expect((await visitor.get(path)).status, path).toBe(404);
      }
      const post = await visitor.request("/_cli/set-domain", {
        method: "POST",
        body: JSON.stringify({ domain: "alu-krov.hr" }),
        headers: { "Content-Type": "application/json", Origin: visitor.origin },
      });
      expect(post.status).toBe(404);
      const releases = await visitor.request("/_cli/get-latest-release", {
        method: "POST",
        body: "{}",
        headers: { "Content-Type": "application/json", Origin: visitor.origin },
      });
      expect(releases.status).toBe(404);
    }
  });

  it("the admin toolbar has no dev tooling", async () => {
    const { response, html } = await admin.page("/admin");
    expect(response.status).toBe(200);
    expect(html).toContain('data-testid="admin-layout"');
    expect(html).not.toContain('data-testid="dev-toolbar"');
    expect(html).not.toContain("/_cli/");
  });
});
