import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/.server/env.server";
import { limiter } from "~/.server/http/rate-limit.server";
import { ApiError } from "./api-errors.server";
import type { ApiKey } from "./api-keys.server";

/**
 * Budgets of the API (decision 0057): each key its own `rate_limit` calls a minute; the
 * sign-in, registration and recovery calls besides a strict budget per client address
 * (RATE_LIMIT_AUTH_POINTS, the same as the shop's forms), so a public storefront key
 * shared by every shopper cannot be used to guess passwords faster.
 */
const perKey = new Map<number, Promise<RateLimiterAbstract>>();
let strict: Promise<RateLimiterAbstract> | undefined;

async function consume(bucket: Promise<RateLimiterAbstract>, key: string) {
  try {
    await (await bucket).consume(key);
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    const seconds = Math.ceil(((rejection as { msBeforeNext?: number }).msBeforeNext ?? 60_000) / 1000);
    throw new ApiError(429, `Too many requests; try again in ${seconds} s`);
  }
}

export async function chargeCall(key: ApiKey | null, clientAddress: string, isStrict: boolean) {
  if (key) {
    if (!perKey.has(key.rateLimit)) perKey.set(key.rateLimit, limiter("rl:api-key", key.rateLimit));
    await consume(perKey.get(key.rateLimit)!, `${key.id}`);
  }
  if (isStrict) await consume((strict ??= limiter("rl:api-auth", env.RATE_LIMIT_AUTH_POINTS)), clientAddress);
}
