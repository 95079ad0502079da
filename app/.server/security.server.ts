import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { CSRFError } from "remix-utils/csrf/server";
import { SpamError } from "remix-utils/honeypot/server";
import { cleanName, invalidText } from "~/lib/untrusted-text";
import { createSecretCookie } from "./cookies.server";
import { env } from "./env.server";
import { CachedHoneypot } from "./honeypot.server";
import { sessionCookie } from "./session.server";

/** Double-submit CSRF token: a signed SameSite cookie and the same token in every form. */
export const csrfCookie = createSecretCookie("csrf");

/** The length of every token this shop issues: 32 random bytes and their HMAC, each in base64url, joined by a dot. */
export const CSRF_TOKEN_BYTES = 43 + 1 + 43;

/**
 * The CSRF token of every form, bound to the session (OWASP ASVS 3.5, decision 0085): a
 * random value and its HMAC over the value and the id of the session the request carries
 * ("" without one). It is kept in its cookie and posted with every form (double submit,
 * as remix-utils does), and it counts only for the session it was issued for: a token
 * taken from one session is refused in another, and signing in, out or a rotated id issues
 * a new one at the next page. remix-utils' own class signs the value alone, hence this one
 * with the same two calls (`commitToken`, `validate`) and its CSRFError.
 */
class SessionBoundCsrf {
  constructor(private readonly secret: string) {}

  private async sessionOf(cookieHeader: string | null): Promise<string> {
    const id: unknown = await sessionCookie.parse(cookieHeader);
    return typeof id === "string" ? id : "";
  }

  private sign(value: string, sessionId: string): string {
    return createHmac("sha256", this.secret).update(`csrf|${value}|${sessionId}`).digest("base64url");
  }

  /** Whether `token` was issued for `sessionId` by this shop. */
  fits(token: string, sessionId: string): boolean {
    const [value, signature, ...rest] = token.split(".");
    if (!value || !signature || rest.length > 0) return false;
    return sameText(signature, this.sign(value, sessionId));
  }

  /** The token for this request's forms, and the Set-Cookie header when a new one was issued. */
  async commitToken(requestOrHeaders: Request | Headers = new Headers()): Promise<[string, string | null]> {
    const header = (requestOrHeaders instanceof Request ? requestOrHeaders.headers : requestOrHeaders).get("Cookie");
    const [kept, sessionId] = await Promise.all([csrfCookie.parse(header) as Promise<unknown>, this.sessionOf(header)]);
    if (typeof kept === "string" && this.fits(kept, sessionId)) return [kept, null];
    const value = randomBytes(32).toString("base64url");
    const token = `${value}.${this.sign(value, sessionId)}`;
    return [token, await csrfCookie.serialize(token)];
  }

  /** Throws CSRFError unless the posted token is the cookie's and was issued for this request's session. */
  async validate(formData: FormData, headers: Headers): Promise<void> {
    const header = headers.get("Cookie");
    const [kept, sessionId] = await Promise.all([csrfCookie.parse(header) as Promise<unknown>, this.sessionOf(header)]);
    if (typeof kept !== "string") throw new CSRFError("missing_token_in_cookie", "Can't find CSRF token in cookie.");
    const posted = formData.get("csrf");
    if (typeof posted !== "string" || posted === "") throw new CSRFError("missing_token_in_body", "Can't find CSRF token in body.");
    if (!sameText(posted, kept)) throw new CSRFError("mismatched_token", "Can't verify CSRF token authenticity.");
    if (!this.fits(kept, sessionId)) throw new CSRFError("mismatched_token", "The CSRF token belongs to another session.");
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const csrf = new SessionBoundCsrf(env.SESSION_SECRETS[0]);

/**
 * The honeypot of every form: an empty text field a robot fills ("website") and the
 * encrypted time the form was rendered ("from__confirm"), both rendered hidden by
 * `SecureForm` (app/components/honeypot-inputs.tsx). The seed is stable so forms survive a restart.
 * Its crypto runs once per 30 s window (honeypot.server.ts).
 */
export const HONEYPOT_FIELDS = { name: "website", validFrom: "from__confirm" } as const;
export const honeypot = new CachedHoneypot({
  encryptionSeed: env.HONEYPOT_SEED,
  randomizeNameFieldName: false,
  nameFieldName: HONEYPOT_FIELDS.name,
  validFromFieldName: HONEYPOT_FIELDS.validFrom,
});
export const isHoneypotField = (name: string) => name === HONEYPOT_FIELDS.name || name === HONEYPOT_FIELDS.validFrom;

/** A refused form post: 400, shown as the translated error page (error.badRequest). */
const badRequest = () => new Response("Bad Request", { status: 400 });

/**
 * Reads a posted form after checking its CSRF token and honeypot. Every action reads its
 * form through this, so a forged or robot post is refused before anything changes:
 * 403 for a missing or wrong token, 400 for a filled honeypot or one left out. remix-utils
 * checks the honeypot only when its fields are posted, so a post without them would pass:
 * every form renders them, so a post that lacks either is refused here first. (A bearer
 * API call, which has no form, is not read through this.)
 */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw badRequest();
  }
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw new Response("Forbidden: invalid CSRF token", { status: 403 });
    throw error;
  }
  if (!formData.has(HONEYPOT_FIELDS.name) || !formData.has(HONEYPOT_FIELDS.validFrom)) throw badRequest();
  try {
    honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw badRequest();
    throw error;
  }
  return withCleanFileNames(formData);
}

/**
 * Uploaded files' names cleaned of what the text rule refuses (decision 0083): a name is not
 * typed, so it is cleaned rather than refused; the field values are screened by
 * `readSubmission` (forms.server.ts), which refuses them at their field.
 */
function withCleanFileNames(formData: FormData): FormData {
  const entries = [...formData.entries()];
  if (!entries.some(([, value]) => typeof value !== "string" && invalidText(value.name))) return formData;
  const cleaned = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === "string" || !invalidText(value.name)) cleaned.append(name, value);
    else cleaned.append(name, new File([value], cleanName(value.name), { type: value.type, lastModified: value.lastModified }));
  }
  return cleaned;
}
