import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearOvertakesComputation, uniqueName } from "./named-cache-contract";

/**
 * The Redis backend of the named caches (several instances, docs/decisions/0068), on the
 * Redis database of the two-instance test (TWO_INSTANCE_REDIS_URL, default
 * redis://127.0.0.1:6379/5). Its keys have names of their own and are deleted afterwards;
 * nothing is flushed. Skipped, saying so, when no Redis answers there.
 */
const url = process.env.TWO_INSTANCE_REDIS_URL ?? "redis://127.0.0.1:6379/5";
const { Redis: Client } = await import("ioredis");
// No reconnecting and no error events: an absent Redis only means the tests are skipped.
const other = new Client(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
other.on("error", () => {});
const reachable = await other.connect().then(
  () => true,
  () => false,
);
if (!reachable) {
  other.disconnect();
  console.info(`named-cache-redis.test.ts skipped: no Redis answers at ${url} (TWO_INSTANCE_REDIS_URL).`);
}
const names: string[] = [];

// The environment module reads REDIS_URL when first imported: set it before.
async function load() {
  process.env.REDIS_URL = url;
  return import("~/.server/cache.server");
}

afterAll(async () => {
  if (!reachable) return;
  for (const name of names) {
    const keys = await other.keys(`shop:${name}:*`);
    await other.del(`shop-generation:${name}`, ...keys);
  }
  other.disconnect();
  await (await import("~/.server/redis.server")).closeRedis();
});

describe.skipIf(!reachable)(`named caches in Redis (${url}; skipped when no Redis answers there): a clear overtaking a computation`, () => {
  beforeAll(async () => expect((await load()).cacheBackend()).toBe("redis"));
  clearOvertakesComputation(load, names);

  it("does not keep a value computed before another instance cleared the cache", async () => {
    const { namedCache } = await load();
    const cache = namedCache<string>(uniqueName("instances"), { ttlSeconds: 60 });
    names.push(cache.name);
    const { generation } = await cache.read("k");
    // Another instance's clear: the generation bumped and the keys deleted through its own client.
    await other.incr(`shop-generation:${cache.name}`);
    await cache.set("k", "old", generation);
    expect(await cache.get("k")).toBeUndefined();
    expect(await other.get(`shop:${cache.name}:k`)).toBeNull();
  });
});
