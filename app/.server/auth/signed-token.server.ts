import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../env.server";

/**
 * The shop's signed link tokens (an e-product's download link, decision 0030; a draft's
 * preview link, decision 0124): the payload's fields joined by dots, then an HMAC-SHA256 of
 * `{purpose}:{payload}` under the session secret (base64url). The purpose keeps a token
 * made for one kind of link from opening another. Signed with the first SESSION_SECRET and
 * checked against each, so a rotation (a new secret put first, the old one kept after it)
 * leaves links already sent working until they expire.
 */
const SIGNATURE = /^[\w-]{43}$/;
// Bounded input: no link of the shop is this long, so a longer one is refused unread.
const MAX_TOKEN_LENGTH = 300;

function sign(purpose: string, payload: string, secret: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url");
}

/** The token of `fields` (none may contain a dot) for links of `purpose`. */
export function signedToken(purpose: string, fields: readonly string[], secrets: readonly string[] = env.SESSION_SECRETS): string {
  if (fields.some((field) => field === "" || field.includes("."))) throw new Error("a signed token's fields are non-empty and dot-free");
  const payload = fields.join(".");
  return `${payload}.${sign(purpose, payload, secrets[0])}`;
}

/** The fields a token of `purpose` names when its signature checks out under any configured secret, else null. */
export function readSignedToken(purpose: string, token: string, secrets: readonly string[] = env.SESSION_SECRETS): string[] | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const given = Buffer.from(signature);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(sign(purpose, payload, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? payload.split(".") : null;
}
