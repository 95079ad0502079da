import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Database } from "~/.server/db/client.server";
import {
  auditLog,
  carts,
  customerGroups,
  orderItems,
  orders,
  products,
  productTranslations,
  users,
  wishlistEntries,
} from "~/.server/db/schema";
import { formatPrice } from "~/lib/format";
import { startCachingServer, type CachingServer } from "../setup/caching-server";
import { Visitor } from "../setup/client";
import { testId } from "../setup/product-pages";
import type { Shop } from "../setup/shop";
import { addToCart, CHECKOUT, checkoutConsentId, methodIds, newCustomer, signInAs } from "./checkout-helpers";
import { loginAsAdmin } from "../setup/accounts";

/**
 * Customer groups (decision 0107) on the production build behind the rendered-page cache:
 * the owner creates a group (12,5 % off, a fixed price for one product) and puts a customer
 * in it through the admin forms; that customer sees the group's prices on the product page,
 * in the cart and pays them in the placed order; a customer without a group and anonymous
 * visitors see and pay the catalogue price, and the page cache never hands one's page to
 * the other.
 */
let server: CachingServer;
let db: Database;
let admin: Visitor;
const overHttp = () => new Visitor({ handle: (request: Request) => fetch(request) } as unknown as Shop, server.base);

const text = (html: string, id: string) => testId(html, id)?.replace(/\u00a0/g, " ") ?? null;
const plain = (value: string) => value.replace(/\u00a0/g, " ");
const eur = (cents: number) => plain(formatPrice(cents, { label: "EUR", symbol: "€" }, "hr"));

type Product = { id: number; sku: string; slug: string; name: string; price: number };
let panel: Product;
let fixed: Product;
let groupId: number;
const people = { contractor: 0, walkIn: 0 };

async function product(where: ReturnType<typeof and>): Promise<Product> {
  const [row] = await db
    .select({
      id: products.id,
      sku: products.sku,
      slug: productTranslations.slug,
      name: productTranslations.name,
      price: products.priceCents,
    })
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
    .where(where)
    .limit(1);
  return row;
}

beforeAll(async () => {
  server = await startCachingServer();
  db = await getDb();
  admin = overHttp();
  await loginAsAdmin(admin);
  panel = await product(eq(products.sku, "AK-PNL-SND-40"));
  await db.update(products).set({ membershipPriceCents: null, stock: 500 }).where(eq(products.id, panel.id));
  fixed = await product(
    and(ne(products.id, panel.id), eq(products.format, "simple"), eq(products.archived, false), eq(products.isVisibleIndividually, true)),
  );
  await db
    .update(products)
    .set({ priceCents: 5000, retailPriceCents: 5000, membershipPriceCents: null, stock: 500 })
    .where(eq(products.id, fixed.id));
  fixed.price = 5000;
  people.contractor = await newCustomer(db, "izvodjac@grupe-test.hr");
  people.walkIn = await newCustomer(db, "kupac@grupe-test.hr");
}, 120_000);
afterAll(() => server.close());

describe("the owner's customer groups", () => {
  it("refuses a discount out of range with a translated message and creates nothing", async () => {
    const response = await admin.post(
      "/admin/customer-groups/new",
      { intent: "save", "name.hr": "Krivi", discount: "95" },
      { tokenFrom: "/admin/customer-groups/new" },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Upišite popust od 0 do 90");
    expect(await db.select().from(customerGroups)).toHaveLength(0);
  });

  it("creates a group with 12,5 % off and a fixed price for one product by its SKU", async () => {
    const created = await admin.post(
      "/admin/customer-groups/new",
      { intent: "save", "name.hr": "Izvođači radova", "name.en": "Contractors", discount: "12,5" },
      { tokenFrom: "/admin/customer-groups/new" },
    );
    expect(created.status).toBe(302);
    const [group] = await db.select().from(customerGroups);
    expect(group).toMatchObject({ name: { hr: "Izvođači radova", en: "Contractors" }, discountBp: 1250 });
    groupId = group.id;
    const page = `/admin/customer-groups/${groupId}`;
    expect(created.headers.get("Location")).toBe(page);

    const unknown = await admin.post(page, { intent: "setPrice", version: "1", sku: "NEMA-TAKVE", price: "10,00" }, { tokenFrom: page });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Nema proizvoda sa šifrom NEMA-TAKVE.");

    const set = await admin.post(page, { intent: "setPrice", version: "1", sku: fixed.sku, price: "39,90" }, { tokenFrom: page });
    expect(set.status).toBe(302);
    const { html } = await admin.page(page);
    expect(html).toContain(fixed.sku);
    expect(plain(html)).toContain(eur(3990));
    const trail = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customerGroup"), eq(auditLog.entityId, groupId)));
    expect(trail.map((row) => row.action).sort()).toEqual(["create", "setPrice"]);
  });

  it("puts a customer in the group from their page, audited; the list filters by it and the CSV names it", async () => {
    const page = `/admin/customers/${people.contractor}`;
    const [{ version }] = await db.select({ version: users.version }).from(users).where(eq(users.id, people.contractor));
    const response = await admin.post(
      page,
      { intent: "setGroup", version: String(version), groupId: String(groupId) },
      { tokenFrom: page },
    );
    expect(response.status).toBe(302);
    const [row] = await db.select({ group: users.customerGroupId }).from(users).where(eq(users.id, people.contractor));
    expect(row.group).toBe(groupId);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, people.contractor), eq(auditLog.action, "setGroup")));
    expect(audit.after).toEqual({ group: "Izvođači radova" });

    const { html } = await admin.page(`/admin/customers?group=${groupId}`);
    expect(html).toContain("izvodjac@grupe-test.hr");
    expect(html).not.toContain("kupac@grupe-test.hr");
    const csv = await (await admin.get(`/admin/customers.csv?group=${groupId}`)).text();
    expect(csv).toContain("Grupa kupaca");
    expect(csv).toMatch(/izvodjac@grupe-test\.hr.*Izvođači radova/);
  });

  it("refuses to delete a group customers are in, saying how many", async () => {
    const page = `/admin/customer-groups/${groupId}`;
    const [{ version }] = await db.select({ version: customerGroups.version }).from(customerGroups).where(eq(customerGroups.id, groupId));
    const response = await admin.post(page, { intent: "delete", version: String(version) }, { tokenFrom: page });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("U grupi su kupci (1)");
    expect(await db.select().from(customerGroups)).toHaveLength(1);
  });
});

describe("what the group customer, another customer and a visitor see and pay", () => {
  const groupPanel = () => Math.round((panel.price * 8750) / 10_000);

  it("the product page: the group price with the catalogue price struck through, only for the group customer, never from the page cache", async () => {
    const path = `/product/${panel.slug}`;
    const anonymous = await fetch(server.base + path);
    await anonymous.text();
    const cached = await fetch(server.base + path);
    expect(cached.headers.get("X-Page-Cache")).toBe("hit");
    const anonymousHtml = await cached.text();
    expect(text(anonymousHtml, "final-price")).toBe(eur(panel.price));
    expect(testId(anonymousHtml, "catalogue-price")).toBeNull();

    const contractor = await signInAs(overHttp(), people.contractor);
    const mine = await contractor.get(path);
    // Signed in: past the cache, neither served from it nor kept in it.
    expect(mine.headers.get("X-Page-Cache")).toBeNull();
    const html = await mine.text();
    expect(text(html, "final-price")).toBe(eur(groupPanel()));
    expect(text(html, "catalogue-price")).toBe(eur(panel.price));

    // The group customer's render was not kept: the next visitor still gets the shared page.
    const after = await fetch(server.base + path);
    expect(after.headers.get("X-Page-Cache")).toBe("hit");
    const afterHtml = await after.text();
    expect(text(afterHtml, "final-price")).toBe(eur(panel.price));
    expect(plain(afterHtml)).not.toContain(eur(groupPanel()));

    const walkIn = await signInAs(overHttp(), people.walkIn);
    const theirs = await (await walkIn.get(path)).text();
    expect(text(theirs, "final-price")).toBe(eur(panel.price));
    expect(testId(theirs, "catalogue-price")).toBeNull();
  });

  it("search shows the group customer's card price, a visitor's card the catalogue price", async () => {
    const path = `/pretraga?search=${encodeURIComponent(fixed.name)}`;
    const contractor = await signInAs(overHttp(), people.contractor);
    const html = plain(await (await contractor.get(path)).text());
    const anonymous = plain(await (await fetch(server.base + path)).text());
    expect(anonymous).toContain(eur(fixed.price));
    expect(anonymous).not.toContain('data-testid="card-catalogue-price"');
    expect(html).toContain(eur(3990));
    expect(html).toContain('data-testid="card-catalogue-price"');
  });

  it("the wishlist on the customer's page shows the group price, another customer's the catalogue price", async () => {
    await db.insert(wishlistEntries).values([
      { userId: people.contractor, productId: fixed.id },
      { userId: people.walkIn, productId: fixed.id },
    ]);
    const contractor = plain(await (await (await signInAs(overHttp(), people.contractor)).get("/profil")).text());
    const walkIn = plain(await (await (await signInAs(overHttp(), people.walkIn)).get("/profil")).text());
    expect(contractor).toContain(eur(3990));
    expect(contractor).toContain('data-testid="card-catalogue-price"');
    expect(walkIn).toContain(eur(fixed.price));
    expect(walkIn).not.toContain('data-testid="card-catalogue-price"');
  });

  async function orderAs(visitor: Visitor, email: string) {
    await addToCart(visitor, panel.id, 2);
    await addToCart(visitor, fixed.id, 1);
    const cartHtml = plain(await (await visitor.get("/kosarica")).text());
    const ids = await methodIds({ db: async () => db } as unknown as Shop);
    const cartId = Number(visitor.cookies.get("cartId"));
    const address = {
      firstName: "Ana",
      lastName: "Horvat",
      contactEmail: email,
      contactPhone: "091",
      countryIso: "HR",
      countryName: "Hrvatska",
      city: "Zagreb",
      street: "Ilica",
      houseNumber: "1",
      zipCode: "10000",
      companyName: "",
      companyOib: "",
    };
    await db
      .update(carts)
      .set({ deliveryAddress: address, billingAddress: address, deliveryMethodId: Number(ids.courier) })
      .where(eq(carts.id, cartId));
    const placed = await visitor.post(
      CHECKOUT,
      { intent: "payment", methodId: ids.cod, acceptedConsents: await checkoutConsentId(db) },
      { tokenFrom: "/kosarica" },
    );
    expect(placed.status).toBe(302);
    const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    return { cartHtml, order, unit: (productId: number) => items.find((i) => i.productId === productId)!.unitCents };
  }

  it("the group customer's cart and placed order are priced by the group; another customer's by the catalogue", async () => {
    const contractor = await signInAs(overHttp(), people.contractor);
    const theirs = await orderAs(contractor, "izvodjac@grupe-test.hr");
    expect(theirs.cartHtml).toContain(eur(groupPanel()));
    expect(theirs.cartHtml).toContain('data-testid="cart-line-group-price">Cijena za vašu grupu kupaca');
    expect(theirs.unit(panel.id)).toBe(groupPanel());
    expect(theirs.unit(fixed.id)).toBe(3990);
    expect(theirs.order.itemsTotalCents).toBe(groupPanel() * 2 + 3990);

    const walkIn = await signInAs(overHttp(), people.walkIn);
    const other = await orderAs(walkIn, "kupac@grupe-test.hr");
    expect(other.cartHtml).not.toContain('data-testid="cart-line-group-price"');
    expect(other.unit(panel.id)).toBe(panel.price);
    expect(other.unit(fixed.id)).toBe(fixed.price);
    expect(other.order.itemsTotalCents).toBe(panel.price * 2 + fixed.price);
  });
});
