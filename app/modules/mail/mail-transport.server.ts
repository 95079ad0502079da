import nodemailer from "nodemailer";

/** The part of a nodemailer transporter the outbox uses; tests hand in their own. */
export type MailTransport = {
  sendMail: (message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html?: string;
    messageId?: string;
  }) => Promise<unknown>;
};

// A slow or dead SMTP server must not hold the outbox relay for nodemailer's default two minutes; one
// conversation must end well within the relay's lease (MAIL_LEASE_SECONDS, decision 0089).
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

const transports = new Map<string, MailTransport>();

/**
 * The SMTP transport of SMTP_URL (smtp://user:pass@host:587, smtps://...), made once per
 * URL; null without one, which leaves mails queued in the outbox.
 */
export function mailTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null;
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}
