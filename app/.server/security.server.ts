import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { SpamError } from "remix-utils/honeypot/server";
import { cleanName, invalidText } from "~/lib/untrusted-text";
import { env, isProduction } from "./env.server";
import { CachedHoneypot } from "./honeypot.server";

/** Double-submit CSRF token: a signed SameSite cookie and the same token in every form. */
export const csrfCookie = createCookie("csrf", {
  path: "/",
  httpOnly: true,
  secure: isProduction,
  sameSite: "lax",
  secrets: env.SESSION_SECRETS,
});
export const csrf = new CSRF({
  cookie: csrfCookie,
  formDataKey: "csrf",
  secret: env.SESSION_SECRETS[0],
});

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
