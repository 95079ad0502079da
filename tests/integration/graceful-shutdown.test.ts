// PostgreSQL only: a deploy stops the server process while its checkouts run on PostgreSQL (skipped on PGlite).
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Database } from "~/.server/db/client.server";
import { deliveryMethods, orders, paymentMethods, products } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { startDatabaseProxy, type DatabaseProxy } from "../setup/database-proxy";
import type { Shop } from "../setup/shop";
import { startInstance, type Instance } from "../setup/two-instances";
import { cartAtPayment, CHECKOUT, checkoutConsentId } from "./checkout-helpers";

/**
 * Decision 0090: a deploy sends the production server (build/server.js) SIGTERM while a burst
 * of checkouts runs. Every checkout that started gets its answer and its order, new
 * connections are refused at once, /readyz says 503 on a connection the balancer already
 * had, and the process exits 0 within DRAIN_TIMEOUT_MS. The checkouts are made slow by a TCP
 * proxy in front of this file's PostgreSQL database that holds each answer of the database
 * a little (tests/setup/database-proxy.ts).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.info("graceful-shutdown.test.ts skipped: it needs DATABASE_URL (PostgreSQL).");

const SHOPPERS = 12;
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-drain-"));
const proxies: DatabaseProxy[] = [];
const instances: Instance[] = [];
let db: Database;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(extra: Record<string, string>) {
  const target = new URL(process.env.DATABASE_URL!);
  const proxy = await startDatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
  proxies.push(proxy);
  const instance = await startInstance("a", {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: proxy.urlFor(process.env.DATABASE_URL!, "shop-drain-under-test"),
    PUBLIC_URL: "http://shop.test",
    DATA_DIR: dataDir,
    SMTP_URL: "",
    REDIS_URL: "",
    RATE_LIMIT_POINTS: "100000",
    ...extra,
  });
  instances.push(instance);
  return { proxy, instance, origin: `http://127.0.0.1:${instance.port}` };
}

/** Resolves once the process has written `text`. */
async function printed(instance: Instance, text: string, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (!instance.output().includes(text)) {
    if (Date.now() > until) throw new Error(`not printed: ${text}\n${instance.output()}`);
    await sleep(10);
  }
}

/** A GET on a connection of `agent` (a balancer's kept-alive connection). */
function get(agent: http.Agent, origin: string, pathname: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string; socket: net.Socket }>((resolve, reject) => {
    const request = http.get(`${origin}${pathname}`, { agent }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, connection: response.headers.connection, body, socket: request.socket as net.Socket }),
      );
    });
    request.on("error", reject);
  });
}

/** Whether a new TCP connection to `port` is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

beforeAll(async () => {
  if (onPostgres) db = await getDb();
});

afterAll(async () => {
  for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill("SIGKILL");
  await Promise.all(proxies.map((proxy) => proxy.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)("SIGTERM during a burst of checkouts (decision 0090)", () => {
  it(
    "every checkout that started is answered and placed, new connections are refused, /readyz says 503, the process exits 0",
    { timeout: 120_000 },
    async () => {
      const { instance, proxy, origin } = await start({});
      const [{ id: product }] = await db.select({ id: products.id }).from(products).where(eq(products.sku, "AK-PNL-SND-40"));
      await db.update(products).set({ stock: 1_000 }).where(eq(products.id, product));
      const consent = await checkoutConsentId(db);
      const methods = await db.select({ id: paymentMethods.id, code: paymentMethods.code }).from(paymentMethods);
      const deliveries = await db.select({ id: deliveryMethods.id, code: deliveryMethods.code }).from(deliveryMethods);
      const cod = String(methods.find((m) => m.code === "cod")!.id);
      const courier = deliveries.find((m) => m.code === "address")!.id;

      const cartIds: number[] = [];
      const checkouts: (() => Promise<Response>)[] = [];
      for (let i = 0; i < SHOPPERS; i++) {
        const shopper = new Visitor({ handle: (request: Request) => fetch(request) } as unknown as Shop, origin);
        cartIds.push(await cartAtPayment(db, shopper, `drain-${i}@example.com`, product, courier));
        const tokens = await shopper.formTokens("/kosarica");
        checkouts.push(() =>
          shopper.request(CHECKOUT, {
            method: "POST",
            body: new URLSearchParams({ ...tokens, intent: "payment", methodId: cod, acceptedConsents: consent }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
          }),
        );
      }

      // The balancer's health check, on a connection it keeps.
      const balancer = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const before = await get(balancer, origin, "/readyz");
      expect(before.status).toBe(200);

      // Each answer of the database 15 ms late: a checkout takes about half a second, and the
      // checkouts queue on the order number's row, so the last are answered seconds after the first.
      proxy.slow(15);
      const answered: { status: number | string; location: string | null; at: number }[] = [];
      const burst = checkouts.map((checkout) =>
        checkout().then(
          (response) => answered.push({ status: response.status, location: response.headers.get("Location"), at: Date.now() }),
          (error: Error) => answered.push({ status: `no answer: ${error.message}`, location: null, at: Date.now() }),
        ),
      );
      await sleep(300); // the checkouts have reached the server and wait on the (slow) database
      const signalled = Date.now();
      instance.child.kill("SIGTERM");
      await printed(instance, "SIGTERM: draining");

      // The listening socket closes within a turn or two of the server's event loop.
      const until = Date.now() + 2_000;
      while (!(await refused(instance.port)) && Date.now() < until) await sleep(20);
      expect(await refused(instance.port)).toBe(true);
      const during = await get(balancer, origin, "/readyz");
      expect(during.socket).toBe(before.socket);
      expect([during.status, during.connection, JSON.parse(during.body)]).toEqual([503, "close", { ready: false, draining: true }]);

      await Promise.all(burst);
      const code = await instance.exited;
      const stoppedAfter = Date.now() - signalled;
      expect(code, instance.output()).toBe(0);
      const finished = Number(/SIGTERM: (\d+) request\(s\) finished while draining/.exec(instance.output())?.[1]);

      expect(stoppedAfter).toBeLessThan(10_000);
      // The drain waited for them: answered after the signal, each an order placed.
      const late = answered.filter((a) => a.at > signalled).length;
      expect(late, instance.output()).toBeGreaterThanOrEqual(SHOPPERS / 2);
      expect(finished).toBeGreaterThanOrEqual(late); // late checkouts and the balancer's /readyz
      expect(answered.map((a) => a.status)).toEqual(Array(SHOPPERS).fill(302));
      for (const a of answered) expect(a.location).toMatch(/^\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/);
      const placed = await db.select({ slug: orders.slug }).from(orders).where(inArray(orders.cartId, cartIds));
      expect(placed).toHaveLength(SHOPPERS);
      balancer.destroy();
    },
  );

  it("a request that outlasts DRAIN_TIMEOUT_MS is cut off and the process still exits 0 within the bound", async () => {
    const { instance, proxy, origin } = await start({ DRAIN_TIMEOUT_MS: "1000" });
    const { createApiKey } = await import("~/modules/api/api-keys.server");
    const apiKey = (await createApiKey({ name: "drain", kind: "integration", rateLimit: 100_000 })).token;
    // A new cart session is a row written: every call needs the database.
    const newCart = () => fetch(`${origin}/api/v1/ecommerce/cart/getNewCartSession`, { headers: { "X-Api-Key": apiKey } });
    expect((await newCart()).status).toBe(200);
    await proxy.cut("silent"); // the database never answers again: the next call waits on it (5 s connect timeout)
    const stuck = newCart().then(
      (response) => response.status,
      () => "cut off",
    );
    await sleep(200);
    const signalled = Date.now();
    instance.child.kill("SIGTERM");
    expect(await instance.exited).toBe(0);
    // 1 s of drain, then at most 5 s for the database to close.
    expect(Date.now() - signalled).toBeLessThan(7_500);
    expect(instance.output()).toContain("1 request(s) still running after 1000 ms: cut off");
    expect(await stuck).toBe("cut off");
  });
});
