// Both databases: the stock is compared on a row locked against the checkout's own stock step, and a refused import rolls back whole.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, carts, products } from "~/.server/db/schema";
import { takeStock } from "~/modules/order/order-stock.server";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { createStaff, signInAsStaff } from "../setup/staff";
import { bootShop, type Shop } from "../setup/shop";
import { cartRow, shopper } from "./cart-helpers";
import { addToCart, CHECKOUT, checkoutConsentId, methodIds, newCustomer, signInAs } from "./checkout-helpers";

/**
 * Decision 0092: a checkout takes stock without moving the product's version, so an editor
 * opened before a sale still shows the stock before it. Its forms carry that stock as
 * loaded: a save that leaves the stock field alone never writes stock (the sale stays
 * counted), and a changed stock from a stale form is refused with the current stock,
 * nothing saved, the typed value kept. Posted as a browser without JavaScript would: the
 * page's own form, serialised as the browser does, then posted.
 */
let shop: Shop;
let db: Database;
let editor: Visitor;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
}, 60_000);
afterAll(() => shop?.close());

const product = async (id: number) => (await db.select().from(products).where(eq(products.id, id)))[0];
const TOKENS = new Set(["csrf", "website", "from__confirm"]);

/** The fields a browser would post from the form `selector` of the page's HTML, as it stands (files and tokens left out). */
function formOf(html: string, selector: string): Record<string, string[]> {
  const { window } = new JSDOM(html);
  const form = window.document.querySelector<HTMLFormElement>(selector);
  if (!form) throw new Error(`No form ${selector}`);
  const fields: Record<string, string[]> = {};
  for (const [name, value] of new window.FormData(form))
    if (typeof value === "string" && !TOKENS.has(name)) (fields[name] ??= []).push(value);
  return fields;
}

/** The value of the input `name` inside the form `selector`. */
const valueIn = (html: string, selector: string, name: string) =>
  new JSDOM(html).window.document.querySelector<HTMLInputElement>(`${selector} [name="${name}"]`)?.value;

/** The first two checkout steps as their forms would have saved them. */
const ADDRESS = {
  firstName: "Ana",
  lastName: "Horvat",
  contactEmail: "ana@example.com",
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

/** A real checkout of `quantity` units by a new customer (cash on delivery): the stock is taken by the order transaction. */
async function sell(productId: number, quantity: number, email: string) {
  const visitor = await shopper(shop);
  await signInAs(visitor, await newCustomer(db, email));
  await addToCart(visitor, productId, quantity);
  const ids = await methodIds(shop);
  await db
    .update(carts)
    .set({ deliveryAddress: ADDRESS, billingAddress: ADDRESS, deliveryMethodId: Number(ids.courier) })
    .where(eq(carts.id, (await cartRow(db, visitor)).id));
  const response = await visitor.post(
    CHECKOUT,
    { intent: "payment", methodId: ids.cod, acceptedConsents: String(await checkoutConsentId(db)) },
    { tokenFrom: "/kosarica" },
  );
  expect(response.status, (await response.text()).slice(0, 300)).toBe(302);
}

describe("the product editor opened before a sale", () => {
  // Two editor loads, a checkout and two saves: past 30 s on a busy two-core machine.
  it(
    "keeps the sale on a price-only save, and refuses a changed stock with the current stock, saving nothing",
    { timeout: 90_000 },
    async () => {
      const id = await catalogue(shop).idOf("AK-PNL-SND-40");
      await db.update(products).set({ stock: 8 }).where(eq(products.id, id));
      const page = `/admin/products/${id}`;

      // The editor is opened: its form carries the stock as loaded.
      const opened = (await editor.page(page)).html;
      expect(valueIn(opened, '[data-testid="product-form"]', "stockLoaded")).toBe("8");
      const stale = formOf(opened, '[data-testid="product-form"]');
      expect(stale.stock).toEqual(["8"]);
      const before = await product(id);

      // A shopper buys 5 units; the product's version does not move.
      await sell(id, 5, "stock-race-1@example.com");
      expect(await product(id)).toMatchObject({ stock: 3, version: before.version });

      // The stale form with a changed stock: refused (409) with the current stock, nothing saved.
      const changed = await submit(editor, page, { ...stale, stock: "12", price: "1,00" });
      expect(changed.status).toBe(409);
      expect(changed.html).toContain(
        "Zaliha se promijenila otkad je obrazac otvoren (npr. prodajom): sada je 3. Upisana zaliha 12 nije spremljena, ni ništa drugo iz obrasca.",
      );
      // The typed stock is kept; the form now carries the current stock as loaded.
      expect(valueIn(changed.html, '[data-testid="product-form"]', "stock")).toBe("12");
      expect(valueIn(changed.html, '[data-testid="product-form"]', "stockLoaded")).toBe("3");
      expect(await product(id)).toMatchObject({ stock: 3, priceCents: before.priceCents, version: before.version });

      // The stale form with only its price changed: saved, and the sale stays counted (3, not 8).
      const priceOnly = await submit(editor, page, { ...stale, price: "1,00" });
      expect(priceOnly.status, priceOnly.html.slice(0, 300)).toBe(302);
      expect(await product(id)).toMatchObject({ stock: 3, priceCents: 100, version: before.version + 1 });
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, id), eq(auditLog.action, "save")));
      expect(audit.before).toMatchObject({ stock: 3 });
      expect(audit.after).toMatchObject({ stock: 3 });

      // Saved again from the refused page (what it now shows): the typed stock is written.
      const fresh = formOf((await editor.page(page)).html, '[data-testid="product-form"]');
      await sell(id, 1, "stock-race-2@example.com");
      const retyped = await submit(editor, page, { ...fresh, stock: "12" });
      expect(retyped.status).toBe(409);
      expect(retyped.html).toContain("sada je 2.");
      const again = await submit(editor, page, { ...formOf(retyped.html, '[data-testid="product-form"]'), stock: "12" });
      expect(again.status, again.html.slice(0, 300)).toBe(302);
      expect((await product(id)).stock).toBe(12);
    },
  );

  it("holds for a variant's row on its parent's page", async () => {
    const [variant] = await db
      .select()
      .from(products)
      .where(and(isNotNull(products.parentId), isNotNull(products.stock), eq(products.archived, false)))
      .orderBy(asc(products.id))
      .limit(1);
    await db.update(products).set({ stock: 6 }).where(eq(products.id, variant.id));
    const page = `/admin/products/${variant.parentId}`;
    const row = `[data-testid="variant-row"][data-sku="${variant.sku}"] form`;
    const stale = formOf((await editor.page(page)).html, row);
    expect(stale).toMatchObject({ intent: ["variant"], variantId: [String(variant.id)], stock: ["6"], stockLoaded: ["6"] });

    // Two units leave through the checkout's own stock step.
    await (await shop.db()).transaction((tx) => takeStock(tx, [{ productId: variant.id, quantity: 2, itemId: "line" }], () => "line"));
    expect((await product(variant.id)).stock).toBe(4);

    const changed = await submit(editor, page, { ...stale, stock: "9" });
    expect(changed.status).toBe(409);
    expect(decodeEntities(changed.html)).toContain("sada je 4. Upisana zaliha 9 nije spremljena");
    expect(valueIn(changed.html, row, "stock")).toBe("9");
    expect(await product(variant.id)).toMatchObject({ stock: 4, sku: variant.sku, version: variant.version });

    const priceOnly = await submit(editor, page, { ...stale, price: "1,00", retailPrice: "1,00" });
    expect(priceOnly.status, priceOnly.html.slice(0, 300)).toBe(302);
    expect(await product(variant.id)).toMatchObject({ stock: 4, priceCents: 100 });
  });
});

describe("a product import checked before a sale", () => {
  async function upload(fields: { file: string } | { token: string }) {
    const tokens = await editor.formTokens("/admin/products/import");
    const body = new FormData();
    for (const [name, value] of Object.entries(tokens)) body.set(name, value);
    if ("file" in fields) {
      body.set("intent", "dryRun");
      body.set("file", new File([fields.file], "zaliha.csv", { type: "text/csv" }));
    } else {
      body.set("intent", "apply");
      body.set("token", fields.token);
    }
    const response = await editor.request("/admin/products/import", { method: "POST", body, headers: { Origin: editor.origin } });
    return { status: response.status, html: decodeEntities(await response.text()) };
  }
  const tokenOf = (html: string) => /name="token" value="([0-9a-f]{64})"/.exec(html)![1];

  it("applies a line's price without undoing the sale, and refuses a line's stock the sale has moved", async () => {
    const [a, b] = await db
      .select()
      .from(products)
      .where(and(eq(products.format, "simple"), isNotNull(products.stock), eq(products.archived, false)))
      .orderBy(asc(products.id))
      .limit(2)
      .then((rows) => rows.filter((p) => p.parentId === null));
    await db.update(products).set({ stock: 8 }).where(eq(products.id, a.id));
    await db.update(products).set({ stock: 8 }).where(eq(products.id, b.id));

    // The file keeps A's stock as the dry run shows it and changes only its price.
    const priceOnly = await upload({ file: `sku;retail_price;sale_price;stock\n${a.sku};99,00;99,00;8\n` });
    expect(priceOnly.status).toBe(200);
    await db.transaction((tx) => takeStock(tx, [{ productId: a.id, quantity: 5, itemId: "line" }], () => "line"));
    expect((await upload({ token: tokenOf(priceOnly.html) })).status).toBe(303);
    expect(await product(a.id)).toMatchObject({ stock: 3, priceCents: 9900 });

    // The file changes B's stock (8 → 20), then a sale moves it to 6: the whole import is refused.
    const counted = await upload({ file: `sku;retail_price;sale_price;stock\n${a.sku};98,00;98,00;3\n${b.sku};97,00;97,00;20\n` });
    await db.transaction((tx) => takeStock(tx, [{ productId: b.id, quantity: 2, itemId: "line" }], () => "line"));
    const refused = await upload({ token: tokenOf(counted.html) });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(
      `Zaliha proizvoda ${b.sku} promijenila se nakon provjere datoteke (npr. prodajom): sada je 6, a u datoteci 20.`,
    );
    expect(await product(a.id)).toMatchObject({ stock: 3, priceCents: 9900 });
    expect(await product(b.id)).toMatchObject({ stock: 6, priceCents: b.priceCents, version: b.version });

    // Checked again, the dry run shows 6 → 20 and applying it writes 20.
    const again = await upload({ file: `sku;stock\n${b.sku};20\n` });
    expect((await upload({ token: tokenOf(again.html) })).status).toBe(303);
    expect((await product(b.id)).stock).toBe(20);
  });
});
