import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env, isProduction } from "./env.server";

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

/** Honeypot on public forms; the seed is stable so forms survive a restart. */
export const honeypot = new Honeypot({ encryptionSeed: env.HONEYPOT_SEED, randomizeNameFieldName: false, nameFieldName: "website" });

/**
 * Reads a posted form after checking its CSRF token and honeypot. Every action reads its
 * form through this, so a forged or robot post is refused before anything changes:
 * 403 for a missing or wrong token, 400 for a filled honeypot.
 */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400 });
  }
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw new Response("Forbidden: invalid CSRF token", { status: 403 });
    throw error;
  }
  try {
    honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response("Bad Request", { status: 400 });
    throw error;
  }
  return formData;
}
