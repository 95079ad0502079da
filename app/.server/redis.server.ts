import type { Redis } from "ioredis";
import { CircuitBreaker } from "./circuit-breaker";
import { env } from "./env.server";

/**
 * The one Redis connection of a process (REDIS_URL), shared by the named caches
 * (cache.server.ts) and the rate limits (http/rate-limit.server.ts), and the rules that
 * keep a Redis outage from taking the shop down (docs/decisions/0091): Redis only holds
 * caches and counters, so no request waits on it for more than about a second.
 *
 * - No offline queue and no retries per command: while the connection is down a command
 *   fails at once (ioredis would otherwise hold it until Redis is back, 20–30 s later).
 * - Short timeouts: connecting 1 s, a command 500 ms (a Redis that accepts but does not
 *   answer, a network partition, is the case the offline queue does not cover).
 * - A circuit breaker: after a failed command nothing is sent for COOLDOWN_MS, then one
 *   trial at a time, so an outage costs one timeout, not one per cache read.
 *
 * Callers go through `redisCall` and fall back when it throws: the caches act as a miss,
 * the rate limits count in the process.
 */
export const REDIS_LIMITS = { connectMs: 1000, commandMs: 500, cooldownMs: 3000 } as const;

type Link = {
  client: Promise<Redis>;
  breaker: CircuitBreaker;
  /** Called whenever a connection becomes ready again after it was lost (cache.server.ts retries its clears). */
  readyListeners: Set<() => void>;
  lost: boolean;
};

// One per process, on globalThis: server.ts (the rate limits) and the Remix build (the
// caches) load these modules separately, and must share the connection and the breaker.
const g = globalThis as unknown as { __shopRedisLink?: Link };

function link(): Link {
  if (g.__shopRedisLink) return g.__shopRedisLink;
  const state: Link = {
    client: null as unknown as Promise<Redis>,
    readyListeners: new Set(),
    lost: false,
    breaker: new CircuitBreaker({
      cooldownMs: REDIS_LIMITS.cooldownMs,
      trialTimeoutMs: REDIS_LIMITS.commandMs * 2,
      onChange: (to) => (to === "open" ? lost(state, "a command failed or timed out") : recovered(state)),
    }),
  };
  state.client = import("ioredis").then(({ Redis }) => {
    const client = new Redis(env.REDIS_URL!, {
      connectTimeout: REDIS_LIMITS.connectMs,
      commandTimeout: REDIS_LIMITS.commandMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect for ever, at most a second apart: the shop comes back to Redis by itself.
      retryStrategy: (times) => Math.min(100 * times, 1000),
    });
    client.on("error", (error: Error) => lost(state, error.message));
    client.on("close", () => lost(state, "connection closed"));
    client.on("ready", () => {
      state.breaker.close();
      recovered(state);
      for (const listener of state.readyListeners) listener();
    });
    // The first requests of a starting process wait for the connection, a second at most.
    return new Promise<Redis>((resolve) => {
      const timer = setTimeout(() => resolve(client), REDIS_LIMITS.connectMs);
      timer.unref();
      client.once("ready", () => {
        clearTimeout(timer);
        resolve(client);
      });
    });
  });
  return (g.__shopRedisLink = state);
}

/** Logged once per outage, not once per reconnect attempt. */
function lost(state: Link, reason: string) {
  if (state.lost) return;
  state.lost = true;
  console.error(`Redis unavailable (${reason}): caches are skipped and rate limits count per process until it answers again.`);
}

/** A fresh connection is ready, or the breaker's trial was answered (a partition healed without a reconnect). */
function recovered(state: Link) {
  if (!state.lost) return;
  state.lost = false;
  console.info("Redis answers again: the caches and rate limits use it again.");
}

/** Why `redisCall` did not even try: the connection is down or the breaker is open. */
export class RedisUnavailableError extends Error {
  constructor(reason: string) {
    super(`Redis unavailable: ${reason}`);
    this.name = "RedisUnavailableError";
  }
}

/** The shared client, for a library that takes one (rate-limiter-flexible); its calls should still go through `redisCall`. */
export function redisClient(): Promise<Redis> {
  return link().client;
}

/**
 * Runs Redis commands unless Redis is known to be unavailable, and tells the breaker how
 * they went. Throws at once (RedisUnavailableError) while the connection is down or the
 * breaker open, else within REDIS_LIMITS.commandMs per command.
 */
export async function redisCall<T>(run: (client: Redis) => Promise<T>): Promise<T> {
  const state = link();
  const client = await state.client;
  if (client.status !== "ready") throw new RedisUnavailableError(`connection ${client.status}`);
  if (!state.breaker.tryAcquire()) throw new RedisUnavailableError("it failed moments ago");
  try {
    const result = await run(client);
    state.breaker.succeeded();
    return result;
  } catch (error) {
    state.breaker.failed();
    throw error;
  }
}

/** Runs `listener` each time the connection is ready again after it was lost. */
export function onRedisReady(listener: () => void): void {
  link().readyListeners.add(listener);
}

/** Closes the connection (tests). */
export async function closeRedis(): Promise<void> {
  const state = g.__shopRedisLink;
  if (!state) return;
  g.__shopRedisLink = undefined;
  state.lost = true; // not an outage: nothing to log
  (await state.client).disconnect();
}
