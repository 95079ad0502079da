import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { products, productTranslations, users, wishlistEntries } from "~/.server/db/schema";
import { href } from "~/lib/routes-table";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { hashPassword } from "~/.server/auth/password.server";
import { submit, textOf } from "../setup/account-helpers";
import { statementsDuring } from "../setup/query-count";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { loginAsAdmin } from "../setup/accounts";

/**
 * Wishlist (spec §4 Wishlist, §3 pagination lastPage/page/limit/total/perPage, §8
 * addedToWishlist / removedFromWishlist naming the entity): the customer's, and a visitor's
 * until they sign in (decision 0129); back-office users have none.
 */
const GUEST_PASSWORD = "Gost2026!lista";
let shop: Shop;
let db: Database;
let productIds: number[];
let bundleId: number;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const rows = await db
    .select({
      id: products.id,
      format: products.format,
      parent: products.parentId,
      archived: products.archived,
      visible: products.isVisibleIndividually,
    })
    .from(products)
    .orderBy(products.id);
  productIds = rows.filter((r) => r.format === "simple" && r.parent === null && !r.archived && r.visible).map((r) => r.id);
  bundleId = rows.find((r) => r.format === "bundle")!.id;
});
afterAll(() => shop.close());

const logIn = async (username: string, password: string) => {
  const visitor = new Visitor(shop);
  await submit(visitor, "/prijava", { intent: "login", username, password }, "/");
  return visitor;
};
const toggle = (visitor: Visitor, productId: number, redirectTo = "/shop") =>
  submit(visitor, "/actions/wishlist", { productId: String(productId), redirectTo }, "/");
const kept = async (email: string) => {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return (await db.select().from(wishlistEntries).where(eq(wishlistEntries.userId, user.id))).map((r) => r.productId);
};

describe("wishlist", () => {
  it("toggles add and remove with the spec's toasts naming product or bundle; the heart shows the state", async () => {
    const customer = await logIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const added = await toggle(customer, productIds[0]);
    expect(added).toMatchObject({ location: "/shop", toast: { type: "success" } });
    expect(added.toast!.text).toMatch(/^Proizvod .+ je dodan na listu želja$/);
    expect(await kept(DEMO_CUSTOMER.email)).toEqual([productIds[0]]);
    const profile = await customer.page("/profil");
    const pressed = new JSDOM(profile.html).window.document.querySelectorAll(
      '[data-testid="wishlist"] [data-testid="wishlist-toggle"][aria-pressed="true"]',
    );
    expect(pressed).toHaveLength(1);

    const removed = await toggle(customer, productIds[0]);
    expect(removed.toast!.text).toMatch(/^Proizvod .+ je uklonjen s liste želja$/);
    expect(await kept(DEMO_CUSTOMER.email)).toEqual([]);

    const bundle = await toggle(customer, bundleId, "/en/shop");
    expect(bundle.toast!.text).toMatch(/^Bundle .+ was added to the wishlist$/);
    await toggle(customer, bundleId);
  });

  it("keeps a visitor's hearts until they sign in, then adds them to the account's wishlist once each (decision 0129)", async () => {
    const email = "lista-gost@example.com";
    const [{ id: userId }] = await db
      .insert(users)
      .values({ siteId: 1, email, firstName: "Gost", lastName: "Kupac", passwordHash: await hashPassword(GUEST_PASSWORD) })
      .returning({ id: users.id });
    const [a, b, c] = productIds;
    // The account already keeps b: it is not added twice.
    await db.insert(wishlistEntries).values({ userId, productId: b });

    const visitor = new Visitor(shop);
    const added = await toggle(visitor, a, "/shop");
    expect(added).toMatchObject({ location: "/shop", toast: { type: "success" } });
    expect(added.toast!.text).toMatch(/^Proizvod .+ je dodan na listu želja$/);
    await toggle(visitor, b);
    await toggle(visitor, c);
    const removed = await toggle(visitor, a);
    expect(removed.toast!.text).toMatch(/^Proizvod .+ je uklonjen s liste želja$/);
    expect(visitor.cookies.get("wishlist")).toBe(`${c}%2C${b}`);
    // The hearts of the visitor's pages show what they keep.
    const heart = async (productId: number) => {
      const [{ slug }] = await db
        .select({ slug: productTranslations.slug })
        .from(productTranslations)
        .where(and(eq(productTranslations.productId, productId), eq(productTranslations.languageCode, "hrv")));
      const { html } = await visitor.page(href("product", "hr", { slug }));
      return new JSDOM(html).window.document
        .querySelector(`[data-testid="wishlist-toggle"][value="${productId}"]`)
        ?.getAttribute("aria-pressed");
    };
    expect(await heart(c)).toBe("true");
    expect(await heart(a)).toBe("false");
    expect(await kept(email)).toEqual([b]);

    const signedIn = await submit(visitor, "/prijava", { intent: "login", username: email, password: GUEST_PASSWORD }, "/prijava");
    expect(signedIn.toast).toMatchObject({ type: "success" });
    expect((await kept(email)).sort()).toEqual([b, c].sort());
    expect(visitor.cookies.has("wishlist")).toBe(false);

    // Signed out, the hearts are empty again: the visitor's list went into the account.
    await submit(visitor, "/actions/logout", { from: "/" }, "/profil");
    const after = await visitor.page("/shop");
    expect(new JSDOM(after.html).window.document.querySelectorAll('[data-testid="wishlist-toggle"][aria-pressed="true"]')).toHaveLength(0);
  });

  it("takes at most 50 products from a visitor; a tampered cookie keeps only whole ids", async () => {
    const visitor = new Visitor(shop);
    visitor.cookies.set("wishlist", [...Array.from({ length: 50 }, (_, i) => 900_000 + i)].join("%2C"));
    const full = await toggle(visitor, productIds[0]);
    expect(full.toast).toMatchObject({
      type: "error",
      text: "Lista želja bez prijave sadrži najviše 50 proizvoda. Prijavite se kako biste spremili više.",
    });
    visitor.cookies.set("wishlist", `x%2C-3%2C${productIds[1]}%2C${productIds[1]}`);
    await toggle(visitor, productIds[2]);
    expect(visitor.cookies.get("wishlist")).toBe(`${productIds[2]}%2C${productIds[1]}`);
  });

  it("gives back-office users none", async () => {
    const admin = await loginAsAdmin(new Visitor(shop));
    const answer = await toggle(admin, productIds[0]);
    expect(answer.toast).toMatchObject({ type: "error", text: "Korisnici administracije nemaju listu želja." });
    expect(await kept(DEMO_ADMIN.email)).toEqual([]);
    expect(new JSDOM(answer.html).window.document.querySelector('[data-testid="wishlist-toggle"]')).toBeNull();
  });

  it("lists the kept products on the profile, 12 a page, with the total; logout empties the view", async () => {
    const customer = await logIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const some = productIds.slice(0, 14);
    expect(some).toHaveLength(14);
    for (const id of some) expect((await toggle(customer, id)).toast, String(id)).toMatchObject({ type: "success" });
    expect(await kept(DEMO_CUSTOMER.email)).toHaveLength(14);
    const first = await customer.page("/profil");
    expect(textOf(first.html, '[data-testid="wishlist-total"]')).toBe("Proizvoda na listi: 14");
    expect(new JSDOM(first.html).window.document.querySelectorAll('[data-testid="wishlist"] [data-testid="product-card"]')).toHaveLength(
      12,
    );
    const second = await customer.page("/profil?wishlistPage=2");
    expect(new JSDOM(second.html).window.document.querySelectorAll('[data-testid="wishlist"] [data-testid="product-card"]')).toHaveLength(
      2,
    );

    await submit(customer, "/actions/logout", { from: "/" }, "/profil");
    const after = await customer.page("/shop");
    expect(new JSDOM(after.html).window.document.querySelectorAll('[data-testid="wishlist-toggle"][aria-pressed="true"]')).toHaveLength(0);
  });

  it("comes with the session: a signed-in page reads the session, the customer and the hearts in one statement", async () => {
    const customer = await logIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const keep = Number(/value="(\d+)"[^>]*aria-pressed/.exec((await customer.page("/shop")).html)?.[1]);
    if (!(await kept(DEMO_CUSTOMER.email)).includes(keep)) await toggle(customer, keep);
    let html = "";
    // A page the catalogue's data caches serve, so what is left is the visitor's own reads.
    const statements = await statementsDuring(db, async () => (html = (await customer.page("/shop")).html));
    const own = statements.filter((sql) => /"(?:sessions|users|wishlist_entries)"/.test(sql));
    expect(own, own.join("\n\n")).toHaveLength(1);
    expect(own[0]).toMatch(/from "sessions"/);
    const hearts = new JSDOM(html).window.document.querySelectorAll('[data-testid="wishlist-toggle"][aria-pressed="true"]');
    const pressed = [...hearts].map((heart) => Number((heart as HTMLButtonElement).value));
    expect(pressed).toContain(keep);
    const keeps = await kept(DEMO_CUSTOMER.email);
    expect(pressed.filter((id) => !keeps.includes(id))).toEqual([]);
    await toggle(customer, keep);
  });

  it("refuses a bad product id", async () => {
    const customer = await logIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await customer.post("/actions/wishlist", { productId: "abc", redirectTo: "/" })).status).toBe(400);
    const missing = await toggle(customer, 999999);
    expect(missing.toast).toMatchObject({ type: "error", text: "Proizvod nije pronađen." });
  });
});
