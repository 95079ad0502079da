import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with node:crypto only: the
 * authenticator apps' defaults (HMAC-SHA1, 30 s steps, 6 digits), a secret of 20 random
 * bytes written in base32 (RFC 4648, no padding) as the apps expect it.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone's clock a little off, a code typed as it turned. */
export const TOTP_WINDOW = 1;

export type HotpAlgorithm = "sha1" | "sha256" | "sha512";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 as people type it (spaces, lower case, padding allowed); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A fresh secret: 160 bits, RFC 4226's recommended length for HMAC-SHA1. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 HOTP: the code for one counter value, with dynamic truncation. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: HotpAlgorithm = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step a moment falls in (RFC 6238: T0 = 0). */
export function totpStep(nowMs: number, stepSeconds = TOTP_STEP_SECONDS): number {
  return Math.floor(nowMs / 1000 / stepSeconds);
}

export function totp(
  key: Uint8Array,
  nowMs: number,
  { digits = TOTP_DIGITS, algorithm = "sha1" as HotpAlgorithm, stepSeconds = TOTP_STEP_SECONDS } = {},
): string {
  return hotp(key, totpStep(nowMs, stepSeconds), digits, algorithm);
}

/**
 * The step a typed code belongs to, within ±TOTP_WINDOW of now, or null. A step at or
 * before `lastUsedStep` never matches: a code once accepted (and every older one) cannot be
 * used again, which is RFC 6238 §5.2's "MUST NOT accept the second attempt".
 */
export function matchTotp(secret: string, code: string, nowMs: number, lastUsedStep: number | null): number | null {
  const key = base32Decode(secret);
  const typed = code.replace(/\s/g, "");
  if (!key || !/^\d{6}$/.test(typed)) return null;
  const now = totpStep(nowMs);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    // Every candidate is compared (no early exit), in constant time.
    const same = timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(typed));
    if (same && (lastUsedStep === null || step > lastUsedStep) && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// address an authenticator app reads (the de facto Key Uri Format). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
