// Both databases: the relay's claim (FOR UPDATE SKIP LOCKED with a lease) and two passes side by side, which only PostgreSQL runs in parallel.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { mailOutbox, orders, products } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { claimMail, messageIdOf, relayMails, startMailRelay, stopMailRelay } from "~/modules/mail/mail-relay.server";
import { mailTransport } from "~/modules/mail/mail-transport.server";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { startSmtpSink } from "../setup/smtp-sink";
import { shopper } from "./cart-helpers";
import { cartAtPayment, CHECKOUT, checkoutConsentId, methodIds } from "./checkout-helpers";

/**
 * The transactional outbox (decision 0089): checkouts only write their mails; the relay
 * sends them. Whatever happens to the relay between a commit and the SMTP server's
 * acceptance (stopped mid-way, a process that claimed a mail and died, rows left queued
 * with no next attempt by code that delivered in the request and crashed), relay passes
 * afterwards send every committed order's mails exactly once. And a hanging SMTP server
 * does not slow a request: only the relay waits for it.
 */
let shop: Shop;
let db: Database;
let product: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consent: string;
const smtp = await startSmtpSink();
const transport = mailTransport(smtp.url)!;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  product = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
  consent = await checkoutConsentId(db);
  await db.update(products).set({ stock: null }).where(eq(products.id, product));
}, 180_000);
afterAll(async () => {
  await stopMailRelay(0);
  await smtp.close();
});

let shoppers = 0;
/** A signed-in shopper whose cart is at the payment step; `place()` posts it (cash on delivery). */
async function readyToPay() {
  const n = shoppers++;
  const email = `relay-${n}@example.com`;
  const visitor = await shopper(shop);
  const cartId = await cartAtPayment(db, visitor, email, product, Number(ids.courier));
  const tokens = await visitor.formTokens("/kosarica");
  return {
    cartId,
    place: () =>
      visitor.request(CHECKOUT, {
        method: "POST",
        body: new URLSearchParams({ ...tokens, intent: "payment", methodId: ids.cod, acceptedConsents: consent }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: visitor.origin },
      }),
  };
}

async function checkouts(count: number) {
  const ready = [];
  for (let i = 0; i < count; i++) ready.push(await readyToPay());
  const answers = await Promise.all(ready.map((r) => r.place()));
  expect(answers.map((a) => a.status)).toEqual(ready.map(() => 302));
  return ready.map((r) => r.cartId);
}

describe("every committed order's mails go out exactly once", () => {
  it(
    "after a relay stopped mid-way, a dead process's claim and rows left queued without a next attempt",
    { timeout: 240_000 },
    async () => {
      const cartIds: number[] = [];

      // 1. The relay runs, the SMTP server holds the first mail's acceptance: the relay is
      //    mid-send when it is stopped. It claims nothing more; the mail it was sending
      //    finishes once the server accepts it.
      smtp.state.hold = true;
      expect(await startMailRelay({ transport, pollMs: 100 })).toBe(true);
      cartIds.push(...(await checkouts(6)));
      await vi.waitFor(() => expect(smtp.held).toHaveLength(1), { timeout: 10_000 });
      const stopping = stopMailRelay(10_000);
      smtp.release();
      await stopping;
      expect(smtp.received).toHaveLength(1);

      // 2. No relay: orders keep coming; their rows stay queued with no next attempt, as the
      //    old in-request delivery left them when the process died after the commit.
      cartIds.push(...(await checkouts(6)));
      const older = await db
        .insert(mailOutbox)
        .values({ kind: "orderConfirmation", to: "stari@example.com", subject: "Stari kod", text: "T" })
        .returning();
      // A process claimed one of them and died before sending it.
      const start = new Date();
      const abandoned = await claimMail(start);
      expect(abandoned).not.toBeNull();

      // 3. Two relays (two processes) drain the outbox side by side once the lease has run out.
      const later = new Date(start.getTime() + env.MAIL_LEASE_SECONDS * 1000 + 1);
      const passes = await Promise.all([relayMails({ now: later, transport }), relayMails({ now: later, transport })]);
      expect(passes.flat().every((status) => status === "sent")).toBe(true);
      expect(await relayMails({ now: later, transport })).toEqual([]);

      const placed = await db.select({ id: orders.id }).from(orders).where(inArray(orders.cartId, cartIds));
      expect(placed).toHaveLength(12);
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(
          inArray(
            mailOutbox.orderId,
            placed.map((o) => o.id),
          ),
        );
      for (const order of placed) {
        const mails = rows.filter((r) => r.orderId === order.id);
        // The customer's confirmation and the shop's new-order note.
        expect(mails.map((m) => m.kind).sort(), `order ${order.id}`).toEqual(["newOrder", "orderConfirmation"]);
        for (const mail of mails) {
          expect(mail.status, `mail ${mail.id}`).toBe("sent");
          expect(smtp.count(messageIdOf(mail)), `mail ${mail.id} of order ${order.id}`).toBe(1);
        }
      }
      const [old] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, older[0].id));
      expect(old.status).toBe("sent");
      expect(smtp.count(messageIdOf(old))).toBe(1);
      expect(smtp.received).toHaveLength(rows.length + 1);
    },
  );
});

describe("a hanging SMTP server", () => {
  it(
    "does not slow a request: the checkout answers at once while the relay waits; SIGTERM's stop is bounded",
    { timeout: 60_000 },
    async () => {
      const hanging = await startSmtpSink({ greet: false });
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        expect(await startMailRelay({ transport: mailTransport(hanging.url)!, pollMs: 100 })).toBe(true);
        const ready = await readyToPay();
        const began = performance.now();
        const answer = await ready.place();
        const took = performance.now() - began;
        expect(answer.status).toBe(302);
        // The old in-request delivery waited for the greeting timeout (10 s) per mail.
        expect(took).toBeLessThan(3_000);
        const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.cartId, ready.cartId));
        // The relay has claimed one of the order's mails and is stuck in its SMTP conversation.
        await vi.waitFor(
          async () => {
            const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
            expect(rows.filter((r) => r.attempts === 1 && r.nextAttemptAt! > new Date())).toHaveLength(1);
          },
          { timeout: 5_000 },
        );
        const stopBegan = performance.now();
        await stopMailRelay(300);
        expect(performance.now() - stopBegan).toBeLessThan(2_000);
        // The server goes away: the conversation fails and the mail waits for its retry.
        await hanging.close();
        await vi.waitFor(
          async () => {
            const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
            expect(rows.map((r) => r.status).sort()).toEqual(["failed", "queued"]);
          },
          { timeout: 10_000 },
        );
      } finally {
        logged.mockRestore();
        await hanging.close();
      }
    },
  );
});
