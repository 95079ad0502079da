// Both databases: the outbox rows claimed and retried by the relay (SKIP LOCKED, leases).
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, mailOutbox } from "~/.server/db/schema";
import { MAIL_MAX_ATTEMPTS } from "~/modules/mail/mail-backoff";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";
import { submit } from "../setup/account-helpers";
import { createStaff, signInAsStaff } from "../setup/staff";
import { bootShop, type Shop } from "../setup/shop";
import { startSmtpSink } from "../setup/smtp-sink";

/**
 * The outbox screen (/admin/mail, decision 0042): the list pattern over mail_outbox,
 * a mail's page with its text and its HTML kept out of the admin page, "send again", and
 * the relay's retry of failed deliveries with back-off (docs/decisions/0042, 0089). SMTP
 * is not configured for the shop here; the relay tests hand the transport in.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
const smtp = await startSmtpSink();
const ids: Record<string, number> = {};

async function insertMail(key: string, values: Partial<typeof mailOutbox.$inferInsert>) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ kind: "priceEnquiry", to: `${key}@primjer.hr`, subject: `Predmet ${key}`, text: `Tekst ${key}`, ...values })
    .returning({ id: mailOutbox.id });
  ids[key] = row.id;
}

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  await insertMail("poslana", {
    status: "sent",
    attempts: 1,
    sentAt: new Date("2026-11-10T10:00:00Z"),
    createdAt: new Date("2026-11-10T09:59:00Z"),
  });
  await insertMail("pala", {
    kind: "passwordReset",
    status: "failed",
    attempts: 2,
    error: "550 mailbox unavailable",
    createdAt: new Date("2026-11-12T08:00:00Z"),
  });
  await insertMail("ceka", { kind: "newOrder", createdAt: new Date("2026-11-20T22:30:00Z") });
  await insertMail("html", {
    html: `<p>Pozdrav</p><script>parent.document.title="hacked"</script><img src=x onerror="alert(1)">`,
    createdAt: new Date("2026-11-11T08:00:00Z"),
  });
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await smtp.close();
});

const listed = (html: string) => [...html.matchAll(/href="\/admin\/mail\/(\d+)"/g)].map((m) => Number(m[1]));
const mine = (html: string) => listed(html).filter((id) => Object.values(ids).includes(id));
const rowOf = async (id: number) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe("/admin/mail", () => {
  it("lists every mail newest first with kind, recipient, subject, status, attempts and the last error", async () => {
    const { response, html } = await admin.page("/admin/mail?q=primjer.hr");
    expect(response.status).toBe(200);
    expect(mine(html)).toEqual([ids.ceka, ids.pala, ids.html, ids.poslana]);
    expect(html).toContain("Nova lozinka");
    expect(html).toContain("Neuspjelo");
    expect(html).toContain("550 mailbox unavailable");
  });

  it("filters by status, kind and day range (shop time) and searches recipient and subject", async () => {
    expect(mine((await admin.page("/admin/mail?status=failed")).html)).toEqual([ids.pala]);
    expect(mine((await admin.page("/admin/mail?kind=newOrder")).html)).toEqual([ids.ceka]);
    expect(mine((await admin.page("/admin/mail?q=Predmet%20posl")).html)).toEqual([ids.poslana]);
    // 22:30 UTC on the 20th is 23:30 in Zagreb: inside "to 2026-11-20".
    expect(mine((await admin.page("/admin/mail?from=2026-11-11&to=2026-11-20")).html)).toEqual([ids.ceka, ids.pala, ids.html]);
    const { response } = await admin.page("/admin/mail?status=lost");
    expect(response.status).toBe(400);
  });

  it("exports the filtered outbox as CSV", async () => {
    const response = await admin.get("/admin/mail.csv?status=failed");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="posta-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Broj;Vrsta;Primatelj;Predmet;Status;Pokušaji;Zadnja greška;Napisano;Poslano");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`${ids.pala};Nova lozinka;pala@primjer.hr;Predmet pala;Neuspjelo;2;550 mailbox unavailable;12. 11. 2026. 09:00;`);
  });

  it("shows a mail's text, and its HTML only in an empty sandbox and as escaped source", async () => {
    const { response, html } = await admin.page(`/admin/mail/${ids.html}`);
    expect(response.status).toBe(200);
    expect(html).toContain("Tekst html");
    expect(html).toMatch(/<iframe[^>]*sandbox=""[^>]*srcDoc="&lt;p&gt;Pozdrav/i);
    expect(html).not.toContain("<script>parent.document");
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
    expect((await admin.page("/admin/mail/999999")).response.status).toBe(404);
    expect((await admin.page("/admin/mail/abc")).response.status).toBe(404);
  });

  it("is for admins only: the outbox holds password-reset links", async () => {
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    expect((await sales.page("/admin/mail")).response.status).toBe(403);
    expect((await sales.page(`/admin/mail/${ids.pala}`)).response.status).toBe(403);
    expect((await sales.get("/admin/mail.csv")).status).toBe(403);
  });

  it("sends a sent mail again as a copy, and a failed one again as itself (queued without SMTP), audited", async () => {
    const copy = await submit(admin, `/admin/mail/${ids.poslana}`, { intent: "resend" });
    expect(copy.status).toBe(302);
    const copyId = Number(copy.location!.split("/").pop());
    expect(copyId).not.toBe(ids.poslana);
    expect(await rowOf(copyId)).toMatchObject({
      to: "poslana@primjer.hr",
      subject: "Predmet poslana",
      text: "Tekst poslana",
      status: "queued",
    });
    expect((await rowOf(ids.poslana)).status).toBe("sent");
    expect(copy.toast?.text).toBe("Poruka je u redu čekanja (slanje e-pošte nije podešeno).");

    const again = await submit(admin, "/admin/mail?status=failed", {
      intent: "resendFailed",
      mailId: [String(ids.pala), String(ids.ceka)],
    });
    expect(again.status).toBe(302);
    expect(again.location).toBe("/admin/mail?status=failed");
    expect(again.toast?.text).toBe("Ponovno slanje: predano za slanje 0, u redu čekanja 1.");
    expect(await rowOf(ids.pala)).toMatchObject({ status: "queued", nextAttemptAt: null });
    const audit = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [ids.poslana, ids.pala]));
    expect(
      audit
        .filter((a) => a.entity === "mail")
        .map((a) => a.action)
        .sort(),
    ).toEqual(["resend", "resendCopy"]);
    const { html } = await admin.page(`/admin/mail/${ids.pala}`);
    expect(html).toContain("Ponovno slanje");
  });
});

describe("delivery with retry and back-off (the relay, decision 0089)", () => {
  // The screen's rows above are done with: each test below starts with an outbox whose only
  // claimable rows are its own.
  beforeEach(async () => {
    await db
      .update(mailOutbox)
      .set({ status: "sent", nextAttemptAt: null })
      .where(inArray(mailOutbox.status, ["queued", "failed"]));
  });

  it("a failed delivery is tried again when due, by a relay pass, and counts its attempts", async () => {
    const { sendMail } = await import("~/modules/mail/mail.server");
    const { relayMails } = await import("~/modules/mail/mail-relay.server");
    const { mailTransport } = await import("~/modules/mail/mail-transport.server");
    const dead = mailTransport("smtp://127.0.0.1:1")!;
    const working = mailTransport(smtp.url)!;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const mail = await sendMail({ kind: "passwordReset", to: "retry@primjer.hr", subject: "Ponovno", text: "Tijelo" });
      const start = new Date();
      expect(await relayMails({ now: start, transport: dead })).toEqual(["failed"]);
      const failed = await rowOf(mail.id);
      expect(failed).toMatchObject({ status: "failed", attempts: 1 });
      expect(failed.error).toMatch(/ECONNREFUSED/);
      expect(failed.nextAttemptAt!.getTime() - start.getTime()).toBe(60_000);

      // Not due yet: nothing is sent.
      expect(await relayMails({ now: new Date(start.getTime() + 30_000), transport: working })).toEqual([]);
      // Due, SMTP still down: the second attempt fails, the next is 5 minutes later.
      const second = new Date(start.getTime() + 61_000);
      expect(await relayMails({ now: second, transport: dead })).toEqual(["failed"]);
      expect(await rowOf(mail.id)).toMatchObject({ status: "failed", attempts: 2, nextAttemptAt: new Date(second.getTime() + 5 * 60_000) });
      // SMTP is back: the third attempt delivers it.
      const received = smtp.received.length;
      const results = await relayMails({ now: new Date(second.getTime() + 5 * 60_000), transport: working });
      expect(results).toEqual(["sent"]);
      expect(await rowOf(mail.id)).toMatchObject({ status: "sent", attempts: 3, error: null, nextAttemptAt: null });
      expect(smtp.received.slice(received).filter((m) => m.to.includes("<retry@primjer.hr>"))).toHaveLength(1);
      // Sent: never again.
      expect(await relayMails({ now: new Date(start.getTime() + 86_400_000), transport: working })).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });

  it("gives up after the last attempt: the mail stays failed with the last error", async () => {
    const { sendMail } = await import("~/modules/mail/mail.server");
    const { relayMails } = await import("~/modules/mail/mail-relay.server");
    const { mailTransport } = await import("~/modules/mail/mail-transport.server");
    const dead = mailTransport("smtp://127.0.0.1:1")!;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const mail = await sendMail({ kind: "newOrder", to: "odustani@primjer.hr", subject: "Odustani", text: "Tijelo" });
      await relayMails({ transport: dead });
      let now = new Date();
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        now = (await rowOf(mail.id)).nextAttemptAt!;
        await relayMails({ now, transport: dead });
        expect((await rowOf(mail.id)).attempts).toBe(attempt);
      }
      const last = await rowOf(mail.id);
      expect(last).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS, nextAttemptAt: null });
      expect(last.error).toMatch(/ECONNREFUSED/);
      // Given up (failed without a next attempt): no pass takes it again.
      expect(await relayMails({ now: new Date(now.getTime() + 7 * 86_400_000), transport: dead })).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });

  it("two relays never claim one mail: the claim is one statement with SKIP LOCKED and a lease", async () => {
    const { relayMails } = await import("~/modules/mail/mail-relay.server");
    const { mailTransport } = await import("~/modules/mail/mail-transport.server");
    const [row] = await db
      .insert(mailOutbox)
      .values({
        kind: "newOrder",
        to: "jednom@primjer.hr",
        subject: "Jednom",
        text: "T",
        status: "failed",
        attempts: 1,
        nextAttemptAt: new Date(Date.now() - 1000),
      })
      .returning();
    const received = smtp.received.length;
    const working = mailTransport(smtp.url)!;
    const results = await Promise.all([relayMails({ transport: working }), relayMails({ transport: working })]);
    expect(results.flat()).toEqual(["sent"]);
    expect(smtp.received.slice(received).filter((m) => m.to.includes("<jednom@primjer.hr>"))).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a mail claimed by a process that died is taken over once its lease has run out", async () => {
    const { claimMail, relayMails } = await import("~/modules/mail/mail-relay.server");
    const { mailTransport } = await import("~/modules/mail/mail-transport.server");
    const { env } = await import("~/.server/env.server");
    const working = mailTransport(smtp.url)!;
    const [row] = await db
      .insert(mailOutbox)
      .values({ kind: "newOrder", to: "preuzmi@primjer.hr", subject: "Preuzmi", text: "T" })
      .returning();
    const start = new Date();
    // The dead process: claimed it, then never sent it nor recorded anything.
    expect((await claimMail(start))?.id).toBe(row.id);
    expect(await relayMails({ now: new Date(start.getTime() + 60_000), transport: working })).toEqual([]);
    const after = new Date(start.getTime() + env.MAIL_LEASE_SECONDS * 1000 + 1);
    expect(await relayMails({ now: after, transport: working })).toEqual(["sent"]);
    expect(await rowOf(row.id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});
