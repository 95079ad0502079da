// Both databases: documents issued inside the order's transactions, frozen by the database.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { issuedDocuments, options, orderItems, orders, stores } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import type { DocumentSnapshot } from "~/modules/documents/document-snapshot";
import { SITE_ID } from "~/modules/kernel/options";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { shopper } from "./cart-helpers";
import { ADDRESS, addToCart, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * Issued documents (decision 0104): the invoice issued once when the order is placed and
 * always drawn from its snapshot (a new street in the settings never reaches an old
 * invoice), the storno a cancellation issues, numbering, the lazy invoice of an order from
 * before, the delivery note and the HUB-3 slip, fiscal codes where the payment needs them,
 * and no Croatian VAT on a delivery outside the EU unless the setting says so.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consentId: string;
let buyers = 0;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
  consentId = await checkoutConsentId(db);
}, 60_000);
afterAll(() => shop?.close());

const row = async (slug: string) => (await db.select().from(orders).where(eq(orders.slug, slug)))[0];
const documentsOf = async (orderId: number) =>
  (await db.select().from(issuedDocuments).where(eq(issuedDocuments.orderId, orderId)).orderBy(asc(issuedDocuments.id))).map((d) => ({
    ...d,
    snapshot: d.snapshot as unknown as DocumentSnapshot,
  }));
const move = async (slug: string, fields: Record<string, string>) =>
  submit(admin, `/admin/orders/${slug}`, { version: String((await row(slug)).version), ...fields });

/** An order placed through the real checkout by a new customer, who stays signed in. */
async function checkoutOrder(method: string, address: Record<string, string> = ADDRESS) {
  const visitor = await shopper(shop);
  await signInAs(visitor, await newCustomer(db, `documents-${++buyers}-${Date.now()}@example.com`));
  await addToCart(visitor, panel, 2);
  expect((await step(visitor, { intent: "address", ...address })).status).toBe(302);
  expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(302);
  const placed = await step(visitor, { intent: "payment", methodId: method, acceptedConsents: consentId });
  expect(placed.status).toBe(302);
  const slug = new URL(placed.location!, "http://x").searchParams.get("orderSlug")!;
  return { order: await row(slug), visitor };
}

async function pdfOf(visitor: Visitor, path: string) {
  const response = await visitor.get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  const pdf = Buffer.from(await response.arrayBuffer());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  return { pdf, disposition: response.headers.get("Content-Disposition") };
}

/** The PDF's title, as pdfkit writes it: an object holding a literal string, UTF-16BE after a byte-order mark. */
function titleOf(pdf: Buffer): string {
  const text = pdf.toString("latin1");
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const literal = ref ? new RegExp(`\n${ref} 0 obj\n\\(([\\s\\S]*?)\\)\nendobj`).exec(text)?.[1] : undefined;
  if (literal === undefined) return "";
  const escapes: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", "(": "(", ")": ")", "\\": "\\" };
  const raw = literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => escapes[e] ?? String.fromCharCode(parseInt(e, 8)));
  const bytes = Buffer.from(raw, "latin1");
  return bytes[0] === 0xfe && bytes[1] === 0xff ? Buffer.from(bytes.subarray(2)).swap16().toString("utf16le") : raw;
}

const sellerOption = and(eq(options.siteId, SITE_ID), eq(options.key, "SellerDetails"));

describe("the invoice", () => {
  it("is issued when the order is placed and always drawn from its snapshot: a new street never reaches it", async () => {
    const { order, visitor } = await checkoutOrder(ids.bank);
    const [invoice, ...others] = await documentsOf(order.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", operatorId: null, operatorName: null });
    expect(invoice.number).toMatch(/^\d+\/WEB1\/1$/);
    expect(invoice.snapshot).toMatchObject({
      number: invoice.number,
      operator: null,
      sign: 1,
      seller: {
        name: "Alu Krov d.o.o.",
        street: "Industrijska ulica 12",
        oib: "94577403194",
        registerCourt: "Trgovački sud u Zagrebu",
        registerNumber: "081234567",
      },
      buyer: { address: { street: "Ilica", city: "Zagreb", contactEmail: "" } },
      order: { slug: order.slug, paymentGateway: "bankTransfer" },
      totals: { total: order.orderTotalCents, tax: order.taxCents },
      fiscal: null,
    });
    // VAT base and VAT per rate add up to the order's VAT and total.
    const vat = invoice.snapshot.vat;
    expect(vat.reduce((sum, v) => sum + v.vatCents, 0)).toBe(order.taxCents);
    expect(vat.reduce((sum, v) => sum + v.baseCents + v.vatCents, 0)).toBe(order.orderTotalCents);
    expect(vat[0]).toMatchObject({ rateBp: 2500 });

    const [saved] = await db.select().from(options).where(sellerOption);
    await db
      .update(options)
      .set({ value: { ...(saved.value as object), street: "Nova ulica 99" } })
      .where(sellerOption);
    try {
      const customerCopy = await pdfOf(visitor, `/profil/narudzbe/${order.slug}/racun`);
      expect(customerCopy.disposition).toBe(`attachment; filename="racun-${order.slug}.pdf"`);
      expect(titleOf(customerCopy.pdf)).toBe(`Račun ${invoice.number}`);
      expect(titleOf((await pdfOf(admin, `/admin/orders/${order.slug}/invoice`)).pdf)).toBe(`Račun ${invoice.number}`);
      const [after] = await documentsOf(order.id);
      expect(after.snapshot.seller.street).toBe("Industrijska ulica 12");
      expect(after.issuedAt).toEqual(invoice.issuedAt);
      // The next order's invoice names the new street.
      const next = await checkoutOrder(ids.bank);
      expect((await documentsOf(next.order.id))[0].snapshot.seller.street).toBe("Nova ulica 99");
    } finally {
      await db.update(options).set({ value: saved.value }).where(sellerOption);
    }
    // The database itself refuses to change or delete an issued document.
    await expect(
      db
        .update(issuedDocuments)
        .set({ snapshot: { changed: true } })
        .where(eq(issuedDocuments.id, invoice.id)),
    ).rejects.toThrow();
    await expect(db.delete(issuedDocuments).where(eq(issuedDocuments.id, invoice.id))).rejects.toThrow();
  });

  it("numbers invoices one after another, and an order from before issued documents gets its invoice on its first view, once", async () => {
    const first = await checkoutOrder(ids.bank);
    const second = await checkoutOrder(ids.bank);
    const sequence = async (orderId: number) => (await documentsOf(orderId))[0].sequence;
    expect(await sequence(second.order.id)).toBe((await sequence(first.order.id)) + 1);

    const customer = await signInAsCustomer(shop, new Visitor(shop));
    const legacy = await placeOrder(shop, DEMO_CUSTOMER.email);
    expect(await documentsOf(legacy.id)).toEqual([]);
    const page = decodeEntities(await (await customer.get(`/profil/narudzbe/${legacy.slug}`)).text());
    const issued = await documentsOf(legacy.id);
    expect(issued.map((d) => [d.kind, d.operatorName])).toEqual([["invoice", null]]);
    expect(issued[0].sequence).toBe((await sequence(second.order.id)) + 1);
    expect(page).toContain(`Račun ${issued[0].number} (PDF)`);
    await customer.get(`/profil/narudzbe/${legacy.slug}`);
    expect(await documentsOf(legacy.id)).toHaveLength(1);
  });

  it("is fiscalised when paid by card or cash: the snapshot keeps ZKI and JIR", async () => {
    const { order } = await checkoutOrder(ids.cod);
    const [invoice] = await documentsOf(order.id);
    expect(invoice.snapshot.fiscal?.zki).toMatch(/^[0-9a-f]{32}$/);
    expect(invoice.snapshot.fiscal?.jir).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("cancelling", () => {
  it("issues a storno in its own series that cancels the invoice; both pages mark the invoice cancelled and offer the storno", async () => {
    const { order, visitor } = await checkoutOrder(ids.bank);
    const [invoice] = await documentsOf(order.id);
    expect((await move(order.slug, { intent: "cancel", reason: "Kupac odustao" })).status).toBe(302);
    const [, storno] = await documentsOf(order.id);
    expect(storno).toMatchObject({ kind: "storno", operatorName: DEMO_ADMIN.email });
    expect(storno.number).toMatch(/^S-\d+\/WEB1\/1$/);
    expect(storno.snapshot).toMatchObject({
      sign: -1,
      operator: DEMO_ADMIN.email,
      reason: "Kupac odustao",
      refersTo: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
      totals: { total: order.orderTotalCents },
    });

    const adminPage = await admin.page(`/admin/orders/${order.slug}`);
    expect(adminPage.html).toContain('data-testid="admin-invoice-cancelled"');
    expect(adminPage.html).toContain(`href="/admin/orders/${order.slug}/storno"`);
    const customerHtml = await (await visitor.get(`/profil/narudzbe/${order.slug}`)).text();
    expect(customerHtml).toContain('data-testid="invoice-cancelled"');
    expect(customerHtml).toContain(`href="/profil/narudzbe/${order.slug}/storno"`);
    expect(decodeEntities(customerHtml)).toContain(`Storno ${storno.number} (PDF)`);

    const copy = await pdfOf(visitor, `/profil/narudzbe/${order.slug}/storno`);
    expect(copy.disposition).toBe(`attachment; filename="storno-${order.slug}.pdf"`);
    expect(titleOf(copy.pdf)).toBe(`Storno računa ${storno.number}`);
    expect(titleOf((await pdfOf(admin, `/admin/orders/${order.slug}/storno`)).pdf)).toBe(`Storno računa ${storno.number}`);
  });

  it("has no storno while the order is not cancelled", async () => {
    const { order, visitor } = await checkoutOrder(ids.bank);
    expect((await visitor.get(`/profil/narudzbe/${order.slug}/storno`)).status).toBe(404);
    expect((await admin.get(`/admin/orders/${order.slug}/storno`)).status).toBe(404);
    expect((await admin.page(`/admin/orders/${order.slug}`)).html).not.toContain("invoice-cancelled");
  });
});

describe("delivery note and payment slip", () => {
  it("issues the delivery note the first time it is printed, by the staff member, with lines and no prices; the same one after", async () => {
    const { order } = await checkoutOrder(ids.bank);
    const before = await admin.page(`/admin/orders/${order.slug}`);
    expect(decodeEntities(before.html)).toContain("Otpremnica (PDF)");
    const first = await pdfOf(admin, `/admin/orders/${order.slug}/delivery-note`);
    expect(first.disposition).toBe(`attachment; filename="otpremnica-${order.slug}.pdf"`);
    const note = (await documentsOf(order.id)).find((d) => d.kind === "deliveryNote")!;
    expect(note.number).toMatch(/^OTP-\d{4}-\d{6}$/);
    expect(note.operatorName).toBe(DEMO_ADMIN.email);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(note.snapshot.lines.map((l) => [l.sku, l.quantity])).toEqual(lines.map((l) => [l.sku, l.quantity]));
    expect(titleOf(first.pdf)).toBe(`Otpremnica ${note.number}`);
    await pdfOf(admin, `/admin/orders/${order.slug}/delivery-note`);
    expect((await documentsOf(order.id)).filter((d) => d.kind === "deliveryNote")).toHaveLength(1);
    expect(decodeEntities((await admin.page(`/admin/orders/${order.slug}`)).html)).toContain(`Otpremnica ${note.number} (PDF)`);
  });

  it("prints the HUB-3 payment slip of a bank-transfer order with its barcode; other ways of paying have none", async () => {
    const { order } = await checkoutOrder(ids.bank);
    expect((await admin.page(`/admin/orders/${order.slug}`)).html).toContain(`href="/admin/orders/${order.slug}/payment-slip"`);
    const slip = await pdfOf(admin, `/admin/orders/${order.slug}/payment-slip`);
    expect(slip.disposition).toBe(`attachment; filename="uplatnica-${order.slug}.pdf"`);
    expect(slip.pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
    const cod = await checkoutOrder(ids.cod);
    expect((await admin.page(`/admin/orders/${cod.order.slug}`)).html).not.toContain("payment-slip");
    expect((await admin.get(`/admin/orders/${cod.order.slug}/payment-slip`)).status).toBe(404);
  });

  it("are for the backoffice only", async () => {
    const { order, visitor } = await checkoutOrder(ids.bank);
    for (const path of ["delivery-note", "payment-slip", "storno", "invoice"]) {
      const response = await visitor.get(`/admin/orders/${order.slug}/${path}`);
      expect(response.status).not.toBe(200);
    }
  });
});

describe("VAT by delivery country", () => {
  const SERBIA = { ...ADDRESS, "delivery.country": "RS", "delivery.city": "Beograd", "delivery.zipCode": "11000" };
  const setVatOutsideEu = async (on: boolean) => {
    const [store] = await db.select().from(stores).where(eq(stores.siteId, SITE_ID));
    await db
      .update(stores)
      .set({ checkoutSettings: { ...store.checkoutSettings, vatOutsideEu: on } })
      .where(eq(stores.id, store.id));
  };

  it("charges no Croatian VAT on a delivery outside the EU: net prices, rate 0, the invoice says it is an export", async () => {
    const croatia = (await checkoutOrder(ids.bank)).order;
    const { order } = await checkoutOrder(ids.bank, SERBIA);
    expect(order.taxCents).toBe(0);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.every((l) => l.taxRateBp === 0)).toBe(true);
    // What a Croatian buyer pays less its VAT.
    expect(order.orderTotalCents).toBe(croatia.orderTotalCents - croatia.taxCents);
    const [invoice] = await documentsOf(order.id);
    expect(invoice.snapshot).toMatchObject({ vatExempt: true, totals: { tax: 0 } });
    expect(invoice.snapshot.vat.every((v) => v.vatCents === 0 && v.rateBp === 0)).toBe(true);
  });

  it("charges it all the same when the setting says so", async () => {
    const croatia = (await checkoutOrder(ids.bank)).order;
    await setVatOutsideEu(true);
    try {
      const { order } = await checkoutOrder(ids.bank, SERBIA);
      expect([order.taxCents, order.orderTotalCents]).toEqual([croatia.taxCents, croatia.orderTotalCents]);
      expect((await documentsOf(order.id))[0].snapshot.vatExempt).toBe(false);
    } finally {
      await setVatOutsideEu(false);
    }
  });

  it("an EU delivery pays Croatian VAT", async () => {
    const croatia = (await checkoutOrder(ids.bank)).order;
    const austria = { ...ADDRESS, "delivery.country": "AT", "delivery.city": "Wien", "delivery.zipCode": "1010" };
    const { order } = await checkoutOrder(ids.bank, austria);
    expect([order.taxCents, order.orderTotalCents]).toEqual([croatia.taxCents, croatia.orderTotalCents]);
  });
});
