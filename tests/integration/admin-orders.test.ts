// Both databases: state moves with stock and version checks inside transactions.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, consentLogs, coupons, mailOutbox, options, orderPayments, orders, paymentEvents, products } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { recordMoney } from "~/modules/payment/ledger.server";
import { setTestProviderDown } from "~/modules/payment/test-provider/test-provider.server";
import { SITE_ID } from "~/modules/kernel/options";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { cartPost, shopper } from "./cart-helpers";
import { ADDRESS, addToCart, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * The backoffice order page and the order state machine (decision 0039): each move with
 * its rules, the mails, stock, coupon, refund and credit note it carries, refused moves and
 * stale versions (409, nothing changed), the audit trail, notes, the confirmation sent
 * again, the shop's new-order mail and the list's bulk "mark delivered". As a browser
 * without JavaScript posts the forms.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let customer: Visitor;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consentId: string;
let buyers = 0;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  customer = await signInAsCustomer(shop, new Visitor(shop));
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
  consentId = await checkoutConsentId(db);
}, 60_000);
afterAll(() => shop?.close());

const row = async (slug: string) => (await db.select().from(orders).where(eq(orders.slug, slug)))[0];
const page = (slug: string) => `/admin/orders/${slug}`;
const move = async (slug: string, fields: Record<string, string>) =>
  submit(admin, page(slug), { version: String((await row(slug)).version), ...fields });
const mailsOf = (orderId: number, kind: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind)));
const auditOf = (orderId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, orderId)))
    .orderBy(desc(auditLog.id));
const ledgerOf = (orderId: number) => db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(orderPayments.id);
/** Cents as the owner types and reads them: "1234,50". */
const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const stockOf = async (id: number) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

/** An order placed through the real checkout (stock taken, coupon counted, mails written). */
async function checkoutOrder({ quantity = 2, coupon, method }: { quantity?: number; coupon?: string; method: string }) {
  const visitor = await shopper(shop);
  await signInAs(visitor, await newCustomer(db, `admin-orders-${++buyers}-${Date.now()}@example.com`));
  await addToCart(visitor, panel, quantity);
  if (coupon) expect((await cartPost(visitor, { intent: "coupon", couponCode: coupon })).status).toBe(302);
  expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
  expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(302);
  const placed = await step(visitor, { intent: "payment", methodId: method, acceptedConsents: consentId });
  expect(placed.status).toBe(302);
  const slug = new URL(placed.location!, "http://x").searchParams.get("orderSlug")!;
  return row(slug);
}

describe("the order page", () => {
  it("shows lines, totals, customer with link, addresses, delivery, payment, consents, mails and only the allowed moves", async () => {
    const order = await checkoutOrder({ method: ids.bank });
    const { response, html } = await admin.page(page(order.slug));
    expect(response.status).toBe(200);
    const text = decodeEntities(html);
    for (const expected of [
      "Narudžba " + order.slug,
      "AK-PNL-SND-40",
      "Ilica 10",
      "10000 Zagreb",
      "Dostava na adresu",
      "Čeka plaćanje",
      "Potvrda narudžbe",
      "Nova narudžba (trgovini)",
      "Kupac je pri naručivanju",
    ])
      expect(text).toContain(expected);
    expect(html).toContain(`href="/admin/customers/${order.userId}"`);
    // The order names the consent log its checkout wrote: the consents given are that row's.
    expect(order.consentLogId).not.toBeNull();
    const [log] = await db.select().from(consentLogs).where(eq(consentLogs.id, order.consentLogId!));
    expect(log).toMatchObject({ sourceType: "checkoutForm", email: order.email, consents: [Number(consentId)] });
    expect(html).toContain('data-testid="order-consents"');
    expect(html).toContain('data-testid="move-markPaid"');
    expect(html).toContain('data-testid="move-cancel"');
    expect(html).not.toContain('data-testid="move-ship"');
    expect((await admin.get(`${page(order.slug)}/invoice`)).headers.get("Content-Type")).toBe("application/pdf");
    expect((await admin.get(`${page(order.slug)}/credit-note`)).status).toBe(404);
    expect((await admin.get(page("2026-999999x"))).status).toBe(404);
  });

  it("mails the shop (SendEmailTo) about a new order with number, customer, total, payment and the backoffice link; none without SendEmailTo", async () => {
    const order = await checkoutOrder({ method: ids.bank, quantity: 1 });
    const [mail] = await mailsOf(order.id, "newOrder");
    expect(mail.to).toBe("info@alu-krov.hr");
    expect(mail.replyTo).toBe(order.email);
    expect(mail.subject).toContain(order.slug);
    for (const expected of [order.email, "Ana Horvat", "Virman", `/admin/orders/${order.slug}`]) expect(mail.text).toContain(expected);
    await db.delete(options).where(and(eq(options.siteId, SITE_ID), eq(options.key, "SendEmailTo")));
    try {
      const quiet = await checkoutOrder({ method: ids.bank, quantity: 1 });
      expect(await mailsOf(quiet.id, "newOrder")).toEqual([]);
      expect(await mailsOf(quiet.id, "orderConfirmation")).toHaveLength(1);
    } finally {
      await db.insert(options).values({ siteId: SITE_ID, key: "SendEmailTo", value: "info@alu-krov.hr" });
    }
  });
});

describe("the moves", () => {
  it("bank transfer: a part received leaves the rest awaited, the rest makes it paid; shipped with tracking (mail + customer's page), delivered, returned with a credit note", async () => {
    const { slug, id } = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    const total = (await row(slug)).orderTotalCents;
    // 10,00 of the total arrived: recorded, still awaiting the rest, nothing ships, no "paid" mail.
    const part = await move(slug, { intent: "markPaid", paidOn: "2026-03-02", paidAmount: "10,00" });
    expect(part.status).toBe(302);
    expect(part.toast).toMatchObject({
      type: "warning",
      text: `Uplata je evidentirana; narudžba čeka ostatak od ${euros(total - 1000)} EUR.`,
    });
    let order = await row(slug);
    expect([order.paymentStatus, order.paidOn, order.paidAmountCents, order.paidAt, order.version]).toEqual([
      "pending",
      "2026-03-02",
      1000,
      null,
      1,
    ]);
    expect(part.html).toContain('data-testid="order-outstanding"');
    expect(part.html).toContain("Djelomično plaćeno");
    expect(await mailsOf(id, "orderPaid")).toEqual([]);
    expect((await move(slug, { intent: "ship", carrier: "", trackingNumber: "", trackingUrl: "" })).status).toBe(409);
    // The form offers what is still owed.
    expect(part.html).toContain(`value="${euros(total - 1000)}"`);
    expect((await auditOf(id))[0].after).toMatchObject({
      paymentStatus: "pending",
      paidAmountCents: 1000,
      paymentCents: 1000,
      warning: "paidAmountDiffers",
      expectedCents: total,
    });
    // A day after today is refused at the field, nothing recorded.
    const future = await move(slug, { intent: "markPaid", paidOn: "2999-01-01", paidAmount: "1,00" });
    expect(future.status).toBe(400);
    expect(future.html).toContain("Datum ne može biti u budućnosti.");
    expect((await row(slug)).paidAmountCents).toBe(1000);

    const rest = await move(slug, { intent: "markPaid", paidOn: "2026-03-03", paidAmount: euros(total - 1000) });
    expect(rest.toast).toMatchObject({ type: "success", text: "Uplata je evidentirana, narudžba je plaćena." });
    order = await row(slug);
    expect([order.paymentStatus, order.paidOn, order.paidAmountCents, order.version]).toEqual(["paid", "2026-03-03", total, 2]);
    expect(order.paidAt).not.toBeNull();
    expect(rest.html).not.toContain('data-testid="order-outstanding"');
    expect((await ledgerOf(id)).map((entry) => [entry.kind, entry.amountCents, entry.day, entry.channel, entry.staffEmail])).toEqual([
      ["payment", 1000, "2026-03-02", "bank", "admin@alu-krov.hr"],
      ["payment", total - 1000, "2026-03-03", "bank", "admin@alu-krov.hr"],
    ]);
    expect((await mailsOf(id, "orderPaid"))[0].subject).toBe(`Uplata za narudžbu ${slug} je zaprimljena`);

    const badLink = await move(slug, { intent: "ship", carrier: "GLS", trackingNumber: "123", trackingUrl: "http://track.example/123" });
    expect(badLink.status).toBe(400);
    expect(badLink.html).toContain("Poveznica za praćenje mora biti https adresa.");
    expect((await row(slug)).status).toBe("received");
    const shipped = await move(slug, {
      intent: "ship",
      carrier: "GLS",
      trackingNumber: "GLS-77881",
      trackingUrl: "https://gls-group.eu/track/GLS-77881",
    });
    expect(shipped.status).toBe(302);
    order = await row(slug);
    expect([order.status, order.carrier, order.trackingNumber]).toEqual(["shipped", "GLS", "GLS-77881"]);
    const [shippedMail] = await mailsOf(id, "orderShipped");
    expect(shippedMail.text).toContain("GLS-77881");
    expect(shippedMail.text).toContain("https://gls-group.eu/track/GLS-77881");
    const mine = decodeEntities((await customer.page(`/profil/narudzbe/${slug}`)).html);
    expect(mine).toContain('data-testid="tracking-number">GLS-77881');
    expect(mine).toContain('href="https://gls-group.eu/track/GLS-77881"');

    expect((await move(slug, { intent: "deliver" })).status).toBe(302);
    expect((await row(slug)).status).toBe("delivered");
    const returned = await move(slug, { intent: "return", reason: "Oštećeno u transportu" });
    expect(returned.status).toBe(302);
    order = await row(slug);
    expect(order.status).toBe("returned");
    expect(order.creditNoteSlug).toMatch(/^\d{4}-\d{6}$/);
    // Paid by bank: the money goes back by bank, the screen says how much (decision 0100).
    expect(order.paymentStatus).toBe("paid");
    expect(decodeEntities((await admin.page(page(slug))).html)).toContain(
      `Kupcu treba vratiti ${euros(total)}\u00a0EUR bankovnom uplatom; evidentirajte povrat novca kad ga pošaljete.`,
    );
    expect((await mailsOf(id, "orderReturned"))[0].text).toContain(order.creditNoteSlug!);
    for (const path of [`${page(slug)}/credit-note`, `/profil/narudzbe/${slug}/odobrenje`]) {
      const pdf = await (path.startsWith("/admin") ? admin : customer).get(path);
      expect(pdf.status, path).toBe(200);
      expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="odobrenje-${order.creditNoteSlug}.pdf"`);
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
    expect((await customer.page(`/profil/narudzbe/${slug}`)).html).toContain('data-testid="credit-note-link"');
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["return", "deliver", "ship", "markPaid", "markPaid"]);
  });

  it("records the refund of a returned bank order in parts: never more than was received, the status follows, the owner's figures too", async () => {
    const { slug, id } = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    const total = (await row(slug)).orderTotalCents;
    await move(slug, { intent: "markPaid", paidOn: "2026-03-02", paidAmount: euros(total) });
    await move(slug, { intent: "ship", carrier: "", trackingNumber: "", trackingUrl: "" });
    await move(slug, { intent: "deliver" });
    await move(slug, { intent: "return", reason: "Kriva mjera" });

    const tooMuch = await move(slug, { intent: "refund", refundOn: "2026-03-05", refundAmount: euros(total + 1), refundNote: "" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.html).toContain(`Može se vratiti najviše ${euros(total)} EUR (primljeno, a još nevraćeno).`);
    expect((await row(slug)).refundedCents).toBe(0);

    const first = await move(slug, { intent: "refund", refundOn: "2026-03-05", refundAmount: "20,00", refundNote: "Izvod 41" });
    expect(first.toast?.text).toBe("Povrat novca je evidentiran.");
    expect(await row(slug)).toMatchObject({ status: "returned", paymentStatus: "paid", refundedCents: 2000 });
    expect(first.html).toContain(`Kupcu treba vratiti ${euros(total - 2000)}`);
    expect(first.html).toContain('data-testid="order-total-refunded"');

    const rest = await move(slug, { intent: "refund", refundOn: "2026-03-06", refundAmount: euros(total - 2000), refundNote: "" });
    expect(rest.status).toBe(302);
    expect(await row(slug)).toMatchObject({ paymentStatus: "refunded", paidAmountCents: total, refundedCents: total });
    expect(rest.html).not.toContain('data-testid="refund-by-bank"');
    expect(rest.html).not.toContain('data-testid="move-refund"');
    expect((await ledgerOf(id)).map((entry) => [entry.kind, entry.amountCents, entry.note])).toEqual([
      ["payment", total, ""],
      ["refund", 2000, "Izvod 41"],
      ["refund", total - 2000, ""],
    ]);
    expect((await auditOf(id))[0]).toMatchObject({
      action: "refund",
      after: { refundedNowCents: total - 2000, paymentStatus: "refunded" },
    });
    // Nothing left to give back: a further refund is refused by the state machine.
    expect((await move(slug, { intent: "refund", refundOn: "2026-03-06", refundAmount: "1,00", refundNote: "" })).status).toBe(409);
  });

  it("cancel: stock back, coupon use released, customer mailed, in one go", async () => {
    const stock = await stockOf(panel);
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "KROV10"));
    const order = await checkoutOrder({ method: ids.bank, coupon: "KROV10" });
    expect(await stockOf(panel)).toBe(stock! - 2);
    const cancelled = await move(order.slug, { intent: "cancel", reason: "Kupac odustao" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.toast?.text).toBe("Narudžba je otkazana.");
    const after = await row(order.slug);
    expect([after.status, after.paymentStatus, after.cancelReason]).toEqual(["cancelled", "cancelled", "Kupac odustao"]);
    expect(await stockOf(panel)).toBe(stock);
    expect((await db.select().from(coupons).where(eq(coupons.code, "KROV10")))[0].usedCount).toBe(coupon.usedCount);
    expect((await mailsOf(order.id, "orderCancelled"))[0].text).toContain("Kupac odustao");
    expect((await auditOf(order.id))[0].after).toMatchObject({
      status: "cancelled",
      couponReleased: "KROV10",
      stockReturned: { [panel]: 2 },
    });
  });

  it("cancel of a paid card order refunds it through the test provider; a failed refund changes nothing", async () => {
    const { slug, id } = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "card" });
    // The provider took the total (the card return's writer: the order's ledger).
    const { orderTotalCents } = await row(slug);
    await db.transaction((tx) =>
      recordMoney(tx, id, { kind: "payment", amountCents: orderTotalCents, channel: "card", reference: "tp-1" }),
    );
    setTestProviderDown(true);
    try {
      const refused = await move(slug, { intent: "cancel", reason: "Nema robe" });
      expect(refused.status).toBe(502);
      expect(refused.html).toContain("Povrat novca nije uspio, narudžba nije promijenjena.");
    } finally {
      setTestProviderDown(false);
    }
    expect(await row(slug)).toMatchObject({ status: "received", paymentStatus: "paid", refundedCents: 0, version: 0 });
    expect(await mailsOf(id, "orderCancelled")).toEqual([]);
    expect((await move(slug, { intent: "cancel", reason: "Nema robe" })).status).toBe(302);
    const order = await row(slug);
    expect([order.status, order.paymentStatus, order.refundedCents]).toEqual(["cancelled", "refunded", order.orderTotalCents]);
    const refunds = await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, id), eq(paymentEvents.kind, "refund")));
    expect(refunds.map((r) => [r.outcome, r.payload.amount])).toEqual([["success", String(order.orderTotalCents)]]);
    expect((await mailsOf(id, "orderCancelled"))[0].text).toContain("vraćen je na vašu karticu");
    // A refunded card order is not offered "Pay now".
    expect((await customer.page(`/profil/narudzbe/${slug}`)).html).not.toContain('data-testid="pay-now-form"');
  });

  it("cash on delivery ships unpaid and delivered marks it paid", async () => {
    const { slug } = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "cashOnDelivery" });
    expect((await move(slug, { intent: "ship", carrier: "", trackingNumber: "", trackingUrl: "" })).status).toBe(302);
    expect((await move(slug, { intent: "deliver" })).status).toBe(302);
    const order = await row(slug);
    expect([order.status, order.paymentStatus, order.paidAmountCents]).toEqual(["delivered", "paid", order.orderTotalCents]);
  });

  it("refuses a move the state does not allow and a stale version with 409, nothing changed", async () => {
    const { slug } = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    const refusedMoves: Record<string, string>[] = [
      { intent: "deliver" },
      { intent: "return" },
      { intent: "ship", carrier: "", trackingNumber: "", trackingUrl: "" },
    ];
    for (const fields of refusedMoves) {
      const refused = await move(slug, fields);
      expect(refused.status, fields.intent).toBe(409);
      expect(refused.html).toContain("Ta promjena nije dopuštena u trenutnom stanju narudžbe.");
    }
    const stale = await submit(admin, page(slug), { intent: "markPaid", version: "7", paidOn: "2026-03-02", paidAmount: "1,00" });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain("Netko je u međuvremenu promijenio ovaj zapis.");
    expect(await row(slug)).toMatchObject({ status: "received", paymentStatus: "pending", version: 0 });
    expect((await submit(admin, page(slug), { intent: "fly", version: "0" })).status).toBe(400);
  });
});

describe("notes, resend, bulk", () => {
  it("adds internal notes shown newest first with their author, and sends the confirmation again", async () => {
    const { slug, id } = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    expect((await submit(admin, page(slug), { intent: "note", text: "" })).status).toBe(400);
    expect((await submit(admin, page(slug), { intent: "note", text: "Prva bilješka" })).toast?.text).toBe("Bilješka je dodana.");
    const second = await submit(admin, page(slug), { intent: "note", text: "Druga bilješka" });
    expect(second.html.indexOf("Druga bilješka")).toBeLessThan(second.html.indexOf("Prva bilješka"));
    expect(second.html).toContain("admin@");
    expect((await submit(admin, page(slug), { intent: "resend" })).toast?.text).toBe(
      "Potvrda narudžbe čeka u redu za ponovno slanje kupcu: slanje e-pošte nije podešeno.",
    );
    expect(await mailsOf(id, "orderConfirmation")).toHaveLength(1);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["resendConfirmation", "note", "note"]);
  });

  it("marks the ticked shipped orders delivered and says how many changed and were skipped", async () => {
    const a = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "cashOnDelivery" });
    const b = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "cashOnDelivery" });
    const c = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    for (const { slug } of [a, b]) await move(slug, { intent: "ship", carrier: "", trackingNumber: "", trackingUrl: "" });
    const bulk = await submit(admin, "/admin/orders?q=2026", {
      intent: "deliverSelected",
      ids: [String(a.id), String(b.id), String(c.id)],
    });
    expect(bulk.location).toBe("/admin/orders?q=2026");
    expect(bulk.toast?.text).toBe("Promijenjeno: 2, preskočeno: 1.");
    expect([(await row(a.slug)).status, (await row(b.slug)).status, (await row(c.slug)).status]).toEqual([
      "delivered",
      "delivered",
      "received",
    ]);
  });
});
