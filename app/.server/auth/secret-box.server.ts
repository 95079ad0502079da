import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "../env.server";

/**
 * Small secrets kept encrypted at rest (a backoffice user's TOTP secret, decision 0086):
 * AES-256-GCM under a key derived (HKDF-SHA256) from the session secret, so a copy of the
 * database alone does not hold them. Sealed with the first SESSION_SECRET; opened with any
 * of them, so a rotation (a new secret put first, the old one kept after it) loses nothing.
 */
const keyOf = (secret: string, purpose: string) => Buffer.from(hkdfSync("sha256", secret, "krovni-shop", purpose, 32));

export function seal(plain: string, purpose: string, secrets: readonly string[] = env.SESSION_SECRETS): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secrets[0], purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The sealed text, or null when no configured secret opens it (or it was tampered with). */
export function open(sealed: string, purpose: string, secrets: readonly string[] = env.SESSION_SECRETS): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret, purpose), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      // Not this secret: try the next.
    }
  }
  return null;
}
