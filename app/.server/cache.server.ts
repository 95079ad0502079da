import { LRUCache } from "lru-cache";
import { env } from "./env.server";
import { onRedisReady, redisCall } from "./redis.server";

/**
 * Named caches behind one small interface: in-process LRU by default, Redis when
 * REDIS_URL is set (shared by several server processes). The admin cache page lists and
 * clears them through `listCaches` and `clearCache`.
 */
export interface NamedCache<T> {
  readonly name: string;
  get(key: string): Promise<T | undefined>;
  /**
   * The value and the cache's generation, read together: a value computed after a miss is
   * stored with `set(key, value, generation)`, which keeps it only if the cache has not been
   * cleared in between (by this process or another one sharing Redis).
   */
  read(key: string): Promise<{ value: T | undefined; generation: string }>;
  set(key: string, value: T, generation?: string): Promise<void>;
  clear(): Promise<void>;
  /** Reads through: computes and stores the value when missing. */
  wrap(key: string, compute: () => Promise<T>): Promise<T>;
}

/*
 * Why generations: a request that read the database just before a change commits can finish
 * its computation after the change has cleared the cache, and would put the old value back
 * for a whole TTL. Every clear bumps the cache's generation first; a value is stored only
 * under the generation read before it was computed. With Redis the generation is a key of
 * its own (outside the cache's prefix) and the check and the write are one script, so a
 * clear through another instance counts too (docs/decisions/0068).
 */

type Options = {
  ttlSeconds: number;
  max?: number;
  /**
   * Built from the data of the other caches (the rendered page cache): cleared whenever any
   * other named cache is cleared, so a change that invalidates data also drops the pages
   * that showed it.
   */
  derived?: boolean;
};

// One registry per process, like the database handle: server.ts, the Remix build and
// tests that call services directly load this module separately, and a cache cleared by
// one of them must be the cache the others read.
const g = globalThis as unknown as {
  __shopCaches?: Map<string, NamedCache<unknown>>;
  __shopDerivedCaches?: Set<string>;
  __shopUnclearedCaches?: Uncleared;
};
const registry = (g.__shopCaches ??= new Map<string, NamedCache<unknown>>());
const derived = (g.__shopDerivedCaches ??= new Set<string>());

export function namedCache<T>(name: string, options: Options): NamedCache<T> {
  const existing = registry.get(name);
  if (existing) return existing as NamedCache<T>;
  const base = env.REDIS_URL ? redisCache<T>(name, options) : memoryCache<T>(name, options);
  // clearOwn: this cache alone, for clearCaches, which clears the derived ones once at the end.
  const cache: NamedCache<T> & { clearOwn?: () => Promise<void> } = options.derived
    ? base
    : { ...base, clearOwn: base.clear, clear: async () => void (await Promise.all([base.clear(), clearDerived()])) };
  if (options.derived) derived.add(name);
  registry.set(name, cache as NamedCache<unknown>);
  return cache;
}

async function clearDerived() {
  await Promise.all([...derived].map((name) => registry.get(name)?.clear()));
}

function withWrap<T>(base: Omit<NamedCache<T>, "wrap" | "get">): NamedCache<T> {
  const pending = new Map<string, Promise<T>>();
  return {
    ...base,
    get: async (key) => (await base.read(key)).value,
    async wrap(key, compute) {
      const { value, generation } = await base.read(key);
      if (value !== undefined) return value;
      // Concurrent misses of one generation share one computation (a miss after a clear
      // does not wait for one that started before it).
      const id = `${generation}\u0000${key}`;
      let job = pending.get(id);
      if (!job) {
        job = compute().then(async (computed) => {
          await base.set(key, computed, generation);
          return computed;
        });
        pending.set(id, job);
        job.finally(() => pending.delete(id)).catch(() => {});
      }
      return job;
    },
  };
}

function memoryCache<T>(name: string, { ttlSeconds, max = 500 }: Options): NamedCache<T> {
  const lru = new LRUCache<string, { v: T }>({ max, ttl: ttlSeconds * 1000 });
  let generation = 0;
  return withWrap({
    name,
    read: async (key) => ({ value: lru.get(key)?.v, generation: String(generation) }),
    async set(key, value, since) {
      if (since === undefined || since === String(generation)) lru.set(key, { v: value });
    },
    async clear() {
      generation++;
      lru.clear();
    },
  });
}

const generationKey = (name: string) => `shop-generation:${name}`;
// KEYS: generation, value; ARGV: the generation read before computing, the value, the TTL.
const SET_IF_GENERATION = `if (redis.call("GET", KEYS[1]) or "0") == ARGV[1] then redis.call("SET", KEYS[2], ARGV[2], "EX", ARGV[3]) return 1 end return 0`;

/*
 * Without Redis (docs/decisions/0091): a read that cannot reach it is a miss, and what is
 * computed then is not stored (its generation, `offline:<n>`, matches none in Redis); the
 * shop renders from the database until Redis answers, never waiting on it for more than
 * about a second (app/.server/redis.server.ts). A clear that cannot reach Redis is
 * remembered here and retried until it goes through (each second, and as soon as the
 * connection is back); until then this process does not read that cache from Redis either,
 * so a change made during the outage is not hidden by a copy kept before it.
 */
const OFFLINE = "offline:";
type Uncleared = {
  /** Cache name: how many of its clears failed (a clear failing again during a retry keeps it). */
  names: Map<string, number>;
  epoch: number;
  retrying: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  listening: boolean;
};
const uncleared = (g.__shopUnclearedCaches ??= { names: new Map(), epoch: 0, retrying: null, timer: null, listening: false });

/** A miss without Redis; `epoch` moves with every clear, so a miss after a clear does not join a computation started before it. */
const offlineRead = () => ({ value: undefined, generation: `${OFFLINE}${uncleared.epoch}` });

function redisCache<T>(name: string, { ttlSeconds }: Options): NamedCache<T> {
  const prefix = `shop:${name}:`;
  return withWrap({
    name,
    async read(key) {
      if (uncleared.names.has(name)) return offlineRead();
      let found: (string | null)[];
      try {
        found = await redisCall((client) => client.mget(prefix + key, generationKey(name)));
      } catch {
        return offlineRead();
      }
      const [raw, generation] = found;
      return { value: raw === null ? undefined : (JSON.parse(raw) as T), generation: generation ?? "0" };
    },
    async set(key, value, since) {
      if (since?.startsWith(OFFLINE) || uncleared.names.has(name)) return;
      const text = JSON.stringify(value);
      await redisCall((client) =>
        since === undefined
          ? client.set(prefix + key, text, "EX", ttlSeconds)
          : client.eval(SET_IF_GENERATION, 2, generationKey(name), prefix + key, since, text, ttlSeconds),
      ).catch(() => {}); // not kept: the next read computes it again
    },
    clear: () => clearRedisCache(name),
  });
}

export function listCaches(): string[] {
  return [...registry.keys()].sort();
}

export async function clearCache(name: string): Promise<boolean> {
  const cache = registry.get(name);
  if (!cache) return false;
  await cache.clear();
  return true;
}

/**
 * Clears several named caches and then the derived ones once (a backoffice change clears
 * the caches that show its data: app/modules/kernel/cache-impact.server.ts). A name this
 * process has not registered yet holds nothing here; with Redis its keys may still have
 * been written by another process, so they are deleted by name.
 */
export async function clearCaches(names: readonly string[]): Promise<void> {
  if (names.length === 0) return; // nothing cached shows it: the rendered pages stay too
  await Promise.all(
    names.map(async (name) => {
      const cache = registry.get(name);
      if (cache && !derived.has(name)) await (cache as NamedCache<unknown> & { clearOwn?: () => Promise<void> }).clearOwn?.();
      else if (!cache && env.REDIS_URL) await clearRedisCache(name);
    }),
  );
  await clearDerived();
}

/**
 * The generation first: a value computed before this clear can no longer be stored. Never
 * throws: the change that asked for the clear has committed, and a clear Redis did not take
 * is retried until it does (above), with the failure logged.
 */
async function clearRedisCache(name: string) {
  uncleared.epoch++;
  try {
    await clearInRedis(name);
  } catch (error) {
    const known = uncleared.names.get(name);
    uncleared.names.set(name, (known ?? 0) + 1);
    if (known === undefined)
      console.error(
        `Cache ${name}: the clear did not reach Redis (${(error as Error).message}); retried until it does, not read from Redis meanwhile.`,
      );
    scheduleRetry();
  }
}

async function clearInRedis(name: string) {
  await redisCall((client) => client.incr(generationKey(name)));
  const prefix = `shop:${name}:`;
  let cursor = "0";
  do {
    const [next, keys] = await redisCall((client) => client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 200));
    if (keys.length) await redisCall((client) => client.del(...keys));
    cursor = next;
  } while (cursor !== "0");
}

/** Clears again what Redis missed; a name cleared again (and missed again) meanwhile stays for the next round. */
function retryClears(): Promise<void> {
  uncleared.retrying ??= (async () => {
    for (const [name, failures] of [...uncleared.names]) {
      try {
        await clearInRedis(name);
      } catch {
        break; // still unavailable: the next round tries again
      }
      if (uncleared.names.get(name) === failures) uncleared.names.delete(name);
      console.info(`Cache ${name}: cleared in Redis after the outage.`);
    }
  })().finally(() => {
    uncleared.retrying = null;
    if (uncleared.names.size) scheduleRetry();
  });
  return uncleared.retrying;
}

function scheduleRetry() {
  if (uncleared.timer) return;
  uncleared.timer = setTimeout(() => {
    uncleared.timer = null;
    void retryClears();
  }, 1000);
  uncleared.timer.unref();
}

// Once per process (this module may be loaded more than once, see the registry above).
if (env.REDIS_URL && !uncleared.listening) {
  uncleared.listening = true;
  onRedisReady(() => void retryClears());
}

/** Whether the shared cache answers (readiness, decision 0090): always with the in-process one, else a PING within `timeoutMs`. */
export async function cacheReachable(timeoutMs: number): Promise<boolean> {
  if (!env.REDIS_URL) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const ping = redisCall((client) => client.ping())
    .then((answer) => answer === "PONG")
    .catch(() => false);
  return Promise.race([ping, timeout]).finally(() => clearTimeout(timer));
}

export function cacheBackend(): "redis" | "memory" {
  return env.REDIS_URL ? "redis" : "memory";
}
