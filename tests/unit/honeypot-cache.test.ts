import CryptoJS from "crypto-js";
import { SpamError } from "remix-utils/honeypot/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CachedHoneypot, HONEYPOT_WINDOW_MS } from "~/.server/honeypot.server";

/** The honeypot's crypto once per window (decision 0070); its checks as remix-utils makes them. */
const make = () =>
  new CachedHoneypot({ encryptionSeed: "test-seed-0123456789", nameFieldName: "website", validFromFieldName: "from__confirm" });
const posted = (validFrom: string, website = "") => {
  const form = new FormData();
  form.set("website", website);
  form.set("from__confirm", validFrom);
  return form;
};

afterEach(() => vi.useRealTimers());

describe("CachedHoneypot", () => {
  it("encrypts once per window a time no later than now, and accepts a post of it", () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T10:00:07Z") });
    const honeypot = make();
    const encrypt = vi.spyOn(CryptoJS.AES, "encrypt");
    const first = honeypot.getInputProps();
    vi.setSystemTime(new Date("2026-11-24T10:00:29Z"));
    expect(honeypot.getInputProps().encryptedValidFrom).toBe(first.encryptedValidFrom);
    expect(encrypt).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({ nameFieldName: "website", validFromFieldName: "from__confirm" });
    const time = Number(CryptoJS.AES.decrypt(first.encryptedValidFrom, "test-seed-0123456789").toString(CryptoJS.enc.Utf8));
    expect(time).toBe(Date.parse("2026-11-24T10:00:00Z"));
    expect(() => honeypot.check(posted(first.encryptedValidFrom))).not.toThrow();

    // The next window gets its own value.
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z").getTime() + HONEYPOT_WINDOW_MS);
    expect(honeypot.getInputProps().encryptedValidFrom).not.toBe(first.encryptedValidFrom);
    encrypt.mockRestore();
  });

  it("decrypts a posted value once, and still refuses a filled field, junk and a time in the future", () => {
    const honeypot = make();
    const { encryptedValidFrom } = honeypot.getInputProps();
    const decrypt = vi.spyOn(CryptoJS.AES, "decrypt");
    for (let i = 0; i < 5; i++) honeypot.check(posted(encryptedValidFrom));
    expect(decrypt).toHaveBeenCalledTimes(1);
    decrypt.mockRestore();

    expect(() => honeypot.check(posted(encryptedValidFrom, "http://spam"))).toThrow(SpamError);
    expect(() => honeypot.check(posted(CryptoJS.AES.encrypt("not a time", "test-seed-0123456789").toString()))).toThrow(SpamError);
    const future = honeypot.getInputProps({ validFromTimestamp: Date.now() + 60_000 }).encryptedValidFrom;
    expect(() => honeypot.check(posted(future))).toThrow(SpamError);
    // Asked twice, still refused (the cached decryption is a time, checked again each post).
    expect(() => honeypot.check(posted(future))).toThrow(SpamError);
  });

  it("refuses a value encrypted with another key as spam, never as a crash (wrong keys decrypt to bytes that are not UTF-8)", () => {
    const honeypot = make();
    for (let i = 0; i < 20; i++) {
      const forged = CryptoJS.AES.encrypt(String(Date.now() - 60_000), `another-seed-${i}`).toString();
      expect(() => honeypot.check(posted(forged))).toThrow(SpamError);
    }
    expect(() => honeypot.check(posted("not base64 at all %%%"))).toThrow(SpamError);
  });
});
