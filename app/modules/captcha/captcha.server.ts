import { env } from "~/.server/env.server";
import { DomainError } from "~/.server/domain-error";
import { CAPTCHA_VERSION, type CaptchaConfig } from "~/lib/captcha";

/**
 * reCAPTCHA v2 invisible on the server (spec §9 captcha defaults; §7 contact/contactAdmin
 * carries the recaptcha response). The one module that calls Google, so msw stands in
 * for it in tests (DESIGN.md: one module per outbound integration).
 */
export const SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

// Google answers in well under a second; a hung call must not hold the shopper's form.
const VERIFY_TIMEOUT_MS = 5000;

/** The widget's settings for a form, or null when no keys are set (the honeypot alone guards it). */
export function captchaConfig(): CaptchaConfig | null {
  if (!env.RECAPTCHA_SITE_KEY || !env.RECAPTCHA_SECRET_KEY) return null;
  return { siteKey: env.RECAPTCHA_SITE_KEY, version: CAPTCHA_VERSION, invisible: true };
}

const failed = () => new DomainError("captchaFailed", { message: "Captcha verification failed", key: "captcha.failed" });

/**
 * Checks the widget's answer with Google. Without keys there is nothing to check: readForm
 * has already refused a filled honeypot. A missing or refused answer is captcha.failed
 * (400); Google unreachable is captcha.unavailable (503), never a 500.
 */
export async function verifyCaptcha(token: unknown): Promise<void> {
  const secret = env.RECAPTCHA_SECRET_KEY;
  if (!captchaConfig() || !secret) return;
  if (typeof token !== "string" || token.trim() === "") throw failed();
  let answer: { success?: unknown };
  try {
    const response = await fetch(SITEVERIFY_URL, {
      method: "POST",
      body: new URLSearchParams({ secret, response: token }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = (await response.json()) as { success?: unknown };
  } catch (error) {
    console.error("reCAPTCHA verification could not be done", error);
    throw new DomainError("captchaUnavailable", { message: "Captcha verification unavailable", key: "captcha.unavailable", status: 503 });
  }
  if (answer.success !== true) throw failed();
}
