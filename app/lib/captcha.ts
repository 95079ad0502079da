/**
 * The captcha of public forms, isomorphic: the form renders it, the server verifies it.
 * Spec §9 "Captcha defaults: version 2, invisible"; spec §8 "missing site key or version
 * throws a setup error". Without keys the forms rely on the honeypot alone.
 */
export const CAPTCHA_VERSION = 2;

/** What a form needs to render the widget (the secret key never leaves the server). */
export type CaptchaConfig = { siteKey: string; version: number; invisible: boolean };

/** The field Google's widget fills and the server verifies. */
export const CAPTCHA_FIELD = "g-recaptcha-response";

export class CaptchaSetupError extends Error {
  constructor(message: string) {
    super(`ReCaptcha setup error: ${message}`);
    this.name = "CaptchaSetupError";
  }
}

/** Spec §8: a configuration without a site key or with a version other than 2 is a setup error. */
export function checkCaptchaSetup(config: Partial<CaptchaConfig>): asserts config is CaptchaConfig {
  if (!config.siteKey?.trim()) throw new CaptchaSetupError("the site key is missing");
  if (config.version !== CAPTCHA_VERSION)
    throw new CaptchaSetupError(`version ${config.version ?? "(none)"} is not supported, only ${CAPTCHA_VERSION}`);
}
