import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consents, mailOutbox, priceEnquiries } from "~/.server/db/schema";
import { submit } from "../setup/account-helpers";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { startSmtpSink } from "../setup/smtp-sink";

/**
 * The outbox with SMTP_URL set (DESIGN.md: nodemailer with SMTP_URL; decision 0089): a
 * price enquiry's mail is stored and the request answers; the relay then hands it to a
 * local SMTP server and marks it sent; a refusal marks it failed with the server's answer
 * and the enquiry stays stored. `relayMails()` is one pass of the relay.
 */
const smtp = await startSmtpSink();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "Alu Krov <no-reply@alu-krov.hr>";

let shop: Shop;
let db: Database;
let path: string;
let privacyConsent: number;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  path = `/upit-o-cijeni/${await catalogue(shop).slugOf("AK-PNL-SND-40")}`;
  privacyConsent = (await db.select().from(consents).where(eq(consents.uniqueNumber, 1)))[0].id;
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const send = (email: string) =>
  new Visitor(shop).post(
    path,
    { firstName: "Mia", from: email, content: "Ponuda?", acceptedConsents: String(privacyConsent) },
    { tokenFrom: path },
  );

async function mailOf(email: string) {
  const [enquiry] = await db.select().from(priceEnquiries).where(eq(priceEnquiries.email, email));
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, enquiry.mailId!));
  return mail;
}

describe("mail through SMTP_URL", () => {
  it("delivers the enquiry's mail to SendEmailTo with the shopper as reply address, and marks it sent", async () => {
    const { relayMails } = await import("~/modules/mail/mail-relay.server");
    expect((await send("smtp.ok@example.com")).status).toBe(302);
    // The request did not talk to SMTP: the row waits for the relay.
    expect(await mailOf("smtp.ok@example.com")).toMatchObject({ status: "queued", nextAttemptAt: null });
    expect(smtp.received).toHaveLength(0);
    expect(await relayMails()).toEqual(["sent"]);
    const mail = await mailOf("smtp.ok@example.com");
    expect(mail.status).toBe("sent");
    expect(mail.sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received.from).toBe("<no-reply@alu-krov.hr>");
    expect(received.to).toEqual(["<info@alu-krov.hr>"]);
    expect(received.data).toMatch(/^Reply-To: smtp\.ok@example\.com$/m);
    expect(received.data).toMatch(/^Subject: /m);
    // One Message-ID per outbox row, so a mail sent twice is one message to the recipient.
    expect(received.messageId).toBe(`<outbox-${mail.id}-${mail.createdAt.getTime()}@alu-krov.hr>`);
  });

  it("sendMail without a transaction wakes the running relay: the mail goes out within a moment, once", async () => {
    // Imported here: the environment above must be set before the module reads it.
    const { sendMail } = await import("~/modules/mail/mail.server");
    const { startMailRelay, stopMailRelay } = await import("~/modules/mail/mail-relay.server");
    // A poll far away: only the wake-up can send it in time.
    expect(await startMailRelay({ pollMs: 600_000 })).toBe(true);
    try {
      const before = smtp.received.length;
      const mail = await sendMail({ kind: "priceEnquiry", to: "direct@example.com", subject: "Izravno", text: "Tijelo" });
      await vi.waitFor(async () => expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id)))[0].status).toBe("sent"), {
        timeout: 5_000,
      });
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      expect(row).toMatchObject({ to: "direct@example.com", status: "sent", replyTo: null, attempts: 1 });
      expect(smtp.received.length).toBe(before + 1);
      expect(smtp.received.at(-1)!.to).toEqual(["<direct@example.com>"]);
    } finally {
      await stopMailRelay();
    }
  });

  it("marks the mail failed with the server's refusal; the enquiry is stored and the shopper is thanked", async () => {
    const { relayMails } = await import("~/modules/mail/mail-relay.server");
    smtp.state.refuse = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await send("smtp.refused@example.com");
      expect(response.status).toBe(302);
      expect(await relayMails()).toEqual(["failed"]);
      const mail = await mailOf("smtp.refused@example.com");
      expect(mail.status).toBe("failed");
      expect(mail.sentAt).toBeNull();
      expect(mail.error).toMatch(/550/);
      expect(mail.nextAttemptAt).toBeInstanceOf(Date); // tried again after the back-off
      expect(logged).toHaveBeenCalled(); // the full refusal is kept for the operator
    } finally {
      logged.mockRestore();
      smtp.state.refuse = false;
    }
  });

  it("the backoffice's send again hands the failed mail to the relay and says so; the relay sends it", async () => {
    const { relayMails } = await import("~/modules/mail/mail-relay.server");
    const failed = await mailOf("smtp.refused@example.com");
    expect(failed.status).toBe("failed");
    const admin = await loginAsAdmin(new Visitor(shop));
    const again = await submit(admin, `/admin/mail/${failed.id}`, { intent: "resend" });
    expect(again.status).toBe(302);
    expect(again.toast?.text).toBe("Poruka je predana za slanje i odlazi za nekoliko sekundi.");
    expect(await mailOf("smtp.refused@example.com")).toMatchObject({ status: "queued", nextAttemptAt: null });
    expect(await relayMails()).toEqual(["sent"]);
    expect(await mailOf("smtp.refused@example.com")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("with SMTP a staff message says the mail was sent (without it, that it waits: admin-users, admin-orders)", async () => {
    const admin = await loginAsAdmin(new Visitor(shop));
    const email = `smtp.invite.${Date.now()}@alu-krov.hr`;
    const invited = await submit(admin, "/admin/users", { intent: "invite", email, firstName: "Iva", lastName: "Poziv", scope: "sales" });
    expect(invited.toast?.text).toBe(`Poziv je poslan na ${email}.`);
  });
});
