// Both databases: the production server's relay across kills and restarts; on PostgreSQL a dead process's lease is taken over, on PGlite the next start frees it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { messageIdOf } from "~/modules/mail/mail-relay.server";
import { Visitor } from "../setup/client";
import type { Shop } from "../setup/shop";
import { startSmtpSink } from "../setup/smtp-sink";

/**
 * Decision 0089 on the real server (build/server.js, as `npm start` runs it) with SMTP_URL
 * pointed at a local SMTP server that counts what it accepts by Message-ID (one per outbox
 * row). Shoppers ask for password-reset mails in a loop while the server is SIGKILLed in
 * the middle of sending a mail, started again, SIGTERMed in the middle of sending another
 * and started a third time. Every mail row committed in all of that is sent, exactly once.
 */
const root = path.resolve(import.meta.dirname, "../..");
const onPostgres = Boolean(process.env.DATABASE_URL);
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-outbox-"));
const smtp = await startSmtpSink();
let port: number;
let origin: string;
let child: ChildProcess | null = null;

/** A port free now, so that every run of the server has the same PUBLIC_URL. */
async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function startServer() {
  const server = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: origin,
      SESSION_SECRET: "outbox-server-test-secret-0123456789",
      // PostgreSQL: this file's throw-away database. PGlite: a directory of its own.
      DATABASE_URL: onPostgres ? process.env.DATABASE_URL : "",
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      // A lease a test can wait out: the SIGKILLed process's mail is taken over after it.
      MAIL_LEASE_SECONDS: "5",
      RATE_LIMIT_POINTS: "100000",
      RATE_LIMIT_AUTH_POINTS: "100000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 150_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (/listening on http:\/\/localhost:\d+/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout!.on("data", read);
    server.stderr!.on("data", read);
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child = server;
  const exited = new Promise<number | null>((resolve) => {
    if (server.exitCode !== null) resolve(server.exitCode);
    else server.once("exit", (code) => resolve(code));
  });
  return { server, exited, output: () => output };
}

/**
 * Writers asking for reset mails, one request after another each, until `stop()`; a
 * request the dying server does not answer counts as not answered (its row may or may
 * not be committed: the database says).
 */
function writers(count: number) {
  let running = true;
  const answered = { ok: 0, lost: 0 };
  const loops = Array.from({ length: count }, async () => {
    const visitor = new Visitor({ handle: (request: Request) => fetch(request) } as unknown as Shop, origin);
    for (let i = 0; running && i < 500; i++) {
      try {
        const response = await visitor.post("/zaboravljena-lozinka", { intent: "forgot", email: DEMO_CUSTOMER.email }, { tokenFrom: "/" });
        if (response.status === 302) answered.ok++;
        else answered.lost++;
      } catch {
        answered.lost++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  return {
    answered,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Reset mails the server has committed so far is unknown to the test: it waits for the SMTP server to have some. */
const acceptedSoFar = () => smtp.received.length;

beforeAll(async () => {
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
}, 10_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The outbox's reset mails, read when no server runs (PGlite has the directory to itself). */
async function resetMailRows() {
  if (onPostgres) {
    const { getDb } = await import("~/.server/db/client.server");
    const { mailOutbox } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const db = await getDb();
    return db.select().from(mailOutbox).where(eq(mailOutbox.kind, "passwordReset"));
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = await PGlite.create({ dataDir: path.join(dataDir, "pgdata"), extensions: { unaccent, pg_trgm } });
  try {
    const { rows } = await client.query<{ id: number; status: string; created_at: Date }>(
      "select id, status, created_at from mail_outbox where kind = 'passwordReset'",
    );
    return rows.map((r) => ({ id: r.id, status: r.status, createdAt: new Date(r.created_at) }));
  } finally {
    await client.close();
  }
}

describe("the relay of the production server across SIGKILL, SIGTERM and restarts", () => {
  it("sends every committed mail row exactly once", { timeout: 480_000 }, async () => {
    // Run 1: load, then SIGKILL while the SMTP server holds a mail's acceptance (the relay
    // is mid-send; the dead process's mail was never accepted and its lease stays).
    let run = await startServer();
    let load = writers(2);
    await vi.waitFor(() => expect(acceptedSoFar()).toBeGreaterThanOrEqual(5), { timeout: 60_000, interval: 50 });
    smtp.state.hold = true;
    await vi.waitFor(() => expect(smtp.held).toHaveLength(1), { timeout: 30_000, interval: 20 });
    run.server.kill("SIGKILL");
    expect(await run.exited).toBeNull();
    await load.stop();
    await vi.waitFor(() => expect(smtp.held).toHaveLength(0), { timeout: 5_000, interval: 20 }); // its connection died with it
    smtp.state.hold = false;
    const afterKill = acceptedSoFar();

    // Run 2: load again; SIGTERM while a mail is held: the relay claims nothing more, the
    // mail being sent finishes once the server accepts it, and the process exits cleanly.
    run = await startServer();
    load = writers(2);
    await vi.waitFor(() => expect(acceptedSoFar()).toBeGreaterThanOrEqual(afterKill + 5), { timeout: 60_000, interval: 50 });
    smtp.state.hold = true;
    await vi.waitFor(() => expect(smtp.held).toHaveLength(1), { timeout: 30_000, interval: 20 });
    run.server.kill("SIGTERM");
    await vi.waitFor(() => expect(run.output()).toContain("SIGTERM: closing"), { timeout: 10_000, interval: 20 });
    smtp.release();
    expect(await run.exited).toBe(0);
    await load.stop();

    // Run 3: no load; it sends what the others left (on PostgreSQL the killed run's mail
    // once its lease has run out) until the SMTP server hears nothing new.
    run = await startServer();
    let seen = -1;
    await vi.waitFor(
      () => {
        const now = acceptedSoFar();
        const quiet = now === seen;
        seen = now;
        expect(quiet).toBe(true);
      },
      { timeout: 120_000, interval: 7_000 },
    );
    run.server.kill("SIGTERM");
    expect(await run.exited).toBe(0);

    const rows = await resetMailRows();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(row.status, `mail ${row.id}`).toBe("sent");
      expect(smtp.count(messageIdOf(row)), `mail ${row.id}`).toBe(1);
    }
    // Nothing was accepted that is not a committed row.
    expect(smtp.received).toHaveLength(rows.length);
  });
});
