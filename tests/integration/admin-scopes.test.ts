import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_ROUTES } from "~/lib/route-files";
import { BACKOFFICE_SCOPES, hasScope } from "~/lib/backoffice-scopes";
import { Visitor } from "../setup/client";
import { signInAsCustomer } from "../setup/accounts";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * DESIGN.md "Roles" and decision 0038: "A test built from the route table proves each scope reaches
 * exactly its screens and a customer none": every backoffice screen of the built route
 * table must declare its scope in app/lib/route-files.ts, and a sales, an editor and an
 * admin user then open each one: the scopes it names get the screen, the others a 403 —
 * for the page and, where the screen has an action, for a post with a valid CSRF token.
 * A customer and a visitor are sent to /adminLogin everywhere.
 */
const root = path.resolve(import.meta.dirname, "../..");
const ADMIN = SERVICE_ROUTES.find((route) => route.path === "admin")!;
// Parameters that name nothing: an allowed user gets the screen's 404, a refused one its 403 before any lookup.
const PARAM_VALUE = "999999";

let shop: Shop;
let build: ServerBuild;
const signedIn = new Map<string, Visitor>();

const screens = (ADMIN.children ?? []).map((child) => ({
  file: child.file,
  scope: child.scope,
  path: `/admin${child.path ? `/${child.path.replace(/:[^/]+/g, PARAM_VALUE)}` : ""}`,
}));

beforeAll(async () => {
  shop = await bootShop();
  build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  for (const scope of BACKOFFICE_SCOPES) signedIn.set(scope, await signInAsStaff(new Visitor(shop), await createStaff(shop, scope)));
  signedIn.set("customer", await signInAsCustomer(shop, new Visitor(shop)));
  signedIn.set("visitor", new Visitor(shop));
}, 120_000);
afterAll(() => shop?.close());

function moduleOf(file: string) {
  return build.routes[file.replace(/\.tsx?$/, "")]?.module;
}

describe("backoffice scopes, from the route table", () => {
  it("every backoffice screen of the built app declares the scope it needs", () => {
    const built = Object.values(build.routes).filter((route) => route.parentId === "routes/admin/admin-layout");
    expect(built.length).toBeGreaterThan(5);
    for (const route of built) {
      const declared = screens.find((screen) => screen.file.replace(/\.tsx?$/, "") === route.id);
      expect(declared, `${route.id} is not an admin child of app/lib/route-files.ts`).toBeDefined();
      expect(declared!.scope, `${route.id} declares no scope`).toBeDefined();
    }
  });

  // Each renders every backoffice screen (about a hundred and growing): more than the
  // suite's 30 s on a busy two-core machine.
  for (const scope of BACKOFFICE_SCOPES) {
    it(`a ${scope} user opens exactly the screens of the ${scope} scope`, { timeout: 120_000 }, async () => {
      const visitor = signedIn.get(scope)!;
      const tokens = await visitor.formTokens("/admin");
      for (const screen of screens) {
        const allowed = hasScope([scope], screen.scope!);
        const page = await visitor.get(screen.path);
        if (allowed) {
          expect(page.status, `${scope} GET ${screen.path}`).not.toBe(403);
          expect(page.status, `${scope} GET ${screen.path}`).toBeLessThan(500);
          expect(page.headers.get("Location") ?? "", `${scope} GET ${screen.path}`).not.toMatch(/adminLogin/);
        } else {
          expect(page.status, `${scope} GET ${screen.path}`).toBe(403);
          if (moduleOf(screen.file)?.action) {
            const post = await visitor.request(screen.path, {
              method: "POST",
              body: new URLSearchParams({ ...tokens, intent: "x" }),
              headers: { Origin: visitor.origin },
            });
            expect(post.status, `${scope} POST ${screen.path}`).toBe(403);
          }
        }
        await page.text();
      }
    });
  }

  for (const who of ["customer", "visitor"]) {
    it(`a ${who} reaches no backoffice screen: every page and post goes to /adminLogin`, async () => {
      const visitor = signedIn.get(who)!;
      const tokens = await visitor.formTokens("/");
      for (const screen of screens) {
        const page = await visitor.get(screen.path);
        expect(page.status, `${who} GET ${screen.path}`).toBe(302);
        expect(page.headers.get("Location"), `${who} GET ${screen.path}`).toMatch(/^\/adminLogin\?redirectTo=/);
        if (moduleOf(screen.file)?.action) {
          const post = await visitor.request(screen.path, {
            method: "POST",
            body: new URLSearchParams({ ...tokens, intent: "x" }),
            headers: { Origin: visitor.origin },
          });
          expect([302, 303], `${who} POST ${screen.path}`).toContain(post.status);
        }
      }
    });
  }
});
