import { createHash } from "node:crypto";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/.server/env.server";
import { limiter } from "~/.server/http/rate-limit.server";
import { ApiError } from "./api-errors.server";
import type { ApiKey } from "./api-keys.server";

/**
 * The API's budgets, calls a minute (decision 0084). The HTML forms' budget per address
 * (RATE_LIMIT_POINTS) does not count API calls; these do. A call that changes nothing
 * (`readOnly`, every GET) is charged to the read budget, anything else to the write one.
 */
export const API_BUDGETS = {
  /** An integration key: its own `rate_limit` (set on /admin/api-keys) for writes, this many times that for reads. */
  integrationReadFactor: 5,
  /** One shopper of a storefront key (public and shared by every shopper of the front end). */
  shopper: { read: 300, write: 60 },
  /**
   * Every shopper behind one address together (an office, a carrier's NAT): bounds a caller
   * who names a new cart or token on each call to get a fresh shopper budget.
   */
  address: { read: 1_500, write: 300 },
} as const;

export type CallKind = "read" | "write";

/** Who a call is charged to: an integration key, or the shopper of a storefront key and their address. */
export type Caller = { key: ApiKey | null; address: string; authorization: string | null; cartId: unknown };

const buckets = new Map<string, Promise<RateLimiterAbstract>>();
const bucket = (prefix: string, points: number) => {
  const name = `${prefix}:${points}`;
  if (!buckets.has(name)) buckets.set(name, limiter(prefix, points));
  return buckets.get(name)!;
};

async function consume(limit: Promise<RateLimiterAbstract>, id: string) {
  try {
    await (await limit).consume(id);
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    const seconds = Math.max(1, Math.ceil(((rejection as { msBeforeNext?: number }).msBeforeNext ?? 60_000) / 1000));
    throw new ApiError(429, `Too many requests; try again in ${seconds} s`, undefined, { "Retry-After": String(seconds) });
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 22);

/**
 * The shopper of a storefront call: the bearer token's sign-in, else the cart the call
 * names, else the address. Read unverified (the budget comes before the token check); the
 * address budget bounds a caller who makes them up.
 */
function shopperOf({ address, authorization, cartId }: Caller): string {
  if (authorization) return `token:${digest(authorization)}`;
  if ((typeof cartId === "string" && cartId) || typeof cartId === "number") return `cart:${digest(String(cartId))}`;
  return `address:${address}`;
}

/**
 * Charges a call. Sign-in, registration and recovery (`strict`) also count against the
 * strict budget of the address (RATE_LIMIT_AUTH_POINTS, as the shop's forms), so a shared
 * storefront key cannot be used to guess passwords faster (decision 0057).
 */
export async function chargeCall(caller: Caller, kind: CallKind, isStrict: boolean) {
  const { key, address } = caller;
  if (key?.kind === "integration") {
    const points = kind === "read" ? key.rateLimit * API_BUDGETS.integrationReadFactor : key.rateLimit;
    await consume(bucket(`rl:api-key-${kind}`, points), String(key.id));
  } else {
    // A storefront key, or a call that needs none (domainDetect, the legacy sign-in).
    await consume(bucket(`rl:api-address-${kind}`, API_BUDGETS.address[kind]), address);
    if (key) await consume(bucket(`rl:api-shopper-${kind}`, API_BUDGETS.shopper[kind]), `${key.id}:${shopperOf(caller)}`);
  }
  if (isStrict) await consume(bucket("rl:api-auth", env.RATE_LIMIT_AUTH_POINTS), address);
}
