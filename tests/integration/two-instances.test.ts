// PostgreSQL only: two processes on one PostgreSQL database; the embedded PGlite cannot be shared by two processes (skipped on PGlite).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client.server";
import { categoryTranslations, pages, pageTranslations, productCategories, products, productTranslations } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { scaleCents } from "~/lib/price-change";
import { PRICES_PATH, percentChange, previewFingerprint } from "../setup/price-change";
import hr from "../../locales/hr/account.json";
import hrErrors from "../../locales/hr/error.json";
import { createStaff } from "../setup/staff";
import type { Shop } from "../setup/shop";
import { ProxiedVisitor, servedBy, startInstance, startProxy, stopInstance, type Instance, type Proxy } from "../setup/two-instances";

/**
 * Decision 0068: two production server processes on one PostgreSQL database and one Redis,
 * behind one port that sends each request to the next instance in turn (no sticky
 * sessions), behave as one shop. Each step below is pinned to one instance and checked on
 * the other: a session, a cart, the per-address rate limit, the per-account sign-in lock,
 * and the caches (named caches and rendered pages) after an admin price edit, a page edit
 * and a cache clear. Only the two child processes get REDIS_URL: the other test files of
 * the suite keep their own in-process caches (docs/decisions/0068).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const REDIS_URL = process.env.TWO_INSTANCE_REDIS_URL ?? "redis://127.0.0.1:6379/5";
// The per-address budget of sign-in posts a minute in the instances (RATE_LIMIT_AUTH_POINTS).
const AUTH_POINTS = 6;

if (!onPostgres)
  console.info("two-instances.test.ts skipped: it needs DATABASE_URL (PostgreSQL); the embedded PGlite cannot be shared by two processes.");

let proxy: Proxy;
let instances: Instance[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-two-"));
let nextAddress = 1;
/** A new browser with its own client address (its own rate-limit budget). */
const browser = () => new ProxiedVisitor(proxy.origin, `198.51.100.${nextAddress++}`);

async function flushRedis() {
  const { Redis } = await import("ioredis");
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on("error", () => {}); // a refused connection rejects connect() below
  try {
    await client.connect();
    await client.flushdb(); // this test's own Redis database only
  } catch (error) {
    throw new Error(`The two-instance test needs Redis at ${REDIS_URL} (TWO_INSTANCE_REDIS_URL): ${(error as Error).message}`);
  } finally {
    client.disconnect();
  }
}

beforeAll(async () => {
  if (!onPostgres) return;
  await flushRedis();
  proxy = await startProxy();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    // This file's throw-away database (tests/setup/integration-env.ts), empty: both instances
    // start at once and migrate and seed it under the migration lock (client.server.ts).
    DATABASE_URL: process.env.DATABASE_URL!,
    REDIS_URL,
    PUBLIC_URL: proxy.origin,
    SESSION_SECRET: "two-instances-shared-secret-0123456789",
    TRUST_PROXY: "loopback",
    RATE_LIMIT_AUTH_POINTS: String(AUTH_POINTS),
    DATA_DIR: dataDir,
    SMTP_URL: "",
  };
  instances = await Promise.all([startInstance("a", env), startInstance("b", env)]);
  proxy.route({ a: instances[0].port, b: instances[1].port });
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map(stopInstance));
  await proxy?.close();
  if (instances.length) await flushRedis();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)(
  "two instances on PostgreSQL + Redis behind one port (skipped on the embedded database: PGlite cannot be shared by two processes; set DATABASE_URL)",
  () => {
    it("take turns behind the proxy and migrated the empty database once, together", async () => {
      const shopper = browser();
      const answers = [await shopper.get("/"), await shopper.get("/")];
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map(servedBy).sort()).toEqual(["a", "b"]);
    });

    it("a session started on one holds on the other: sign in on A with B's form, the profile on B, sign out on B ends it on A", async () => {
      const customer = browser();
      const login = await customer.postAcross(
        "/prijava",
        { intent: "login", username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
        { tokensOn: "b", postOn: "a", tokenFrom: "/" },
      );
      expect([login.status, servedBy(login)]).toEqual([302, "a"]);
      const profile = await customer.on("b").get("/profil");
      expect([profile.status, servedBy(profile)]).toEqual([200, "b"]);
      const html = await profile.text();
      expect(html).toContain(DEMO_CUSTOMER.email);
      expect(html).not.toContain('data-testid="login-form"');

      const logout = await customer.postAcross("/actions/logout", { from: "/" }, { tokensOn: "a", postOn: "b", tokenFrom: "/" });
      expect(logout.status).toBe(302);
      const after = await customer.on("a").get("/profil");
      expect(await after.text()).toContain('data-testid="login-form"');
    });

    it("a cart started on one holds on the other", async () => {
      const db = await getDb();
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.sku, "AK-PNL-SND-40"));
      const shopper = browser();
      const added = await shopper.postAcross(
        "/kosarica",
        { intent: "add", quantity: "3", productId: String(product.id) },
        { tokensOn: "b", postOn: "a" },
      );
      expect([added.status, servedBy(added)]).toEqual([302, "a"]);
      const cart = await shopper.on("b").get("/kosarica");
      const html = await cart.text();
      expect(servedBy(cart)).toBe("b");
      expect([...html.matchAll(/data-testid="cart-line"/g)]).toHaveLength(1);
      expect(/data-testid="cart-badge"[^>]*>(\d+)</.exec(html)?.[1]).toBe("3");
    });

    it("a rate limit started on one holds on the other: one address's sign-in budget is spent across both", async () => {
      const guesser = browser();
      const attempt = (instance: "a" | "b") =>
        guesser.on(instance).request("/prijava", {
          method: "POST",
          body: new URLSearchParams({ intent: "login" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: proxy.origin },
        });
      // Half the budget on each instance: neither has seen more than it allows on its own.
      for (let i = 0; i < AUTH_POINTS; i++) expect((await attempt(i % 2 ? "b" : "a")).status).not.toBe(429);
      for (const instance of ["a", "b"] as const) {
        const refused = await attempt(instance);
        expect([refused.status, servedBy(refused)]).toEqual([429, instance]);
        expect(await refused.text()).toBe(hrErrors.error.tooManyRequests);
      }
      // Another address still gets in.
      expect((await browser().on("a").get("/prijava")).status).toBe(200);
    });

    it("a sign-in lock started on one holds on the other: five failures across both lock the account on both", async () => {
      const staff = await createStaff({ db: getDb } as unknown as Shop, "editor");
      // Each guess from another address (no rate limit in the way), in turn on A and B.
      const signIn = (instance: "a" | "b", password: string) =>
        browser().postAcross(
          "/adminLogin",
          { email: staff.email, password, redirectTo: "/admin" },
          { tokensOn: instance === "a" ? "b" : "a", postOn: instance, tokenFrom: "/adminLogin" },
        );
      for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? "b" : "a", `Wrong-${i}-password`)).status).toBe(401);
      for (const instance of ["a", "b"] as const) {
        const locked = await signIn(instance, staff.password);
        expect([locked.status, servedBy(locked)]).toEqual([429, instance]);
        expect(await locked.text()).toContain(hr.account.login.lockedOut);
      }
    });

    describe("a change made through one instance reaches the other's caches at once", () => {
      let admin: ProxiedVisitor;
      beforeAll(async () => {
        admin = browser();
        const login = await admin.postAcross(
          "/adminLogin",
          { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, redirectTo: "/admin" },
          { tokensOn: "b", postOn: "a", tokenFrom: "/adminLogin" },
        );
        expect(login.status).toBe(302);
      }, 60_000);

      /** An anonymous page from one instance, with whether it came from the rendered-page cache. */
      async function page(instance: "a" | "b", url: string) {
        const response = await browser().on(instance).get(url);
        expect([response.status, servedBy(response)], url).toEqual([200, instance]);
        return { cache: response.headers.get("X-Page-Cache"), html: await response.text() };
      }

      it("an admin's price change on A: B's cached category and product pages show the new price", async () => {
        const db = await getDb();
        const [row] = await db
          .select({ id: products.id, category: categoryTranslations.slug, slug: productTranslations.slug })
          .from(products)
          .innerJoin(productCategories, eq(productCategories.productId, products.id))
          .innerJoin(
            categoryTranslations,
            and(eq(categoryTranslations.categoryId, productCategories.categoryId), eq(categoryTranslations.languageCode, "hrv")),
          )
          .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
          .where(
            and(
              eq(products.archived, false),
              eq(products.isVisibleIndividually, true),
              eq(products.format, "simple"),
              eq(products.sku, "AK-PNL-SND-40"),
            ),
          )
          .limit(1);
        // A price no other product shows (set before any page of it was rendered), then +7 %.
        const start = 87_654;
        await db
          .update(products)
          .set({ retailPriceCents: start, priceCents: start, membershipPriceCents: null })
          .where(eq(products.id, row.id));
        const urls = [`/shop/${row.category}?limit=24`, `/product/${row.slug}`];
        for (const url of urls) {
          expect((await page("b", url)).cache).toBe("miss");
          // Rendered on B, kept in Redis: A serves it too.
          const shared = await page("a", url);
          expect(shared.cache, url).toBe("hit");
          expect(shared.html).toContain(euros(start));
        }

        // Previewed on B, confirmed on A.
        const fields = percentChange([row.id], 7);
        const preview = await admin.postAcross(PRICES_PATH, { intent: "preview", ...fields }, { tokensOn: "b", postOn: "b" });
        const fingerprint = previewFingerprint(await preview.text());
        const changed = await admin.postAcross(PRICES_PATH, { intent: "confirm", ...fields, fingerprint }, { tokensOn: "b", postOn: "a" });
        expect([changed.status, servedBy(changed)]).toEqual([303, "a"]);
        for (const url of urls) {
          const fresh = await page("b", url);
          expect(fresh.cache, url).toBe("miss");
          expect(fresh.html).toContain(euros(scaleCents(start, 7)));
          expect(fresh.html).not.toContain(euros(start));
        }
      });

      it("a page edit on A: B's cached page shows the new text", async () => {
        const created = await admin.postAcross(
          "/admin/pages/new",
          { title: "Dvije instance", slug: "dvije-instance", template: "text" },
          { tokensOn: "a", postOn: "a" },
        );
        expect(created.status).toBe(302);
        const id = /\/(\d+)$/.exec(created.headers.get("Location") ?? "")![1];
        const db = await getDb();
        const versions = async () => ({
          page: String(
            (
              await db
                .select({ version: pages.version })
                .from(pages)
                .where(eq(pages.id, Number(id)))
            )[0].version,
          ),
          text: String(
            (
              await db
                .select({ version: pageTranslations.version })
                .from(pageTranslations)
                .where(and(eq(pageTranslations.pageId, Number(id)), eq(pageTranslations.languageCode, "hrv")))
            )[0].version,
          ),
        });
        const save = async (body: string) =>
          admin.postAcross(
            `/admin/pages/${id}`,
            {
              intent: "text",
              language: "hr",
              version: (await versions()).text,
              title: "Dvije instance",
              slug: "dvije-instance",
              metaDescription: "",
              bodyHtml: `<p>${body}</p>`,
            },
            { tokensOn: "b", postOn: "a" },
          );
        expect((await save("Prva verzija teksta")).status).toBe(302);
        const published = await admin.postAcross(
          `/admin/pages/${id}`,
          { intent: "settings", version: (await versions()).page, status: "published", publishedAt: "" },
          { tokensOn: "b", postOn: "a" },
        );
        expect(published.status).toBe(302);

        await page("b", "/dvije-instance");
        const cached = await page("b", "/dvije-instance");
        expect([cached.cache, cached.html.includes("Prva verzija teksta")]).toEqual(["hit", true]);

        expect((await save("Druga verzija teksta")).status).toBe(302);
        const fresh = await page("b", "/dvije-instance");
        expect(fresh.cache).toBe("miss");
        expect(fresh.html).toContain("Druga verzija teksta");
        expect(fresh.html).not.toContain("Prva verzija teksta");
      });

      it("a cache clear at /admin/cache on A empties B's named caches and rendered pages", async () => {
        const db = await getDb();
        const [row] = await db
          .select({ id: products.id, slug: productTranslations.slug, name: productTranslations.name })
          .from(products)
          .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
          .where(eq(products.sku, "AK-PNL-TEG"));
        const url = `/product/${row.slug}`;
        // A signed-in customer's page is rendered from the named caches (product-detail), either
        // for them or once as the kept page for customers (decision 0135; the demo customer, who
        // commented on this product, gets their own): a clear on A must empty both on B.
        const customer = browser();
        expect(
          (
            await customer.postAcross(
              "/prijava",
              { intent: "login", username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
              { tokensOn: "a", postOn: "a", tokenFrom: "/" },
            )
          ).status,
        ).toBe(302);
        const seen = async () => {
          const response = await customer.on("b").get(url);
          expect(response.status).toBe(200);
          return response.text();
        };
        await page("b", url);
        expect(await seen()).toContain(row.name);

        // Renamed behind the shop's back (no cache cleared): both caches still show the old name.
        const renamed = `${row.name} (preimenovano)`;
        await db
          .update(productTranslations)
          .set({ name: renamed })
          .where(and(eq(productTranslations.productId, row.id), eq(productTranslations.languageCode, "hrv")));
        expect((await page("b", url)).cache).toBe("hit");
        expect(await seen()).not.toContain(renamed);

        const cleared = await admin.postAcross("/admin/cache", { name: "product-detail" }, { tokensOn: "b", postOn: "a" });
        expect([cleared.status, servedBy(cleared)]).toEqual([302, "a"]);
        expect(await seen()).toContain(renamed);
        const fresh = await page("b", url);
        expect(fresh.cache).toBe("miss");
        expect(fresh.html).toContain(renamed);
      });
    });
  },
);

/** A price as the shop shows it in Croatian: 876,54 (thousands with a dot). */
function euros(cents: number) {
  return `${Math.floor(cents / 100)
    .toLocaleString("hr-HR")
    .replace(/\s/g, ".")},${String(cents % 100).padStart(2, "0")}`;
}
