import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { getDb } from "~/.server/db/client.server";
import { dropUntrustedForwardedHeaders } from "~/.server/http/forwarded-headers.server";
import { createCachingRequestHandler } from "~/.server/http/page-cache.server";
import { cspNonce, securityHeaders } from "~/.server/http/security-headers.server";

export type CachingServer = { base: string; port: number; close: () => void };

/**
 * The production build behind the rendered-page cache and the real compression middleware,
 * as server.ts mounts them, on a free port: for tests that must see what an anonymous
 * visitor gets from the cache (X-Page-Cache: hit | miss).
 */
export async function startCachingServer(): Promise<CachingServer> {
  await getDb();
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const app = express();
  // As server.ts: no proxy trusted, so forwarded headers are dropped first.
  app.use(
    dropUntrustedForwardedHeaders(() => false),
    compression(),
    cspNonce,
    securityHeaders({ development: false, https: false }),
  );
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  // This server's public host is 127.0.0.1:<port> (PUBLIC_URL's host in server.ts).
  app.all(
    "*",
    createCachingRequestHandler({
      build,
      mode: "production",
      publicHost: `127.0.0.1:${port}`,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
    }),
  );
  return { base: `http://127.0.0.1:${port}`, port, close: () => server.close() };
}
