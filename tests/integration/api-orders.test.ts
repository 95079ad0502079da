// Both databases: the screens after the order, over the API alone (decision 0126).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { orders, products, stores } from "~/.server/db/schema";
import { clearCache } from "~/.server/cache.server";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { env } from "~/.server/env.server";
import { shopDay } from "~/modules/kernel/shop-days";
import { moveOrder } from "~/modules/order/order-admin.server";
import { bankTransferSlip } from "~/modules/payment/bank-transfer/bank-transfer.server";
import { hub3Text } from "~/modules/payment/bank-transfer/hub3";
import { formatIban } from "~/modules/payment/bank-transfer/iban";
import { API_ADDRESS, apiClient, documentedMismatch } from "../setup/api";
import { signInAsCustomer } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff } from "../setup/staff";
import { checkoutConsentId, methodIds, newCustomer } from "./checkout-helpers";

/**
 * An app's screens after the purchase: the customer's order history and order detail with
 * the payment instructions (the bank transfer's slip exactly as the HTML shop's, the card's
 * "pay again"), only their own orders, cancelling while the shop allows it (409 with the
 * reason once it does not), and a guest's order through its own signed link.
 */
let shop: Shop;
let db: Database;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consentId: number;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
  consentId = Number(await checkoutConsentId(db));
});
afterAll(() => shop.close());

type Client = Awaited<ReturnType<typeof apiClient>>;
type Result = { ok: boolean; status: number; data?: unknown; failure?: unknown };

/** The data of a call that must succeed, checked against the documented answer. */
async function ok<T = never>(name: string, result: Result): Promise<T> {
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  expect(await documentedMismatch(shop, `v1.${name}`, 200, { data: result.data })).toEqual([]);
  return result.data as T;
}

/** A refusal, checked against the documented failure of that status. */
async function refused(name: string, result: Result, status: number) {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  expect(result.status).toBe(status);
  expect(await documentedMismatch(shop, `v1.${name}`, status, result.failure)).toEqual([]);
  return result.failure as { message: string };
}

type Created = {
  order: { id: number; slug: string; orderTotalCents: number };
  payment: { kind: string; url?: string };
  paymentInstructions: Record<string, unknown> & { kind: string };
  guestLink: { token: string; url: string } | null;
};

/** Two panels bought over the API with the payment method given (a guest names the e-mail on every call). */
async function buy(client: Client, paymentMethodId: string, guestEmail?: string): Promise<Created> {
  const added = await ok<{ cartId: number; protectCode: string }>(
    "ecommerce.cart.addItem",
    await client.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 2 } }),
  );
  const session = { cartId: added.cartId, protectCode: added.protectCode, ...(guestEmail ? { guestEmail } : {}) };
  await ok(
    "ecommerce.delivery.saveDeliveryMethod",
    await client.call("ecommerce.delivery.saveDeliveryMethod", { body: { ...session, deliveryMethodId: Number(ids.courier) } }),
  );
  return ok<Created>(
    "ecommerce.order.create",
    await client.call("ecommerce.order.create", {
      body: {
        ...session,
        paymentMethodId: Number(paymentMethodId),
        deliveryAddress: { ...API_ADDRESS, contactEmail: guestEmail ?? API_ADDRESS.contactEmail },
        acceptedConsents: [consentId],
      },
    }),
  );
}

async function signedIn(language?: "hr" | "en" | "de") {
  const client = await apiClient(shop, language ? { language } : {});
  expect((await client.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).ok).toBe(true);
  return client;
}

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const stockOf = async (id: number) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

type Detail = {
  slug: string;
  status: { code: string; label: string };
  lines: { sku: string; quantity: number; unitCents: number; lineTotalCents: number }[];
  totals: Record<string, number>;
  payment: { gateway: string; status: { code: string } };
  documents: { kind: string; url: string }[];
  paymentInstructions: Record<string, unknown> & { kind: string };
  cancel: { allowed: boolean; reason: string | null };
};

describe("the customer's orders over the API", () => {
  it("lists the order placed over the API and shows its detail with the bank transfer's slip as the HTML shop has it", async () => {
    const client = await signedIn();
    const created = await buy(client, ids.bank);
    expect(created.payment).toEqual({ kind: "done" });
    // A signed-in customer reads the order under user/orders; no guest link.
    expect(created.guestLink).toBeNull();

    const list = await ok<{ records: { slug: string; status: unknown; lineCount: number; totalCents: number }[]; page: number }>(
      "user.orders.list",
      await client.call("user.orders.list", { query: { page: 1 } }),
    );
    // Newest first: the order just placed leads.
    expect(list.records[0]).toEqual({
      slug: created.order.slug,
      createdAt: expect.any(String),
      status: { code: "received", label: "Zaprimljena" },
      paymentStatus: { code: "pending", label: "Čeka plaćanje" },
      totalCents: created.order.orderTotalCents,
      currency: "EUR",
      lineCount: 1,
    });

    const detail = await ok<Detail>("user.orders.get", await client.call("user.orders.get", { params: { slug: created.order.slug } }));
    expect(detail.lines.map((l) => [l.sku, l.quantity, l.unitCents, l.lineTotalCents])).toEqual([["AK-PNL-SND-40", 2, 3490, 6980]]);
    expect(detail.totals).toMatchObject({ subtotalCents: 6980, deliveryCents: 2500, totalCents: created.order.orderTotalCents });
    expect(detail.payment).toMatchObject({ gateway: "bankTransfer", status: { code: "pending" } });
    expect(detail.cancel).toEqual({ allowed: true, reason: null });
    // The issued invoice, through the account page's own download, absolute from PUBLIC_URL.
    expect(detail.documents).toContainEqual(
      expect.objectContaining({ kind: "invoice", url: `${env.PUBLIC_URL}/profil/narudzbe/${created.order.slug}/racun` }),
    );

    // The slip the order page, the e-mail and the printed HUB-3 payment order are made from.
    const slip = await bankTransferSlip(await orderRow(created.order.id));
    const instructions = {
      kind: "bankTransfer",
      iban: slip.iban.replace(/\s+/g, ""),
      recipient: { name: slip.recipientName, street: slip.recipientStreet, city: slip.recipientCity },
      model: slip.model,
      reference: slip.reference,
      amountCents: created.order.orderTotalCents,
      currency: "EUR",
      purposeCode: slip.purposeCode,
      description: slip.description,
      hub3: { barcodeData: hub3Text(slip) },
    };
    expect(detail.paymentInstructions).toEqual(instructions);
    expect(created.paymentInstructions).toEqual(instructions);
    expect(instructions.hub3.barcodeData.startsWith("HRVHUB30\nEUR\n")).toBe(true);
    expect(instructions.iban).toMatch(/^HR\d{19}$/);
    // The customer's HTML order page shows the same account and reference.
    const page = await (await signInAsCustomer(shop, new Visitor(shop))).page(`/profil/narudzbe/${created.order.slug}`);
    expect(page.html).toContain(formatIban(instructions.iban));
    expect(page.html).toContain(instructions.reference);
  });

  it("answers in the call's language", async () => {
    const client = await signedIn("en");
    const list = await ok<{ records: { status: { label: string } }[] }>("user.orders.list", await client.call("user.orders.list"));
    expect(list.records[0].status.label).toBe("Received");
  });

  it("never shows another customer's order: 404, as an unknown number", async () => {
    const otherEmail = `drugi-${Date.now()}@example.com`;
    await newCustomer(db, otherEmail);
    const theirs = await placeOrder(shop, otherEmail, { gateway: "bankTransfer" });
    const client = await signedIn();
    for (const slug of [theirs.slug, "2099-000000"]) {
      const read = await refused("user.orders.get", await client.call("user.orders.get", { params: { slug } }), 404);
      expect(read.message).toBe("Order not found");
      await refused("user.orders.cancel", await client.call("user.orders.cancel", { params: { slug }, body: {} }), 404);
    }
    const list = await ok<{ records: { slug: string }[] }>("user.orders.list", await client.call("user.orders.list"));
    expect(list.records.map((r) => r.slug)).not.toContain(theirs.slug);
    expect((await orderRow(theirs.id)).status).toBe("received");
    // Without a token nobody's orders are read.
    const anonymous = await apiClient(shop);
    expect((await anonymous.call("user.orders.list")).status).toBe(401);
  });

  it("cancels an order that awaits shipment and payment: stock back, the invoice's storno, then no second cancel", async () => {
    const client = await signedIn();
    const created = await buy(client, ids.bank);
    const stockAfterOrder = await stockOf(panel);
    const cancelled = await ok<Detail>(
      "user.orders.cancel",
      await client.call("user.orders.cancel", { params: { slug: created.order.slug }, body: { note: "Naručio sam krivu boju" } }),
    );
    expect(cancelled.status).toEqual({ code: "cancelled", label: "Otkazana" });
    expect(cancelled.paymentInstructions).toEqual({ kind: "none", reason: "notOwed" });
    expect(cancelled.cancel).toEqual({ allowed: false, reason: "Narudžba se više ne može otkazati." });
    expect(cancelled.documents.map((d) => d.kind).sort()).toEqual(["invoice", "storno"]);
    const row = await orderRow(created.order.id);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "cancelled", cancelReason: "Otkazao kupac: Naručio sam krivu boju" });
    expect(await stockOf(panel)).toBe(stockAfterOrder! + 2);

    const again = await refused(
      "user.orders.cancel",
      await client.call("user.orders.cancel", { params: { slug: created.order.slug }, body: {} }),
      409,
    );
    expect(again.message).toBe("Narudžba se više ne može otkazati.");
  });

  it("refuses with 409 and the reason once the order was shipped or paid", async () => {
    const staff = await createStaff(shop, "sales");
    const shipped = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "cashOnDelivery" });
    const before = await orderRow(shipped.id);
    await moveOrder(staff, shipped.id, { intent: "ship", version: before.version, carrier: "", trackingNumber: "", trackingUrl: "" });
    const paid = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    const unpaid = await orderRow(paid.id);
    await moveOrder(staff, paid.id, { intent: "markPaid", version: unpaid.version, paidOn: shopDay(), paidAmount: unpaid.orderTotalCents });

    const client = await signedIn("en");
    const detail = await ok<Detail>("user.orders.get", await client.call("user.orders.get", { params: { slug: shipped.slug } }));
    expect(detail.cancel).toEqual({ allowed: false, reason: "The order has already been shipped." });
    const refusedShipped = await refused(
      "user.orders.cancel",
      await client.call("user.orders.cancel", { params: { slug: shipped.slug }, body: {} }),
      409,
    );
    expect(refusedShipped.message).toBe("The order has already been shipped.");
    const refusedPaid = await refused(
      "user.orders.cancel",
      await client.call("user.orders.cancel", { params: { slug: paid.slug }, body: {} }),
      409,
    );
    expect(refusedPaid.message).toBe("The order has already been paid; please ask the shop to cancel it.");
    expect((await orderRow(shipped.id)).status).toBe("shipped");
    expect((await orderRow(paid.id)).status).toBe("received");
    // Paid: nothing left to pay.
    const paidDetail = await ok<Detail>("user.orders.get", await client.call("user.orders.get", { params: { slug: paid.slug } }));
    expect(paidDetail.paymentInstructions).toEqual({ kind: "none", reason: "paid" });
  });

  it("gives an unpaid card order the shop's order page to pay again, starting no payment on a read", async () => {
    const client = await signedIn();
    const created = await buy(client, ids.card);
    expect(created.payment.kind).toBe("redirect");
    expect(new URL(created.payment.url!).pathname).toBe("/test-payment-provider/pay");
    const orderPage = `${env.PUBLIC_URL}/profil/narudzbe/${created.order.slug}`;
    expect(created.paymentInstructions).toEqual({ kind: "card", payUrl: orderPage });
    const detail = await ok<Detail>("user.orders.get", await client.call("user.orders.get", { params: { slug: created.order.slug } }));
    expect(detail.paymentInstructions).toEqual({ kind: "card", payUrl: orderPage });
    // The page's "Pay now" (the customer signed in there) starts the payment with the provider.
    const path = new URL(orderPage).pathname;
    const customer = await signInAsCustomer(shop, new Visitor(shop));
    const paying = await customer.post(path, { intent: "pay" }, { tokenFrom: path });
    expect(paying.status).toBe(302);
    expect(new URL(paying.headers.get("Location")!, env.PUBLIC_URL).pathname).toBe("/test-payment-provider/pay");
  });
});

describe("a guest's order", () => {
  it("is read through its own signed link; a changed token is not found", async () => {
    const [store] = await db.select().from(stores);
    await db
      .update(stores)
      .set({ checkoutSettings: { ...store.checkoutSettings, guestCheckout: true } })
      .where(eq(stores.id, store.id));
    await clearCache("site-config");
    try {
      const client = await apiClient(shop);
      const created = await buy(client, ids.bank, `gost-${Date.now()}@example.com`);
      expect(created.guestLink).not.toBeNull();
      const { token, url } = created.guestLink!;
      expect(url).toBe(`${env.PUBLIC_URL}/api/v1/ecommerce/order/guest/${token}`);

      const detail = await ok<Detail>("ecommerce.order.guest", await client.call("ecommerce.order.guest", { params: { token } }));
      expect(detail.slug).toBe(created.order.slug);
      expect(detail.paymentInstructions).toEqual(created.paymentInstructions);
      expect(detail.paymentInstructions.kind).toBe("bankTransfer");
      // The guest downloads the invoice through the same link.
      const invoice = detail.documents.find((d) => d.kind === "invoice")!;
      expect(invoice.url).toBe(`${env.PUBLIC_URL}/api/v1/ecommerce/order/guest/${token}/document/invoice`);
      const pdf = await ok<{ content: string }>(
        "ecommerce.order.guest.document",
        await client.call("ecommerce.order.guest.document", { params: { token, kind: "invoice" } }),
      );
      expect(Buffer.from(pdf.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");

      // One character changed, another order's number with this signature, no signature: not found.
      const [id, signature] = token.split(".");
      const changed = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
      for (const forged of [`${id}.${changed}`, `${Number(id) - 1}.${signature}`, id, "nonsense"]) {
        const answer = await refused(
          "ecommerce.order.guest",
          await client.call("ecommerce.order.guest", { params: { token: forged } }),
          404,
        );
        expect(answer.message).toBe("Order not found");
      }
      await refused(
        "ecommerce.order.guest.document",
        await client.call("ecommerce.order.guest.document", { params: { token: `${id}.${changed}`, kind: "invoice" } }),
        404,
      );
    } finally {
      await db.update(stores).set({ checkoutSettings: store.checkoutSettings }).where(eq(stores.id, store.id));
      await clearCache("site-config");
    }
  });
});
