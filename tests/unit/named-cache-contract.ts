import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import type * as cacheServer from "~/.server/cache.server";

type CacheModule = typeof cacheServer;

/** A cache name no other test (or earlier run on a shared Redis) uses. */
export const uniqueName = (label: string) => `test-${label}-${randomBytes(4).toString("hex")}`;

/** A computation the test finishes by hand, and a promise that it has started. */
function heldComputation<T>() {
  let finish!: (value: T) => void;
  let started!: () => void;
  const began = new Promise<void>((resolve) => (started = resolve));
  const compute = () => {
    started();
    return new Promise<T>((resolve) => (finish = resolve));
  };
  return { compute, began, finish: (value: T) => finish(value) };
}

/**
 * What every backend of the named caches must do when a clear overtakes a computation
 * (docs/decisions/0068): the old value reaches the request that computed it, never the cache.
 */
export function clearOvertakesComputation(load: () => Promise<CacheModule>, names: string[]) {
  it("does not keep a value computed before a clear (its own request still gets it)", async () => {
    const { namedCache } = await load();
    const cache = namedCache<string>(uniqueName("wrap"), { ttlSeconds: 60 });
    names.push(cache.name);
    const held = heldComputation<string>();
    const computing = cache.wrap("k", held.compute);
    await held.began;
    await cache.clear();
    held.finish("old");
    expect(await computing).toBe("old");
    expect(await cache.get("k")).toBeUndefined();
    // Without a clear in between, a computed value is kept.
    expect(await cache.wrap("k", async () => "new")).toBe("new");
    expect(await cache.get("k")).toBe("new");
  });

  it("does not let a miss after a clear wait for a computation that started before it", async () => {
    const { namedCache } = await load();
    const cache = namedCache<string>(uniqueName("join"), { ttlSeconds: 60 });
    names.push(cache.name);
    const held = heldComputation<string>();
    const before = cache.wrap("k", held.compute);
    await held.began;
    await cache.clear();
    expect(await cache.wrap("k", async () => "after")).toBe("after");
    held.finish("before");
    expect(await before).toBe("before");
    expect(await cache.get("k")).toBe("after");
  });

  it("does not keep a rendered page (a derived cache) when another cache is cleared while it renders", async () => {
    const { namedCache, clearCaches } = await load();
    const pages = namedCache<string>(uniqueName("pages"), { ttlSeconds: 60, derived: true });
    const data = namedCache<string>(uniqueName("data"), { ttlSeconds: 60 });
    names.push(pages.name, data.name);
    const { generation } = await pages.read("/shop");
    await clearCaches([data.name]);
    await pages.set("/shop", "rendered with the old data", generation);
    expect(await pages.get("/shop")).toBeUndefined();
    const fresh = await pages.read("/shop");
    await pages.set("/shop", "rendered with the new data", fresh.generation);
    expect(await pages.get("/shop")).toBe("rendered with the new data");
  });
}
