import { Honeypot } from "remix-utils/honeypot/server";

/**
 * remix-utils' honeypot with its crypto done once per time window instead of per render:
 * its AES (crypto-js, a passphrase key derived with MD5 in JavaScript) cost about 2.5 % of
 * a fresh render's CPU, on every page, for every form's hidden "valid from" time
 * (decision 0070). The time it encrypts is the start of the current window: "valid from"
 * only has to be no later than the post (remix-utils refuses a time in the future), so an
 * earlier time checks the same. Posted values are decrypted once each (a bounded map): within
 * a window every form carries the same one.
 */
export const HONEYPOT_WINDOW_MS = 30_000;
const DECRYPTED_MAX = 256;

export class CachedHoneypot extends Honeypot {
  private issued: { from: number; value: string } | null = null;
  private readonly decrypted = new Map<string, string>();

  override getInputProps({ validFromTimestamp }: { validFromTimestamp?: number } = {}) {
    // An explicit time is encrypted as asked; the current one per window.
    if (validFromTimestamp !== undefined) return super.getInputProps({ validFromTimestamp });
    const from = Math.floor(Date.now() / HONEYPOT_WINDOW_MS) * HONEYPOT_WINDOW_MS;
    if (this.issued?.from !== from) this.issued = { from, value: this.encrypt(String(from)) };
    return { nameFieldName: this.nameFieldName, validFromFieldName: this.validFromFieldName, encryptedValidFrom: this.issued.value };
  }

  protected override decrypt(value: string): string {
    const known = this.decrypted.get(value);
    if (known !== undefined) return known;
    const plain = decryptedOrEmpty(() => super.decrypt(value));
    if (this.decrypted.size >= DECRYPTED_MAX) this.decrypted.delete(this.decrypted.keys().next().value!);
    this.decrypted.set(value, plain);
    return plain;
  }
}

/**
 * A value encrypted with another key decrypts to bytes that are not UTF-8, and crypto-js
 * throws a plain Error for them: read as no time at all, which remix-utils refuses as spam
 * (a 400 like any other forged honeypot, not a 500).
 */
function decryptedOrEmpty(decrypt: () => string): string {
  try {
    return decrypt();
  } catch {
    return "";
  }
}
