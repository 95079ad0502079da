// Both databases: the batch (jsonb) and the row locks of a confirmed change and of its undo.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, options, priceChangeBatches, products } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";
import { decodeEntities, textOf, toastOf } from "../setup/account-helpers";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * Bulk price changes of the product list (docs/decisions/0103): a preview that changes
 * nothing, a confirmation that writes exactly the previewed prices rounded to the shop's
 * ending, a stale preview refused, and the undo that restores what nobody changed since.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
const PATH = "/admin/products/prices";

type Prices = [retail: number, sale: number, membership: number | null];
let simple: number; // 12,49 EUR, no discount
let discounted: number; // 20,00 → 15,00 EUR, members 14,00
let parent: number; // a configurable product
let variants: number[]; // its two variants: 10,00 and 9,99 → 8,99

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  const simples = await db
    .select({ id: products.id })
    .from(products)
    .where(and(isNull(products.parentId), eq(products.format, "simple"), eq(products.archived, false)))
    .orderBy(asc(products.id))
    .limit(2);
  [simple, discounted] = simples.map((p) => p.id);
  const [configurable] = await db.select({ id: products.id }).from(products).where(eq(products.format, "configurable")).limit(1);
  parent = configurable.id;
  variants = (await db.select({ id: products.id }).from(products).where(eq(products.parentId, parent)).orderBy(asc(products.id)))
    .slice(0, 2)
    .map((v) => v.id);
  expect(variants).toHaveLength(2);
}, 60_000);
afterAll(() => shop?.close());

async function setPrices(id: number, [retail, sale, membership]: Prices) {
  await db
    .update(products)
    .set({ retailPriceCents: retail, priceCents: sale, membershipPriceCents: membership })
    .where(eq(products.id, id));
}
async function pricesOf(id: number): Promise<Prices> {
  const [p] = await db.select().from(products).where(eq(products.id, id));
  return [p.retailPriceCents, p.priceCents, p.membershipPriceCents];
}
async function ending(value: string | null) {
  await db.delete(options).where(and(eq(options.siteId, 1), eq(options.key, "PriceEnding")));
  if (value) await db.insert(options).values({ siteId: 1, key: "PriceEnding", value });
}

beforeEach(async () => {
  await setPrices(simple, [1249, 1249, null]);
  await setPrices(discounted, [2000, 1500, 1400]);
  await db
    .update(products)
    .set({ isVisibleIndividually: true })
    .where(inArray(products.id, [simple, discounted, parent]));
  await db.update(products).set({ membershipPriceCents: null }).where(eq(products.parentId, parent));
  await setPrices(variants[0], [1000, 1000, null]);
  await setPrices(variants[1], [999, 899, null]);
  await ending("ending99");
});

const all = () => [simple, discounted, parent].map(String);
const change = (fields: Record<string, string | string[]>) => ({ mode: "percent", value: "10", target: "all", ids: all(), ...fields });

async function preview(fields: Record<string, string | string[]> = {}) {
  const response = await admin.post(PATH, { intent: "preview", ...change(fields) }, { tokenFrom: "/admin/products" });
  const html = decodeEntities(await response.text());
  const fingerprint = /name="fingerprint" value="([^"]+)"/.exec(html)?.[1] ?? "";
  return { status: response.status, html, fingerprint, table: tableOf(html) };
}

async function post(fields: Record<string, string | string[]>) {
  const response = await admin.post(PATH, fields, { tokenFrom: PATH });
  if (response.status !== 303) return { status: response.status, html: decodeEntities(await response.text()), toast: null };
  expect(response.headers.get("Location")).toBe(PATH);
  const html = await (await admin.get(PATH)).text();
  return { status: 303, html: decodeEntities(html), toast: toastOf(html) };
}
const confirm = (fingerprint: string, fields: Record<string, string | string[]> = {}) =>
  post({ intent: "confirm", ...change(fields), fingerprint });

const batches = () => db.select().from(priceChangeBatches).orderBy(asc(priceChangeBatches.id));
const euros = (text: string) => text.replace(/\u00a0/g, " ");
/** The preview table's text, "12,49 EUR → 13,99 EUR" as a reader sees it. */
const tableOf = (html: string) => euros(textOf(html, '[data-testid="price-preview-table"]') ?? "");

describe("preview", () => {
  it("shows old → new for regular, sale and membership prices, variants too, rounded to ,99; nothing changes", async () => {
    const versions = await db.select({ id: products.id, version: products.version }).from(products).orderBy(asc(products.id));
    const batchesBefore = (await batches()).length;
    const auditBefore = (await db.select({ id: auditLog.id }).from(auditLog)).length;
    const { status, html, fingerprint, table } = await preview();
    expect(status).toBe(200);
    expect(fingerprint).not.toBe("");
    // 12,49 + 10 % = 13,739 → 13,74 → nearest ,99: 13,99.
    expect(table).toContain("12,49 EUR → 13,99 EUR");
    // 20,00 → 22,00 → 21,99; 15,00 → 16,50 → 16,99; 14,00 → 15,40 → 14,99.
    expect(table).toContain("20,00 EUR → 21,99 EUR");
    expect(table).toContain("15,00 EUR → 16,99 EUR");
    expect(table).toContain("14,00 EUR → 14,99 EUR");
    // Variants: 10,00 → 11,00 → 10,99; 9,99 → 10,99; 8,99 → 9,89 → 9,99.
    expect(table).toContain("10,00 EUR → 10,99 EUR");
    expect(table).toContain("9,99 EUR → 10,99 EUR");
    expect(table).toContain("8,99 EUR → 9,99 EUR");
    expect([...html.matchAll(/data-testid="price-preview-variant"/g)].length).toBeGreaterThanOrEqual(2);
    expect(html).toContain("Potvrdi (3)");

    expect(await pricesOf(simple)).toEqual([1249, 1249, null]);
    expect(await pricesOf(variants[1])).toEqual([999, 899, null]);
    expect(await db.select({ id: products.id, version: products.version }).from(products).orderBy(asc(products.id))).toEqual(versions);
    expect(await batches()).toHaveLength(batchesBefore);
    expect((await db.select({ id: auditLog.id }).from(auditLog)).length).toBe(auditBefore);
  });

  it("applies the other endings and amounts, and the sale price alone", async () => {
    await ending("ending90");
    expect((await preview({ ids: [String(simple)] })).table).toContain("12,49 EUR → 13,90 EUR");
    await ending("whole");
    expect((await preview({ ids: [String(simple)] })).table).toContain("12,49 EUR → 14,00 EUR");
    await ending("tenCents");
    expect((await preview({ ids: [String(simple)] })).table).toContain("12,49 EUR → 13,70 EUR");
    await ending(null);
    expect((await preview({ ids: [String(simple)] })).table).toContain("12,49 EUR → 13,74 EUR");
    // −1,50 EUR: 12,49 → 10,99.
    expect((await preview({ ids: [String(simple)], mode: "amount", value: "-1,50" })).table).toContain("12,49 EUR → 10,99 EUR");
    // The sale price alone, −20 %: 15,00 → 12,00; the regular price stays 20,00.
    const sale = (await preview({ ids: [String(discounted)], value: "-20", target: "sale" })).table;
    expect(sale).toContain("15,00 EUR → 12,00 EUR");
    expect(sale).not.toContain("20,00 EUR →");
  });

  it("leaves out a product whose price would fall under 0,01 or that is visible at 0,00, and refuses an impossible change", async () => {
    const low = await preview({ ids: [String(simple)], mode: "amount", value: "-20" });
    expect(low.html).toContain("izostavljen: cijena bi pala ispod 0,01 EUR");
    expect(low.html).toContain("Nijedna cijena se ne bi promijenila.");
    expect(low.html).not.toContain('value="confirm"');
    // The existing rule of the editor (checkPrices): a product shoppers can see is never at 0,00.
    await setPrices(simple, [0, 0, null]);
    const free = await preview({ ids: [String(simple), String(discounted)] });
    expect(free.html).toContain("izostavljen: proizvod koji kupci vide mora imati cijenu veću od 0,00 EUR");
    expect(free.html).toContain("Potvrdi (1)");
    const refused = await preview({ value: "-95" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Postotak mora biti između −90 i +500");
  });
});

describe("confirm", () => {
  it("writes the previewed prices as one batch with an audit row per product, versions moved on", async () => {
    const before = (await batches()).length;
    const [{ version }] = await db.select({ version: products.version }).from(products).where(eq(products.id, simple));
    const { fingerprint } = await preview();
    const done = await confirm(fingerprint);
    expect(done.status).toBe(303);
    expect(done.toast?.text).toBe("Promijenjeno proizvoda: 3, bez promjene: 0.");
    expect(await pricesOf(simple)).toEqual([1399, 1399, null]);
    expect(await pricesOf(discounted)).toEqual([2199, 1699, 1499]);
    expect(await pricesOf(variants[0])).toEqual([1099, 1099, null]);
    expect(await pricesOf(variants[1])).toEqual([1099, 999, null]);
    const [{ version: after }] = await db.select({ version: products.version }).from(products).where(eq(products.id, simple));
    expect(after).toBe(version + 1);
    const all = await batches();
    expect(all).toHaveLength(before + 1);
    const batch = all.at(-1)!;
    expect(batch).toMatchObject({ productCount: 3, actorEmail: "admin@alu-krov.hr", undoneAt: null });
    const audit = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "product"), eq(auditLog.action, "changePrice"), inArray(auditLog.entityId, [simple, discounted, parent])),
      );
    const ofBatch = audit.filter((row) => row.after?.batchId === batch.id);
    expect(ofBatch).toHaveLength(3);
    expect(ofBatch.find((row) => row.entityId === simple)).toMatchObject({
      before: { prices: [{ retailPriceCents: 1249, priceCents: 1249 }] },
      after: { prices: [{ retailPriceCents: 1399, priceCents: 1399 }] },
    });
    // The batch is listed with its undo button.
    expect(done.html).toContain('data-testid="price-batch"');
    expect(done.html).toContain(`name="batch" value="${batch.id}"`);
  });

  it("refuses a stale preview: prices changed in between → 409, nothing written, the new preview shown", async () => {
    const before = (await batches()).length;
    const { fingerprint } = await preview();
    // Someone else saves a price of one of them meanwhile.
    await setPrices(simple, [1300, 1300, null]);
    const stale = await confirm(fingerprint);
    expect(stale.status).toBe(409);
    expect(stale.html).toContain("Cijene su se promijenile nakon pregleda, pa ništa nije spremljeno.");
    expect(tableOf(stale.html)).toContain("13,00 EUR → 13,99 EUR"); // 14,30 → 13,99
    expect(await pricesOf(simple)).toEqual([1300, 1300, null]);
    expect(await pricesOf(discounted)).toEqual([2000, 1500, 1400]);
    expect(await batches()).toHaveLength(before);
    // A changed ending is a different plan too.
    const again = await preview();
    await ending("ending90");
    expect((await confirm(again.fingerprint)).status).toBe(409);
    // And a different change than the one previewed.
    await ending("ending99");
    const third = await preview();
    expect((await confirm(third.fingerprint, { value: "11" })).status).toBe(409);
    expect(await pricesOf(discounted)).toEqual([2000, 1500, 1400]);
  });
});

describe("undo", () => {
  it("restores the old prices where they are still the batch's, skips and names a product edited since, once", async () => {
    const { fingerprint } = await preview();
    expect((await confirm(fingerprint)).status).toBe(303);
    const batch = (await batches()).at(-1)!;
    // The discounted product is edited after the change.
    await setPrices(discounted, [2199, 1599, 1499]);
    const [{ sku }] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, discounted));
    const undone = await post({ intent: "undo", batch: String(batch.id) });
    expect(undone.status).toBe(303);
    expect(undone.toast?.type).toBe("warning");
    expect(undone.toast?.text).toBe(
      `Promjena je poništena za proizvoda: 2. Preskočeni jer su im cijene u međuvremenu promijenjene: ${sku}.`,
    );
    expect(await pricesOf(simple)).toEqual([1249, 1249, null]);
    expect(await pricesOf(variants[0])).toEqual([1000, 1000, null]);
    expect(await pricesOf(variants[1])).toEqual([999, 899, null]);
    expect(await pricesOf(discounted)).toEqual([2199, 1599, 1499]);
    const [row] = await db.select().from(priceChangeBatches).where(eq(priceChangeBatches.id, batch.id));
    expect(row.undoneAt).not.toBeNull();
    expect(row.undoResult).toEqual({ restored: 2, skipped: [sku] });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.action, "undoPriceChange")));
    expect(audit.filter((a) => a.after?.batchId === batch.id).map((a) => a.entityId)).toEqual([simple, parent].sort((a, b) => a - b));
    expect(undone.html).toContain('data-testid="price-batch-undone"');

    const twice = await post({ intent: "undo", batch: String(batch.id) });
    expect(twice.status).toBe(409);
    expect(twice.html).toContain("Ta promjena cijena je već poništena.");
    expect(await pricesOf(simple)).toEqual([1249, 1249, null]);
  });

  it("restores everything when nothing was edited since", async () => {
    const { fingerprint } = await preview({ mode: "amount", value: "2" });
    expect((await confirm(fingerprint, { mode: "amount", value: "2" })).status).toBe(303);
    expect(await pricesOf(simple)).toEqual([1499, 1499, null]); // 14,49 → 14,99
    const batch = (await batches()).at(-1)!;
    const undone = await post({ intent: "undo", batch: String(batch.id) });
    expect(undone.toast).toEqual({ type: "success", text: "Promjena je poništena: vraćene cijene za proizvoda: 3." });
    expect(await pricesOf(simple)).toEqual([1249, 1249, null]);
    expect(await pricesOf(discounted)).toEqual([2000, 1500, 1400]);
  });
});

describe("access", () => {
  it("is open to the editor scope and closed to sales, who change nothing", async () => {
    const editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
    expect((await editor.get(PATH)).status).toBe(200);
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    expect((await sales.get(PATH)).status).toBe(403);
    const { fingerprint } = await preview();
    const refused = await sales.post(PATH, { intent: "confirm", ...change({}), fingerprint }, { tokenFrom: "/" });
    expect(refused.status).toBe(403);
    expect(await pricesOf(simple)).toEqual([1249, 1249, null]);
  });

  it("the product list offers the preview, not a direct change", async () => {
    const { html } = await admin.page("/admin/products");
    expect(html).toMatch(/formaction="\/admin\/products\/prices"/i);
    expect(html).toContain("Zaokruživanje: završetak ,99 (postavka trgovine)");
    const direct = await admin.post(
      "/admin/products",
      { intent: "changePrice", percent: "10", ids: [String(simple)] },
      { tokenFrom: "/admin/products" },
    );
    expect(direct.status).toBe(303);
    expect(await pricesOf(simple)).toEqual([1249, 1249, null]);
  });
});
