import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotp,
  otpauthUri,
  totp,
  type HotpAlgorithm,
} from "~/.server/auth/totp.server";

/** Two-factor sign-in codes (decision 0086): RFC 4226 and RFC 6238 with their published test vectors. */
const seeds: Record<HotpAlgorithm, Buffer> = {
  sha1: Buffer.from("12345678901234567890"),
  sha256: Buffer.from("12345678901234567890123456789012"),
  sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234"),
};

// RFC 6238 Appendix B: time (s), then the 8-digit codes for SHA1, SHA256, SHA512.
const RFC6238: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

// RFC 4226 Appendix D: HOTP of the SHA1 seed for counters 0..9.
const RFC4226 = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];

describe("TOTP (RFC 6238)", () => {
  it("gives RFC 6238's test vectors for SHA1, SHA256 and SHA512", () => {
    for (const [seconds, sha1, sha256, sha512] of RFC6238) {
      expect(totp(seeds.sha1, seconds * 1000, { digits: 8 })).toBe(sha1);
      expect(totp(seeds.sha256, seconds * 1000, { digits: 8, algorithm: "sha256" })).toBe(sha256);
      expect(totp(seeds.sha512, seconds * 1000, { digits: 8, algorithm: "sha512" })).toBe(sha512);
    }
  });

  it("gives RFC 4226's HOTP values", () => {
    RFC4226.forEach((code, counter) => expect(hotp(seeds.sha1, counter)).toBe(code));
  });

  it("round-trips base32 and makes 160-bit secrets", () => {
    expect(base32Encode(seeds.sha1)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(seeds.sha1);
    expect(base32Decode("not base32!")).toBeNull();
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it("accepts a code one step either side of now, not two, and never the same step again", () => {
    const secret = base32Encode(seeds.sha1);
    const now = 1111111111 * 1000;
    const step = Math.floor(now / 30_000);
    const at = (offset: number) => totp(seeds.sha1, now + offset * 30_000);
    expect(matchTotp(secret, at(0), now, null)).toBe(step);
    expect(matchTotp(secret, at(-1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, at(1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, at(-2), now, null)).toBeNull();
    expect(matchTotp(secret, at(2), now, null)).toBeNull();
    // Replay: the step already used, or an older one, is refused.
    expect(matchTotp(secret, at(0), now, step)).toBeNull();
    expect(matchTotp(secret, at(-1), now, step)).toBeNull();
    expect(matchTotp(secret, at(1), now, step)).toBe(step + 1);
    expect(matchTotp(secret, "12345", now, null)).toBeNull();
    expect(matchTotp(secret, "abcdef", now, null)).toBeNull();
  });

  it("writes the otpauth:// address authenticator apps read", () => {
    expect(otpauthUri("JBSWY3DPEHPK3PXP", "ana@alu-krov.hr", "Alu Krov")).toBe(
      "otpauth://totp/Alu%20Krov%3Aana%40alu-krov.hr?secret=JBSWY3DPEHPK3PXP&issuer=Alu+Krov&algorithm=SHA1&digits=6&period=30",
    );
  });
});
