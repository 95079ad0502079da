import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { env } from "./env.server";

/**
 * Named caches behind one small interface: in-process LRU by default, Redis when
 * REDIS_URL is set (shared by several server processes). The admin cache page lists and
 * clears them through `listCaches` and `clearCache`.
 */
export interface NamedCache<T> {
  readonly name: string;
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
  clear(): Promise<void>;
  /** Reads through: computes and stores the value when missing. */
  wrap(key: string, compute: () => Promise<T>): Promise<T>;
}

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
  __shopRedis?: Promise<Redis>;
  __shopCaches?: Map<string, NamedCache<unknown>>;
  __shopDerivedCaches?: Set<string>;
};
const registry = (g.__shopCaches ??= new Map<string, NamedCache<unknown>>());
const derived = (g.__shopDerivedCaches ??= new Set<string>());

function redis() {
  g.__shopRedis ??= import("ioredis").then((m) => new m.Redis(env.REDIS_URL!, { lazyConnect: false, maxRetriesPerRequest: 2 }));
  return g.__shopRedis;
}

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

function withWrap<T>(base: Omit<NamedCache<T>, "wrap">): NamedCache<T> {
  const pending = new Map<string, Promise<T>>();
  return {
    ...base,
    async wrap(key, compute) {
      const hit = await base.get(key);
      if (hit !== undefined) return hit;
      // Concurrent misses share one computation.
      let job = pending.get(key);
      if (!job) {
        job = compute().then(async (value) => {
          await base.set(key, value);
          return value;
        });
        pending.set(key, job);
        job.finally(() => pending.delete(key)).catch(() => {});
      }
      return job;
    },
  };
}

function memoryCache<T>(name: string, { ttlSeconds, max = 500 }: Options): NamedCache<T> {
  const lru = new LRUCache<string, { v: T }>({ max, ttl: ttlSeconds * 1000 });
  return withWrap({
    name,
    get: async (key) => lru.get(key)?.v,
    set: async (key, value) => void lru.set(key, { v: value }),
    clear: async () => lru.clear(),
  });
}

function redisCache<T>(name: string, { ttlSeconds }: Options): NamedCache<T> {
  const prefix = `shop:${name}:`;
  return withWrap({
    name,
    async get(key) {
      const raw = await (await redis()).get(prefix + key);
      return raw === null ? undefined : (JSON.parse(raw) as T);
    },
    async set(key, value) {
      await (await redis()).set(prefix + key, JSON.stringify(value), "EX", ttlSeconds);
    },
    clear: () => deleteRedisPrefix(prefix),
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
 * the caches that show its data: app/modules/admin/cache-impact.server.ts). A name this
 * process has not registered yet holds nothing here; with Redis its keys may still have
 * been written by another process, so they are deleted by name.
 */
export async function clearCaches(names: readonly string[]): Promise<void> {
  if (names.length === 0) return; // nothing cached shows it: the rendered pages stay too
  await Promise.all(
    names.map(async (name) => {
      const cache = registry.get(name);
      if (cache && !derived.has(name)) await (cache as NamedCache<unknown> & { clearOwn?: () => Promise<void> }).clearOwn?.();
      else if (!cache && env.REDIS_URL) await deleteRedisPrefix(`shop:${name}:`);
    }),
  );
  await clearDerived();
}

async function deleteRedisPrefix(prefix: string) {
  const client = await redis();
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 200);
    if (keys.length) await client.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

export function cacheBackend(): "redis" | "memory" {
  return env.REDIS_URL ? "redis" : "memory";
}
