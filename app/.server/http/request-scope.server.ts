import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the loaders of one HTTP request share. Remix hands each loader a Request of its own
 * (it strips its `index` and `_routes` parameters into a new one), so a value read once per
 * request cannot be kept on the Request: the shopper (session, user and wishlist, one
 * statement) was read by the root, the layout and the page alike. The scope is opened where
 * a request enters the Remix handler (page-cache.server.ts) and lives as long as it.
 */
export type RequestScope = { shopper?: Promise<unknown> };

// One store per process: the server bundle and the Remix build each hold a copy of this module.
const KEY = Symbol.for("shop.request-scope");
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestScope> | undefined>;
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestScope>());

/**
 * Runs the handling of one request in a scope of its own; `scope` may bring what the page
 * cache already read (the shopper), or the stand-in customer a kept page is rendered for.
 */
export function inRequestScope<T>(run: () => T, scope: RequestScope = {}): T {
  return storage.run(scope, run);
}

/** The scope of the request being handled, or undefined outside one (a test calling a loader). */
export function requestScope(): RequestScope | undefined {
  return storage.getStore();
}
