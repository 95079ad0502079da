import { createHmac, timingSafeEqual } from "node:crypto";
import { env, isProduction } from "~/.server/env.server";

/**
 * HMAC-SHA256 signatures between the shop and the card provider (decision 0012). Both
 * sides sign the same fields in the same order, `name=value` lines joined by "\n", so a
 * changed amount, order or outcome no longer matches.
 */

/** What the shop sends to the provider's payment page. */
export const REQUEST_FIELDS = ["orderId", "orderRef", "amount", "currency", "returnUrl", "callbackUrl"] as const;
/** What the provider sends back, to the browser's return URL and in its callback. */
export const RESULT_FIELDS = ["orderId", "orderRef", "amount", "currency", "outcome", "reference"] as const;

export type SignedFields<K extends string> = Record<K, string>;

// Development only: production must configure PAYMENT_CARD_SECRET or card payments stay off.
const DEVELOPMENT_SECRET = "development-card-secret-not-for-production";

export function cardSecret(): string | null {
  return env.PAYMENT_CARD_SECRET ?? (isProduction ? null : DEVELOPMENT_SECRET);
}

export function signFields(fields: Record<string, string>, names: readonly string[], secret: string): string {
  const text = names.map((name) => `${name}=${fields[name] ?? ""}`).join("\n");
  return createHmac("sha256", secret).update(text, "utf8").digest("hex");
}

/** The named fields when the signature matches (compared in constant time); otherwise null. */
export function verifiedFields<K extends string>(
  source: URLSearchParams | Record<string, unknown>,
  names: readonly K[],
  secret: string | null,
): SignedFields<K> | null {
  if (!secret) return null;
  const read = (name: string) => {
    const value = source instanceof URLSearchParams ? source.get(name) : source[name];
    return typeof value === "string" ? value : null;
  };
  const fields = {} as SignedFields<K>;
  for (const name of names) {
    const value = read(name);
    if (value === null || value.length > 2000) return null;
    fields[name] = value;
  }
  const given = read("signature");
  if (!given || !/^[0-9a-f]{64}$/.test(given)) return null;
  const expected = Buffer.from(signFields(fields, names, secret), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex")) ? fields : null;
}
