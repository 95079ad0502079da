import { env, isProduction } from "~/.server/env.server";
import { cardSecret } from "./card-signature.server";

/**
 * Whether the built-in test payment provider answers (/test-payment-provider/…): on outside
 * production, and where PAYMENT_TEST_PROVIDER=true (demos, browser tests on the production
 * build). A real shop leaves it off and sets PAYMENT_CARD_PROVIDER_URL (docs/decisions/0072).
 */
export function testProviderEnabled(): boolean {
  if (env.PAYMENT_TEST_PROVIDER) return env.PAYMENT_TEST_PROVIDER === "true";
  return !isProduction;
}

export const TEST_PROVIDER_PATH = "/test-payment-provider/pay";
export const CARD_CALLBACK_PATH = "/payment/card/callback";

/** The provider's payment page, or null when card payments cannot be taken here. */
export function providerUrl(origin: string): string | null {
  if (env.PAYMENT_CARD_PROVIDER_URL) return env.PAYMENT_CARD_PROVIDER_URL;
  return testProviderEnabled() ? `${origin}${TEST_PROVIDER_PATH}` : null;
}

/**
 * Whether card payments can be taken (decision 0031): a secret shared with the provider
 * and a provider page, the configured one or the built-in test provider where it is on.
 * Checkout offers the card method only then.
 */
export function cardConfigured(): boolean {
  return cardSecret() !== null && (Boolean(env.PAYMENT_CARD_PROVIDER_URL) || testProviderEnabled());
}
