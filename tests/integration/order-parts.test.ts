// Both databases: shipments and partial returns inside the order's move transaction.
import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import {
  auditLog,
  issuedDocuments,
  mailOutbox,
  orderItems,
  orderPayments,
  orderReturns,
  orderShipments,
  orders,
  products,
} from "~/.server/db/schema";
import type { DocumentSnapshot } from "~/modules/documents/document-snapshot";
import { orderFigures } from "~/modules/order/revenue.server";
import { loginAsAdmin } from "../setup/accounts";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { shopper } from "./cart-helpers";
import { ADDRESS, addToCart, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * An order shipped and returned in parts (decision 0108), as a browser without JavaScript
 * posts the order page's forms: two shipments, each with its own delivery note of only its
 * lines; the order "shipped" once nothing is left; a partial return's stock, credit note and
 * refund through the ledger, the revenue figures following; quantities above what a line
 * allows, and stale versions, refused with nothing changed.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let panel: number;
let shingle: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consentId: string;
let buyers = 0;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  shingle = await catalogue(shop).idOf("AK-PNL-SNG-8017");
  ids = await methodIds(shop);
  consentId = await checkoutConsentId(db);
}, 60_000);
afterAll(() => shop?.close());

const row = async (slug: string) => (await db.select().from(orders).where(eq(orders.slug, slug)))[0];
const page = (slug: string) => `/admin/orders/${slug}`;
const move = async (slug: string, fields: Record<string, string>) =>
  submit(admin, page(slug), { version: String((await row(slug)).version), ...fields });
const stockOf = async (id: number) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock!;
const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const documentsOf = async (orderId: number, kind: "deliveryNote" | "creditNote") =>
  (
    await db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.orderId, orderId), eq(issuedDocuments.kind, kind)))
      .orderBy(asc(issuedDocuments.part))
  ).map((d) => ({ ...d, snapshot: d.snapshot as unknown as DocumentSnapshot }));
const linesOf = async (orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
const lastAudit = async (orderId: number) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, orderId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

/** 5 panels and 4 shingles by bank transfer through the real checkout, paid in full; the customer stays signed in. */
async function paidOrder() {
  const visitor = await shopper(shop);
  await signInAs(visitor, await newCustomer(db, `order-parts-${++buyers}-${Date.now()}@example.com`));
  await addToCart(visitor, panel, 5);
  await addToCart(visitor, shingle, 4);
  expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
  expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(302);
  const placed = await step(visitor, { intent: "payment", methodId: ids.bank, acceptedConsents: consentId });
  expect(placed.status).toBe(302);
  const slug = new URL(placed.location!, "http://x").searchParams.get("orderSlug")!;
  const order = await row(slug);
  const today = new Date().toISOString().slice(0, 10);
  expect((await move(slug, { intent: "markPaid", paidOn: today, paidAmount: euros(order.orderTotalCents) })).status).toBe(302);
  const [panels, shingles] = await linesOf(order.id);
  expect([panels.sku, panels.quantity, shingles.sku, shingles.quantity]).toEqual(["AK-PNL-SND-40", 5, "AK-PNL-SNG-8017", 4]);
  return { order: await row(slug), panels, shingles, customer: visitor, today };
}

/** The form's quantity fields: one per line, as the page posts them. */
const quantities = (lines: { id: number; quantity: number }[]) =>
  Object.fromEntries(
    lines.flatMap((line, i) => [
      [`lines[${i}].id`, String(line.id)],
      [`lines[${i}].quantity`, String(line.quantity)],
    ]),
  );

describe("shipments", () => {
  it("ships in two parcels, each with its own delivery note of its lines; shipped once nothing is left; too many refused", async () => {
    const { order, panels, shingles, customer } = await paidOrder();
    const slug = order.slug;
    const form = (await admin.page(page(slug))).html;
    // The form starts with all each line still has to ship.
    expect(form).toContain('name="lines[0].quantity"');
    expect(form).toMatch(/name="lines\[0\]\.quantity"[^>]*max="5"[^>]*value="5"|value="5"[^>]*name="lines\[0\]\.quantity"/);

    const first = await move(slug, {
      intent: "ship",
      ...quantities([
        { id: panels.id, quantity: 2 },
        { id: shingles.id, quantity: 0 },
      ]),
      carrier: "GLS",
      trackingNumber: "GLS-1",
      trackingUrl: "",
    });
    expect(first.status).toBe(302);
    expect(first.toast?.text).toContain("Pošiljka 1 je evidentirana");
    expect(await row(slug)).toMatchObject({ status: "received", trackingNumber: "GLS-1", shippedAt: null });
    const [note1] = await documentsOf(order.id, "deliveryNote");
    expect(note1.part).toBe(1);
    expect(note1.number).toMatch(/^OTP-\d{4}-\d{6}$/);
    expect(note1.snapshot.lines.map((l) => [l.sku, l.quantity])).toEqual([["AK-PNL-SND-40", 2]]);
    const [mail1] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "orderShipped")));
    expect(mail1.text).toContain("Pošiljka 1: ");
    expect(mail1.text).toContain("× 2");
    expect(mail1.text).toContain("Ostatak narudžbe šaljemo naknadno");
    // The page and the customer's page say what went and what is still to come.
    expect(first.html).toContain('data-testid="order-parts"');
    expect(first.html).toContain(`Otpremnica ${note1.number} (PDF)`);

    // More than a line still has to ship: refused at the field, nothing changed.
    const version = (await row(slug)).version;
    const tooMany = await move(slug, {
      intent: "ship",
      ...quantities([
        { id: panels.id, quantity: 4 },
        { id: shingles.id, quantity: 1 },
      ]),
      carrier: "",
      trackingNumber: "",
      trackingUrl: "",
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.html).toContain("Za stavku „Krovni sendvič panel 40 mm PIR” može se poslati najviše 3.");
    expect(tooMany.html).toContain('value="4"');
    const nothing = await move(slug, {
      intent: "ship",
      ...quantities([
        { id: panels.id, quantity: 0 },
        { id: shingles.id, quantity: 0 },
      ]),
      carrier: "",
      trackingNumber: "",
      trackingUrl: "",
    });
    expect(nothing.status).toBe(400);
    expect(nothing.html).toContain("Upišite količinu barem jedne stavke koja se šalje.");
    const stale = await submit(admin, page(slug), {
      intent: "ship",
      version: String(version - 1),
      ...quantities([{ id: panels.id, quantity: 1 }]),
      carrier: "",
      trackingNumber: "",
      trackingUrl: "",
    });
    expect(stale.status).toBe(409);
    expect(await row(slug)).toMatchObject({ status: "received", version });
    expect(await db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id))).toHaveLength(1);

    const mine = decodeEntities((await customer.page(`/profil/narudzbe/${slug}`)).html);
    expect(mine).toContain('data-testid="order-parcels"');
    expect(mine).toContain("Još stiže");

    const second = await move(slug, {
      intent: "ship",
      ...quantities([
        { id: panels.id, quantity: 3 },
        { id: shingles.id, quantity: 4 },
      ]),
      carrier: "GLS",
      trackingNumber: "GLS-2",
      trackingUrl: "",
    });
    expect(second.status).toBe(302);
    expect(second.toast?.text).toContain("Narudžba je označena kao poslana");
    const shipped = await row(slug);
    expect(shipped.status).toBe("shipped");
    expect(shipped.shippedAt).not.toBeNull();
    const notes = await documentsOf(order.id, "deliveryNote");
    expect(notes.map((n) => [n.part, n.snapshot.lines.map((l) => [l.sku, l.quantity])])).toEqual([
      [1, [["AK-PNL-SND-40", 2]]],
      [
        2,
        [
          ["AK-PNL-SND-40", 3],
          ["AK-PNL-SNG-8017", 4],
        ],
      ],
    ]);
    expect(notes[1].number).not.toBe(notes[0].number);
    expect(await lastAudit(order.id)).toMatchObject({
      action: "ship",
      after: { status: "shipped", shipment: 2, deliveryNote: notes[1].number, stillToShip: 0 },
    });
    expect(((await lastAudit(order.id)).after as { lines: string }).lines).toContain("(AK-PNL-SNG-8017) × 4");

    const pdf = await admin.get(`${page(slug)}/delivery-note?shipment=2`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="otpremnica-${slug}-2.pdf"`);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    for (const bad of ["9", "abc", "0"]) expect((await admin.get(`${page(slug)}/delivery-note?shipment=${bad}`)).status, bad).toBe(404);
    // Nothing is left to ship: the form is gone.
    expect(second.html).not.toContain('data-testid="move-ship"');
  });
});

describe("partial returns", () => {
  it("gives back the stock of exactly the returned quantities, a credit note of their value and the refund in the ledger; the rest returns the order", async () => {
    const { order, panels, shingles, customer, today } = await paidOrder();
    const slug = order.slug;
    await move(slug, { intent: "ship", carrier: "", trackingNumber: "", trackingUrl: "" });
    expect((await move(slug, { intent: "deliver" })).status).toBe(302);
    const [panelStock, shingleStock] = [await stockOf(panel), await stockOf(shingle)];
    const dashboardBefore = paidToday((await admin.page("/admin")).html);
    const delivered = (await admin.page(page(slug))).html;
    expect(delivered).toContain('data-testid="move-returnPart"');
    expect(delivered).toContain('data-testid="move-return"');

    // 3 of the 5 panels come back.
    const returned = await move(slug, {
      intent: "returnPart",
      ...quantities([
        { id: panels.id, quantity: 3 },
        { id: shingles.id, quantity: 0 },
      ]),
      reason: "Višak materijala",
      refundOn: today,
      refundAmount: "",
    });
    expect(returned.status).toBe(302);
    expect(returned.toast?.text).toBe("Povrat dijela narudžbe je zaprimljen i izdano je odobrenje.");
    expect([await stockOf(panel), await stockOf(shingle)]).toEqual([panelStock + 3, shingleStock]);
    const value = Math.round((panels.rowCents * 3) / 5);
    const [credit] = await documentsOf(order.id, "creditNote");
    expect(credit.part).toBe(1);
    expect(credit.number).toMatch(/^\d{4}-\d{6}$/);
    expect(credit.snapshot).toMatchObject({ sign: -1, reason: "Višak materijala", totals: { total: value, delivery: 0 } });
    expect(credit.snapshot.lines.map((l) => [l.sku, l.quantity, l.rowCents])).toEqual([["AK-PNL-SND-40", 3, value]]);
    expect(credit.snapshot.refersTo?.number).toMatch(/\/WEB1\/1$/);
    expect(credit.snapshot.vat.reduce((sum, v) => sum + v.baseCents + v.vatCents, 0)).toBe(value);
    const refunds = await db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.kind, "refund")));
    expect(refunds.map((r) => [r.amountCents, r.day, r.note, r.staffEmail])).toEqual([[value, today, credit.number, "admin@alu-krov.hr"]]);
    const after = await row(slug);
    expect(after).toMatchObject({ status: "delivered", paymentStatus: "paid", refundedCents: value, version: order.version + 3 });
    // The figures: revenue is what was received less the refund, today's dashboard the same less it.
    expect(orderFigures(after)).toMatchObject({ sale: true, revenueCents: order.orderTotalCents - value });
    expect(paidToday((await admin.page("/admin")).html)).toBe(dashboardBefore - value);
    expect(await lastAudit(order.id)).toMatchObject({
      action: "returnPart",
      after: { returnPart: 1, creditNote: credit.number, creditNoteCents: value, refundedNowCents: value, stockReturned: { [panel]: 3 } },
    });
    // The whole-order return would give those 3 back twice: it is no longer offered, and refused.
    expect(returned.html).not.toContain('data-testid="move-return"');
    const whole = await move(slug, { intent: "return", reason: "" });
    expect(whole.status).toBe(409);
    expect(whole.html).toContain("ostatak zaprimite kao povrat dijela narudžbe");

    // More than was shipped and not yet returned: refused, nothing changed.
    const tooMany = await move(slug, {
      intent: "returnPart",
      ...quantities([
        { id: panels.id, quantity: 3 },
        { id: shingles.id, quantity: 0 },
      ]),
      reason: "Još",
      refundOn: today,
      refundAmount: "",
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.html).toContain("može se vratiti najviše 2 (poslano, a još nevraćeno).");
    const tooMuchMoney = await move(slug, {
      intent: "returnPart",
      ...quantities([{ id: shingles.id, quantity: 1 }]),
      reason: "Još",
      refundOn: today,
      refundAmount: euros(order.orderTotalCents),
    });
    expect(tooMuchMoney.status).toBe(400);
    expect(tooMuchMoney.html).toContain(`Može se vratiti najviše ${euros(order.orderTotalCents - value)} EUR`);
    expect(await row(slug)).toMatchObject({ version: after.version, refundedCents: value, status: "delivered" });
    expect([await stockOf(panel), await stockOf(shingle)]).toEqual([panelStock + 3, shingleStock]);
    expect(await db.select().from(orderReturns).where(eq(orderReturns.orderId, order.id))).toHaveLength(1);
    expect(await documentsOf(order.id, "creditNote")).toHaveLength(1);

    // The rest comes back without money now (0): the order is returned, its credit note the second.
    const rest = await move(slug, {
      intent: "returnPart",
      ...quantities([
        { id: panels.id, quantity: 2 },
        { id: shingles.id, quantity: 4 },
      ]),
      reason: "Kupac odustao od ostatka",
      refundOn: today,
      refundAmount: "0",
    });
    expect(rest.status).toBe(302);
    expect(await row(slug)).toMatchObject({ status: "returned", refundedCents: value, cancelReason: "Kupac odustao od ostatka" });
    expect([await stockOf(panel), await stockOf(shingle)]).toEqual([panelStock + 5, shingleStock + 4]);
    const credits = await documentsOf(order.id, "creditNote");
    expect(credits.map((c) => c.part)).toEqual([1, 2]);
    // The parts of the panels' line add up to the line to the cent.
    expect(credits[1].snapshot.lines[0].rowCents + value).toBe(panels.rowCents);

    for (const [visitor, path] of [
      [admin, `${page(slug)}/credit-note?part=2`],
      [customer, `/profil/narudzbe/${slug}/odobrenje?part=1`],
    ] as const) {
      const pdf = await visitor.get(path);
      expect(pdf.status, path).toBe(200);
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
    expect((await customer.page(`/profil/narudzbe/${slug}`)).html).toContain('data-testid="credit-note-link-2"');
    expect((await admin.get(`${page(slug)}/credit-note?part=3`)).status).toBe(404);
  });
});

/** Today's "received" figure on the dashboard, in cents. */
function paidToday(html: string): number {
  const section = html.slice(html.lastIndexOf("<section", html.indexOf('data-testid="period-today"')));
  const link = section.slice(section.lastIndexOf("<a ", section.indexOf('data-testid="figure-paid"')));
  const value = /data-testid="figure-value">([^<]*)</.exec(link)![1];
  return Math.round(Number(value.replace(/[^\d,]/g, "").replace(",", ".")) * 100);
}
