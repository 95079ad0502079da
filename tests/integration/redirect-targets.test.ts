import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consents, products, productTranslations } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { ROUTE_FILES, SERVICE_ROUTES, type RedirectTarget } from "~/lib/route-files";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { HOSTILE_REDIRECTS_SAMPLE, isPlainLocalLocation } from "../fixtures/redirect-corpus";

/**
 * DESIGN.md "Trust boundaries": "a target with a control character
 * (tab, CR, LF, NUL), a backslash, a scheme or a leading `//` never reaches a Location
 * header; one helper for every redirect parameter; a test feeds a corpus of hostile
 * targets to every route that accepts one, listed from the route table". Plain GETs and
 * form posts, as a browser without JavaScript sends them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const app = path.join(root, "app");
let shop: Shop;
let customer: Visitor;
let admin: Visitor;
let anonymous: Visitor;
let signingIn: Visitor;
let productId: number;
let privacyConsent: number;
const tokens = new Map<Visitor, string>();

beforeAll(async () => {
  shop = await bootShop();
  const db = await shop.db();
  const [product] = await db
    .select({ id: products.id, slug: productTranslations.slug })
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
    .where(and(eq(products.archived, false), eq(products.isVisibleIndividually, true), eq(products.format, "simple")))
    .limit(1);
  productId = product.id;
  const [consent] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
  privacyConsent = consent.id;
  customer = await signInAsCustomer(shop, new Visitor(shop));
  admin = await loginAsAdmin(new Visitor(shop));
  anonymous = new Visitor(shop);
  signingIn = new Visitor(shop);
});
afterAll(() => shop.close());

/** A form post with the visitor's CSRF token (read once from a page, as a browser keeps it). */
async function post(visitor: Visitor, to: string, fields: Record<string, string>, tokenFrom = "/") {
  if (!tokens.has(visitor)) tokens.set(visitor, await visitor.csrfToken(tokenFrom));
  return visitor.post(to, { csrf: tokens.get(visitor)!, ...fields }, { csrf: false });
}
const location = async (response: Response) => {
  await response.body?.cancel();
  return response.headers.get("Location");
};

type Driver = (target: string) => Promise<string | null>;

/**
 * How each declared redirect parameter is reached, keyed `<route module>#<in>:<param>`;
 * each answers what the target became (a Location, or the hidden field the page rendered).
 */
const DRIVERS: Record<string, Driver> = {
  "routes/account/login.tsx#query:redirectTo": async (target) => {
    const page = await new Visitor(shop).page(`/prijava?${new URLSearchParams({ redirectTo: target })}`);
    const field = new JSDOM(page.html).window.document.querySelector<HTMLInputElement>(
      '[data-testid="login-form"] input[name="redirectTo"]',
    );
    return field?.value ?? null;
  },
  "routes/account/login.tsx#form:redirectTo": async (target) =>
    location(await post(signingIn, "/prijava", { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, redirectTo: target })),
  "routes/storefront/cart.tsx#form:redirectTo": async (target) =>
    // A refused quantity goes back to the page (spec §4 cart actions), as a success would.
    location(await post(customer, "/kosarica", { intent: "add", productId: String(productId), quantity: "x", redirectTo: target })),
  "routes/account/confirm-email.tsx#query:goal": async (target) =>
    location(
      await new Visitor(shop).get(
        `/potvrdi-email?${new URLSearchParams({ goalType: "url", goal: target, confirmedEmail: "ana@example.com" })}`,
      ),
    ),
  "routes/storefront/form.tsx#form:redirectTo": async (target) =>
    location(
      await post(customer, "/obrazac/contact", {
        firstName: "Ana",
        lastName: "Kupac",
        from: "ana@example.com",
        contactNumber: "+385 98 123 4567",
        subject: "Ponuda",
        content: "Molim ponudu.",
        acceptedConsents: String(privacyConsent),
        redirectTo: target,
      }),
    ),
  "routes/storefront/actions.cookie-consent.ts#form:redirectTo": async (target) =>
    location(await post(anonymous, "/actions/cookie-consent", { choice: "all", redirectTo: target })),
  "routes/storefront/actions.newsletter.ts#form:redirectTo": async (target) =>
    location(await post(customer, "/actions/newsletter", { email: "", redirectTo: target })),
  "routes/storefront/actions.wishlist.ts#form:redirectTo": async (target) =>
    location(await post(customer, "/actions/wishlist", { productId: String(productId), redirectTo: target })),
  "routes/storefront/actions.comments.ts#form:redirectTo": async (target) =>
    location(
      await post(customer, "/actions/comments", {
        intent: "create",
        entityType: "product",
        entityId: String(productId),
        rating: "5",
        content: "Dobro",
        redirectTo: target,
      }),
    ),
  "routes/admin/admin-login.tsx#query:redirectTo": async (target) =>
    location(await admin.get(`/adminLogin?${new URLSearchParams({ redirectTo: target })}`)),
  "routes/admin/admin-login.tsx#form:redirectTo": async (target) =>
    location(
      await post(
        new Visitor(shop),
        "/adminLogin",
        { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, redirectTo: target },
        "/adminLogin",
      ),
    ),
  "routes/admin/admin-layout.tsx#form:redirectTo": async (target) =>
    location(await post(admin, "/admin", { intent: "language", lng: "hr", redirectTo: target }, "/admin")),
  "routes/dev/_cli.set-domain.ts#form:redirectTo": async (target) =>
    location(await post(admin, "/_cli/set-domain", { domain: "www.alu-krov.hr", redirectTo: target }, "/admin")),
};

/** Every route module of the table with the redirect parameters it declares. */
function declaredTargets(): Map<string, RedirectTarget[]> {
  const declared = new Map<string, RedirectTarget[]>();
  for (const entry of Object.values(ROUTE_FILES)) if (entry.redirectTargets) declared.set(entry.file, entry.redirectTargets);
  for (const route of SERVICE_ROUTES) if (route.redirectTargets) declared.set(route.file, route.redirectTargets);
  return declared;
}

function allRouteModules(): string[] {
  const files = [...Object.values(ROUTE_FILES).map((entry) => entry.file)];
  for (const route of SERVICE_ROUTES) files.push(route.file, ...(route.children ?? []).map((child) => child.file));
  return files;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const STORED_TARGETS = [
  "modules/redirects/redirects-admin.server.ts",
  "modules/redirects/redirects.server.ts",
  // A page's other address of the shop's own (canonical slug, a stale page number), never read from the request.
  "routes/http/page-outcome.server.ts",
  // The refusal page of a post over the body limit links back to the address it was posted to
  // (the request's own URL, made a local path), in the server's HTTP layer before Remix.
  ".server/http/body-limit.server.ts",
];
const READS_A_TARGET = /\b(?:localPath|localPathOrNull|rememberedRedirect)\(/;

describe('redirect targets (DESIGN.md "Trust boundaries")', () => {
  it("the route table declares exactly the routes whose code reads a redirect target, and each has a driver here", () => {
    const routeModules = allRouteModules();
    const readers = new Set<string>();
    for (const file of sourceFiles(app)) {
      const relative = path.relative(app, file).split(path.sep).join("/");
      if (relative === "lib/local-path.ts" || !READS_A_TARGET.test(readFileSync(file, "utf8"))) continue;
      // The redirect table's rows are targets an editor typed: made local paths where they are
      // saved and again where they are answered (decision 0081), not read from a request.
      if (STORED_TARGETS.includes(relative)) continue;
      // Only routes read targets (a module hands back data, the route decides where to go).
      expect(relative, `${relative} reads a redirect target outside app/routes`).toMatch(/^routes\//);
      if (routeModules.includes(relative)) {
        readers.add(relative);
        continue;
      }
      // A route's own server helper (routes/storefront/cart-actions.server.ts): the route modules importing it.
      const name = path.basename(relative).replace(/\.tsx?$/, "");
      const importers = routeModules.filter((module) => readFileSync(path.join(app, module), "utf8").includes(`/${name}"`));
      expect(importers, `no route module imports ${relative}`).not.toEqual([]);
      importers.forEach((module) => readers.add(module));
    }
    const declared = declaredTargets();
    expect([...declared.keys()].sort()).toEqual([...readers].sort());
    const keys = [...declared].flatMap(([file, targets]) => targets.map((target) => `${file}#${target.in}:${target.param}`));
    expect(keys.sort()).toEqual(Object.keys(DRIVERS).sort());
  });

  describe.each(Object.entries(DRIVERS))("%s", (_, drive) => {
    it("keeps a plain local target", async () => {
      expect(await drive("/kosarica?from=test")).toMatch(/^\/kosarica\?from=test(?:#comments)?$/);
    });

    it(`never lets one of ${HOSTILE_REDIRECTS_SAMPLE.length} hostile targets through`, async () => {
      const leaks: string[] = [];
      for (const target of HOSTILE_REDIRECTS_SAMPLE) {
        const result = await drive(target);
        if (!isPlainLocalLocation(result)) leaks.push(`${JSON.stringify(target)} → ${JSON.stringify(result)}`);
      }
      expect(leaks).toEqual([]);
    }, 180_000); // a sign-in per target (argon2) on a shared machine
  });
});
