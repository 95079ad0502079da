import type { NextFunction, Request, Response } from "express";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { isApiPath } from "~/lib/api-path";
import { STRICT_RATE_LIMIT_PATHS } from "~/lib/route-policy";
import de from "../../../locales/de/error.json";
import en from "../../../locales/en/error.json";
import hr from "../../../locales/hr/error.json";
import { env } from "../env.server";
import { redisCall, redisClient } from "../redis.server";
import { refuse } from "./refusal.server";

const MESSAGES = { hr: hr.error.tooManyRequests, en: en.error.tooManyRequests, de: de.error.tooManyRequests };

/**
 * A budget of `points` a minute per key, in Redis when REDIS_URL is set (shared by every
 * instance). While Redis is unavailable (app/.server/redis.server.ts: down, not answering
 * within its timeout, or failed moments ago) each process counts on its own instead of
 * waiting for Redis or refusing everyone (docs/decisions/0091).
 */
export async function limiter(keyPrefix: string, points: number): Promise<RateLimiterAbstract> {
  const own = new RateLimiterMemory({ keyPrefix, points, duration: 60 });
  if (!env.REDIS_URL) return own;
  const shared = new RateLimiterRedis({ storeClient: await redisClient(), keyPrefix, points, duration: 60, insuranceLimiter: own });
  // The store calls a Redis limiter makes (rate-limiter-flexible's extension points for a
  // store) go through the shared breaker: a call it refuses fails at once, and the library
  // answers from the insurance limiter, as it does for a Redis error.
  const store = shared as unknown as Record<(typeof STORE_CALLS)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const call of STORE_CALLS) {
    const direct = store[call].bind(shared);
    store[call] = (...args) => redisCall(() => direct(...args));
  }
  return shared;
}

const STORE_CALLS = ["_upsert", "_get", "_delete"] as const;

/**
 * Limits state-changing requests per client address: RATE_LIMIT_POINTS a minute for
 * posts in general, RATE_LIMIT_AUTH_POINTS for sign-in, registration and recovery.
 * Reads are not limited here. Over the budget: 429 with a translated message. The headless
 * API is not counted here: its own budgets per key and shopper decide (decision 0084), so
 * an API client's searches and cart reads, POSTs by the spec, are not cut off as form posts.
 */
export async function createRateLimit() {
  const general = await limiter("rl:post", env.RATE_LIMIT_POINTS);
  const auth = await limiter("rl:auth", env.RATE_LIMIT_AUTH_POINTS);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (isApiPath(req.path)) return next();
    const path = req.path.replace(/\.data$/, "");
    // Sign-in, registration, password recovery and public forms (enquiries, contact and
    // database forms, the newsletter, comments): the routes the route table marks strict.
    const bucket = STRICT_RATE_LIMIT_PATHS.test(path) ? auth : general;
    try {
      await bucket.consume(req.ip ?? "unknown");
      next();
    } catch (rejection) {
      if (rejection instanceof Error) return next(rejection);
      const retryAfter = Math.ceil(((rejection as { msBeforeNext?: number }).msBeforeNext ?? 60_000) / 1000);
      refuse(req, res, 429, MESSAGES, { "Retry-After": String(retryAfter) });
    }
  };
}
