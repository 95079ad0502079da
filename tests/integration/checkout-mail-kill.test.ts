// Both databases: checkouts and the mail relay across kills and restarts; on PostgreSQL a dead process's held or leased mail is taken over when its time runs out, on PGlite the next start frees it.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { messageIdOf } from "~/modules/mail/mail-relay.server";
import type { Visitor } from "../setup/client";
import { seededDataDir, shopEnv, startShopProcess, type ShopProcess } from "../setup/shop-process";
import { startSmtpSink } from "../setup/smtp-sink";
import { ADDRESS, CHECKOUT } from "./checkout-helpers";

/**
 * Decision 0089 where it matters most: order confirmations. The production server
 * (build/server.js) with SMTP_URL at a local SMTP server that counts what it accepts by
 * Message-ID. Shoppers check out one after another, over HTTP as a browser without
 * JavaScript does, while the server is SIGKILLed in the middle of the burst (and of sending
 * a mail), started again on the same data, SIGTERMed in the middle of the next burst and
 * started a third time. Every order committed in all of that has its mails sent, each
 * exactly once, and the mail names the order.
 */
const template = inject("testDatabase");
const onPostgres = template.kind === "postgres";
const work = mkdtempSync(path.join(tmpdir(), "shop-checkout-kill-"));
const dataDir = path.join(work, "data");
const mediaDir = path.join(work, "media");
const smtp = await startSmtpSink();
const CUSTOMERS = 200;
const SKU = "AK-PNL-SND-40";
let run: ShopProcess | null = null;
let ids: { product: string; courier: string; cod: string; consent: string };

/**
 * One statement on the shop's database while no server runs (PGlite lets one process have
 * its directory; on PostgreSQL this file's own database).
 */
async function query<T>(sql: string): Promise<T[]> {
  if (onPostgres) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = await PGlite.create({ dataDir: path.join(dataDir, "pgdata"), extensions: { unaccent, pg_trgm } });
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  if (onPostgres) cpSync(template.media, mediaDir, { recursive: true });
  else await seededDataDir(dataDir, template);
  // Customers of their own (signing in merges a customer's carts, so each shopper needs
  // one), with the demo customer's password; stock that the burst cannot sell out.
  await query(
    `insert into users (site_id, email, password_hash, first_name, last_name, email_verified_at)
     select site_id, 'kill-' || n || '@example.com', password_hash, 'Kupac', 'Test', now()
     from users, generate_series(1, ${CUSTOMERS}) as n where email = '${DEMO_CUSTOMER.email}'`,
  );
  await query(`update products set stock = 100000 where sku = '${SKU}'`);
  const [row] = await query<Record<keyof typeof ids, number>>(
    `select (select id from products where sku = '${SKU}') as product,
            (select id from delivery_methods where code = 'address') as courier,
            (select id from payment_methods where code = 'cod') as cod,
            (select id from consents where unique_number = 2) as consent`,
  );
  ids = { product: String(row.product), courier: String(row.courier), cod: String(row.cod), consent: String(row.consent) };
}, 60_000);

afterAll(async () => {
  if (run && run.child.exitCode === null) run.child.kill("SIGKILL");
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

const start = () =>
  startShopProcess(
    {
      ...shopEnv({ dataDir, mediaDir: onPostgres ? mediaDir : undefined, databaseUrl: onPostgres ? process.env.DATABASE_URL : undefined }),
      SMTP_URL: smtp.url,
      // A lease a test can wait out: the SIGKILLed process's mail is taken over after it.
      MAIL_LEASE_SECONDS: "5",
      RATE_LIMIT_POINTS: "100000",
      RATE_LIMIT_AUTH_POINTS: "100000",
    },
    150_000,
  );

/** A whole checkout as a browser without JavaScript: sign in, cart, address, delivery, payment. */
async function checkOut(visitor: Visitor, email: string) {
  const steps: [string, Record<string, string>, string][] = [
    ["/prijava", { intent: "login", username: email, password: DEMO_CUSTOMER.password }, "/prijava"],
    ["/kosarica", { intent: "add", productId: ids.product, quantity: "1" }, "/kosarica"],
    [CHECKOUT, { intent: "address", ...ADDRESS, "delivery.contactEmail": email }, CHECKOUT],
    [CHECKOUT, { intent: "shipping", methodId: ids.courier }, CHECKOUT],
    [CHECKOUT, { intent: "payment", methodId: ids.cod, acceptedConsents: ids.consent }, CHECKOUT],
  ];
  for (const [target, fields, tokenFrom] of steps) {
    const response = await visitor.post(target, fields, { tokenFrom });
    if (response.status !== 302) throw new Error(`${target} ${fields.intent}: ${response.status}`);
  }
}

/**
 * Shoppers checking out one after another each, a new customer per checkout, until
 * `stop()` or until the server cuts one off. A cut checkout is simply left: whether its
 * order was committed is for the database to say.
 */
let nextCustomer = 0;
function shoppers(count: number, shop: ShopProcess) {
  let running = true;
  const placed = { ok: 0, cut: 0 };
  const loops = Array.from({ length: count }, async () => {
    while (running && nextCustomer < CUSTOMERS) {
      const email = `kill-${++nextCustomer}@example.com`;
      try {
        await checkOut(shop.visitor(), email);
        placed.ok++;
      } catch {
        // Cut off by the kill or the drain: this shopper goes home.
        placed.cut++;
        return;
      }
    }
  });
  return {
    placed,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const accepted = () => smtp.received.length;

type OrderRow = { id: number; slug: string };
type MailRow = { id: number; order_id: number | null; kind: string; status: string; created_at: Date | string };

describe("checkouts across SIGKILL, SIGTERM and restarts of the production server", () => {
  it("sends every committed order's mails exactly once", { timeout: 600_000 }, async () => {
    // Run 1: a burst of checkouts; SIGKILL while the SMTP server holds a mail's acceptance
    // and checkouts are in flight (an order may be committed with its mails still held).
    run = await start();
    let burst = shoppers(3, run);
    await vi.waitFor(() => expect(accepted()).toBeGreaterThanOrEqual(6), { timeout: 120_000, interval: 50 });
    smtp.state.hold = true;
    await vi.waitFor(() => expect(smtp.held).toHaveLength(1), { timeout: 30_000, interval: 20 });
    run.child.kill("SIGKILL");
    expect(await run.exited).toBeNull();
    await burst.stop();
    await vi.waitFor(() => expect(smtp.held).toHaveLength(0), { timeout: 5_000, interval: 20 }); // its connection died with it
    smtp.state.hold = false;
    // The kill landed during checkouts: shoppers had theirs cut off.
    expect(burst.placed.cut).toBeGreaterThan(0);
    expect(burst.placed.ok).toBeGreaterThan(0);
    const afterKill = accepted();

    // Run 2 on the same data: another burst; SIGTERM while a mail is held. The relay claims
    // nothing more, in-flight checkouts finish, the held mail goes once it is accepted.
    run = await start();
    burst = shoppers(3, run);
    await vi.waitFor(() => expect(accepted()).toBeGreaterThanOrEqual(afterKill + 6), { timeout: 120_000, interval: 50 });
    smtp.state.hold = true;
    await vi.waitFor(() => expect(smtp.held).toHaveLength(1), { timeout: 30_000, interval: 20 });
    const stopping = run;
    stopping.child.kill("SIGTERM");
    await vi.waitFor(() => expect(stopping.output()).toContain("SIGTERM: closing"), { timeout: 10_000, interval: 20 });
    smtp.release();
    smtp.state.hold = false;
    expect(await stopping.exited).toBe(0);
    await burst.stop();
    expect(burst.placed.cut).toBeGreaterThan(0);

    // Run 3, no shoppers: it sends what the others left. On PGlite its start frees the dead
    // process's held and leased rows; on PostgreSQL they go when their hold (a minute from
    // the order) or lease runs out. Done when the SMTP server has heard nothing new for a
    // while and, on PostgreSQL, no order mail is left unsent.
    run = await start();
    let seen = -1;
    await vi.waitFor(
      async () => {
        const now = accepted();
        const quiet = now === seen;
        seen = now;
        expect(quiet).toBe(true);
        if (onPostgres) expect(await query(`select id from mail_outbox where status <> 'sent'`)).toEqual([]);
      },
      { timeout: 180_000, interval: 7_000 },
    );
    expect(await run.stop()).toBe(0);

    const orders = await query<OrderRow>(
      `select o.id, o.slug from orders o join users u on u.id = o.user_id where u.email like 'kill-%@example.com'`,
    );
    const mails = await query<MailRow>(`select id, order_id, kind, status, created_at from mail_outbox`);
    // Each burst ran until six mails (three orders) were accepted.
    expect(orders.length).toBeGreaterThanOrEqual(6);
    for (const order of orders) {
      const own = mails.filter((m) => m.order_id === order.id);
      expect(
        own.filter((m) => m.kind === "orderConfirmation"),
        `order ${order.slug}`,
      ).toHaveLength(1);
      for (const mail of own) {
        expect(mail.status, `${mail.kind} of order ${order.slug}`).toBe("sent");
        const messageId = messageIdOf({ id: mail.id, createdAt: new Date(mail.created_at) });
        expect(smtp.count(messageId), `${mail.kind} of order ${order.slug}`).toBe(1);
        const sent = smtp.received.find((m) => m.messageId === messageId)!;
        expect(sent.data.replace(/=\r\n/g, ""), `${mail.kind} of order ${order.slug}`).toContain(order.slug);
      }
    }
    // Every mail of the outbox is an order's, and the SMTP server accepted nothing else.
    expect(mails.every((m) => orders.some((o) => o.id === m.order_id))).toBe(true);
    expect(smtp.received).toHaveLength(mails.length);
  });
});
