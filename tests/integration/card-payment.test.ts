import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { orders, paymentEvents } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { cardSecret, RESULT_FIELDS, signFields } from "~/modules/payment/card/card-signature.server";
import { startPayment } from "~/modules/payment/payment.server";
import { signInAsCustomer } from "../setup/accounts";
import { decodeEntities } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Card payments (decisions 0012 and 0072, pgSuccess of spec §7): the adapter's signed redirect to
 * the built-in test provider, its "Pay", "Decline" and "Cancel", the shop's return route
 * and the provider's callback. A bad signature changes nothing; a provider reference is
 * acted on once.
 */
let shop: Shop;
let db: Database;
let customer: Visitor;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  customer = await signInAsCustomer(shop, new Visitor(shop));
});
afterAll(() => shop.close());

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const eventsOf = (id: number) => db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id));

async function cardOrder(locale: "hr" | "en" = "hr") {
  const order = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "card", locale });
  const row = await orderRow(order.id);
  const start = await startPayment(
    "card",
    { id: row.id, slug: row.slug, orderTotalCents: row.orderTotalCents, currencyLabel: "EUR", email: row.email, locale },
    ORIGIN,
  );
  if (start.kind !== "redirect") throw new Error("card payment should redirect");
  return { ...order, row, providerUrl: new URL(start.url) };
}

/** The shopper on the provider's page presses a button; returns where the provider sends the browser. */
async function decide(providerUrl: URL, decision: "pay" | "decline" | "cancel") {
  const visitor = new Visitor(shop);
  const page = await visitor.get(providerUrl.pathname + providerUrl.search);
  expect(page.status).toBe(200);
  const form = new JSDOM(await page.text()).window.document.querySelector("form")!;
  const fields = Object.fromEntries([...form.querySelectorAll("input")].map((i) => [i.name, i.value]));
  const response = await visitor.post(providerUrl.pathname, { ...fields, decision }, { csrf: false });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location")!);
}

describe("the card adapter", () => {
  it("redirects to the provider with the order reference, amount, currency, return URLs and an HMAC-SHA256 signature", async () => {
    const { row, providerUrl } = await cardOrder("en");
    expect(providerUrl.pathname).toBe("/test-payment-provider/pay");
    expect(Object.fromEntries(providerUrl.searchParams)).toEqual({
      orderId: String(row.id),
      orderRef: row.slug,
      amount: "16770",
      currency: "EUR",
      returnUrl: `${ORIGIN}/en/checkout/card/${row.id}`,
      callbackUrl: `${ORIGIN}/payment/card/callback`,
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("the test provider refuses a request whose signature does not match", async () => {
    const { providerUrl } = await cardOrder();
    providerUrl.searchParams.set("amount", "1");
    const page = await new Visitor(shop).get(providerUrl.pathname + providerUrl.search);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Zahtjev za plaćanje nije valjan.");
  });
});

describe("the return from the provider", () => {
  it("success: the order is paid (paid_at, a payment event) and the shopper sees the success page with the order number", async () => {
    const { id, slug, providerUrl } = await cardOrder();
    const back = await decide(providerUrl, "pay");
    expect(back.pathname).toBe(`/naplata/kartica/${id}`);
    const response = await customer.get(back.pathname + back.search);
    expect([response.status, response.headers.get("Location")]).toEqual([302, `/naplata/uspjesna?orderSlug=${slug}`]);
    const order = await orderRow(id);
    expect(order.paymentStatus).toBe("paid");
    expect(order.paidAt).toBeInstanceOf(Date);
    const events = await eventsOf(id);
    expect(events.find((e) => e.kind === "return")).toMatchObject({
      gateway: "card",
      outcome: "success",
      providerReference: back.searchParams.get("reference"),
    });
  });

  it("in English the success page is /en/checkout/success", async () => {
    const { slug, providerUrl } = await cardOrder("en");
    const back = await decide(providerUrl, "pay");
    const response = await customer.get(back.pathname + back.search);
    expect(response.headers.get("Location")).toBe(`/en/checkout/success?orderSlug=${slug}`);
  });

  it("decline: payment failed, the failure page with checkoutFailureTitle and a way to pay again", async () => {
    const { id, slug, providerUrl } = await cardOrder();
    const back = await decide(providerUrl, "decline");
    const response = await customer.get(back.pathname + back.search);
    expect([response.status, response.headers.get("Location")]).toEqual([302, `/checkout/failure?orderSlug=${slug}`]);
    expect((await orderRow(id)).paymentStatus).toBe("failed");
    const failure = new JSDOM(await (await customer.get(`/checkout/failure?orderSlug=${slug}`)).text()).window.document;
    expect(failure.querySelector("h1")?.textContent).toBe("Plaćanje nije uspjelo");
    expect(failure.querySelector('[data-testid="retry-payment"]')?.getAttribute("href")).toBe(`/profil/narudzbe/${slug}`);
    // Paying again from the order page starts a fresh, signed payment.
    const pay = await customer.post(`/profil/narudzbe/${slug}`, { intent: "pay" }, { tokenFrom: `/profil/narudzbe/${slug}` });
    expect(pay.status).toBe(302);
    const again = new URL(pay.headers.get("Location")!);
    expect([again.pathname, again.searchParams.get("orderRef")]).toEqual(["/test-payment-provider/pay", slug]);
    const paid = await decide(again, "pay");
    expect((await customer.get(paid.pathname + paid.search)).headers.get("Location")).toBe(`/naplata/uspjesna?orderSlug=${slug}`);
    expect((await orderRow(id)).paymentStatus).toBe("paid");
  });

  it("cancel: payment cancelled and the failure page", async () => {
    const { id, slug, providerUrl } = await cardOrder();
    const back = await decide(providerUrl, "cancel");
    const response = await customer.get(back.pathname + back.search);
    expect(response.headers.get("Location")).toBe(`/checkout/failure?orderSlug=${slug}`);
    expect((await orderRow(id)).paymentStatus).toBe("cancelled");
  });

  it("a tampered or missing signature changes nothing and says so (400, no 500)", async () => {
    const { id, providerUrl } = await cardOrder();
    const back = await decide(providerUrl, "pay");
    const forged = new URL(back);
    forged.searchParams.set("amount", "1");
    const response = await customer.get(forged.pathname + forged.search);
    expect(response.status).toBe(400);
    expect(decodeEntities(await response.text())).toContain("Potpis odgovora o plaćanju nije ispravan, pa ništa nije promijenjeno.");
    const unsigned = new URL(back);
    unsigned.searchParams.delete("signature");
    expect((await customer.get(unsigned.pathname + unsigned.search)).status).toBe(400);
    // Another order's id in the path with this order's signed answer.
    expect((await customer.get(`/naplata/kartica/${id + 1000}${back.search}`)).status).toBe(400);
    const order = await orderRow(id);
    expect([order.paymentStatus, order.paidAt]).toEqual(["pending", null]);
    expect((await eventsOf(id)).map((e) => e.outcome)).toEqual(["badSignature", "badSignature", "badSignature"]);
  });
});

describe("the provider's server-to-server callback over HTTP", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    // The shop on a real port, so the test provider's callback reaches it as a bank's would.
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
      const response = await shop.handle(new Request(`${origin}${req.url}`, { method: req.method, headers, body, redirect: "manual" }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("marks the order paid before the browser comes back; the return then only shows the success page", async () => {
    const order = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "card" });
    const row = await orderRow(order.id);
    const start = await startPayment(
      "card",
      { id: row.id, slug: row.slug, orderTotalCents: row.orderTotalCents, currencyLabel: "EUR", email: row.email, locale: "hr" },
      origin,
    );
    if (start.kind !== "redirect") throw new Error("card payment should redirect");
    const back = await decide(new URL(start.url), "pay");
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect((await eventsOf(order.id)).map((e) => [e.kind, e.outcome])).toEqual([["callback", "success"]]);
    const response = await customer.get(back.pathname + back.search);
    expect(response.headers.get("Location")).toBe(`/naplata/uspjesna?orderSlug=${order.slug}`);
    expect((await eventsOf(order.id)).map((e) => e.kind).sort()).toEqual(["callback", "return"]);
  });
});

describe("the provider's callback", () => {
  const signed = (fields: Record<(typeof RESULT_FIELDS)[number], string>) => ({
    ...fields,
    signature: signFields(fields, RESULT_FIELDS, cardSecret()!),
  });
  const post = (body: Record<string, string>) =>
    shop.handle(
      new Request(`${ORIGIN}/payment/card/callback`, {
        method: "POST",
        body: new URLSearchParams(body),
        headers: { Host: "localhost:3000" },
      }),
    );

  it("marks the order paid after its signature checks out, and a replayed callback changes nothing", async () => {
    const { id, slug } = await cardOrder();
    const body = signed({
      orderId: String(id),
      orderRef: slug,
      amount: "16770",
      currency: "EUR",
      outcome: "success",
      reference: "bank-tx-1",
    });
    const first = await post(body);
    expect([first.status, await first.json()]).toEqual([200, { ok: true, paymentStatus: "paid" }]);
    const paidAt = (await orderRow(id)).paidAt;
    const replay = await post(body);
    expect(replay.status).toBe(200);
    await replay.text();
    expect((await orderRow(id)).paidAt).toEqual(paidAt);
    expect(
      await db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.providerReference, "bank-tx-1"), eq(paymentEvents.kind, "callback"))),
    ).toHaveLength(1);
    // A later failure answer never takes the payment back.
    const late = await post(
      signed({ orderId: String(id), orderRef: slug, amount: "16770", currency: "EUR", outcome: "failure", reference: "bank-tx-2" }),
    );
    await late.text();
    expect((await orderRow(id)).paymentStatus).toBe("paid");
  });

  it("refuses a bad signature or a wrong amount with 400 and leaves the order as it was", async () => {
    const { id, slug } = await cardOrder();
    const good = signed({
      orderId: String(id),
      orderRef: slug,
      amount: "16770",
      currency: "EUR",
      outcome: "success",
      reference: "bank-tx-3",
    });
    const forged = await post({ ...good, amount: "1" });
    expect(forged.status).toBe(400);
    await forged.text();
    const wrongAmount = await post(
      signed({ orderId: String(id), orderRef: slug, amount: "1", currency: "EUR", outcome: "success", reference: "bank-tx-4" }),
    );
    expect(wrongAmount.status).toBe(400);
    await wrongAmount.text();
    expect((await orderRow(id)).paymentStatus).toBe("pending");
    expect((await shop.handle(new Request(`${ORIGIN}/payment/card/callback`, { headers: { Host: "localhost:3000" } }))).status).toBe(405);
  });
});

// Decision 0032: payment callbacks come from PUBLIC_URL (http://localhost:3000 in the tests), never from the request's Host.
describe("return and callback URLs", () => {
  it("are built from PUBLIC_URL even when the request names another Host", async () => {
    const { slug } = await cardOrder();
    // The customer's browser, reaching the shop under a Host of the attacker's choosing.
    const spoofer = new Visitor(shop, "http://evil.example");
    for (const [name, value] of customer.cookies) spoofer.cookies.set(name, value);
    const pay = await spoofer.post(`/profil/narudzbe/${slug}`, { intent: "pay" }, { tokenFrom: `/profil/narudzbe/${slug}` });
    expect(pay.status).toBe(302);
    const provider = new URL(pay.headers.get("Location")!);
    expect(provider.origin).toBe(ORIGIN);
    expect(provider.searchParams.get("returnUrl")).toMatch(/^http:\/\/localhost:3000\/naplata\/kartica\/\d+$/);
    expect(provider.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/payment/card/callback`);
  });
});

describe("e-products paid by card (decision 0030)", () => {
  it("the download link is mailed as soon as the provider says paid, once", async () => {
    const { ADDRESS, addToCart, checkoutConsentId, methodIds, newCustomer, signInAs, step } = await import("./checkout-helpers");
    const { shopper } = await import("./cart-helpers");
    const { catalogue } = await import("../setup/product-pages");
    const { mailOutbox } = await import("~/.server/db/schema");
    const ids = await methodIds(shop);
    const consent = await checkoutConsentId(db);
    const email = "card-e-product@example.com";
    const visitor = await signInAs(await shopper(shop), await newCustomer(db, email));
    await addToCart(visitor, await catalogue(shop).idOf("AK-DOC-PRIR"));
    expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
    const placed = await step(visitor, { intent: "payment", methodId: ids.card, acceptedConsents: consent });
    const providerUrl = new URL(placed.location!);
    expect(providerUrl.pathname).toBe("/test-payment-provider/pay");
    const mails = () =>
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "eProductDownload")));
    expect(await mails()).toEqual([]);
    const back = await decide(providerUrl, "pay");
    await visitor.get(back.pathname + back.search);
    await visitor.get(back.pathname + back.search); // a repeated return sends nothing more
    const sent = await mails();
    expect(sent).toHaveLength(1);
    const link = /\/preuzimanje\/\S+/.exec(sent[0].text)![0];
    expect((await visitor.get(link)).status).toBe(200);
  });
});
