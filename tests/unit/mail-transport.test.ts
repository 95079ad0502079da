import { describe, expect, it } from "vitest";
import { readEnv } from "~/.server/env.server";
import { mailTransport } from "~/modules/mail/mail-transport.server";

/** DESIGN.md: "nodemailer with SMTP_URL; without it, mails go to an outbox table". */
describe("the mail transport", () => {
  it("is none without SMTP_URL: mails stay queued in the outbox", () => {
    expect(mailTransport(undefined)).toBeNull();
    expect(mailTransport("")).toBeNull();
  });

  it("is one nodemailer SMTP transport per SMTP_URL", () => {
    const a = mailTransport("smtp://user:pass@127.0.0.1:2525");
    expect(typeof a?.sendMail).toBe("function");
    expect(mailTransport("smtp://user:pass@127.0.0.1:2525")).toBe(a);
    expect(mailTransport("smtp://127.0.0.1:2526")).not.toBe(a);
  });
});

describe("captcha keys in the environment (spec §8 setup error)", () => {
  it("are optional together and refused when only one is set", () => {
    expect(readEnv({}).RECAPTCHA_SITE_KEY).toBeUndefined();
    expect(readEnv({ RECAPTCHA_SITE_KEY: "s", RECAPTCHA_SECRET_KEY: "k" }).RECAPTCHA_SECRET_KEY).toBe("k");
    expect(() => readEnv({ RECAPTCHA_SITE_KEY: "s" })).toThrow(/ReCaptcha setup error/);
    expect(() => readEnv({ RECAPTCHA_SECRET_KEY: "k" })).toThrow(/ReCaptcha setup error/);
  });
});
