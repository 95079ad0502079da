import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";

/**
 * The production build of the shop, on the database tests/setup/integration-env.ts chose
 * for this test file. Requests go through the real Remix request handler, behind the
 * address check server.ts's handler makes first (app/.server/http/page-cache.server.ts).
 */
const root = path.resolve(import.meta.dirname, "../..");

export type Shop = Awaited<ReturnType<typeof bootShop>>;

export async function bootShop() {
  if (!process.env.DATA_DIR?.startsWith("memory://") && !process.env.DATABASE_URL?.includes("shop_test_")) {
    throw new Error("bootShop needs tests/setup/integration-env.ts as a setup file (it picks a throw-away database)");
  }
  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  const { createRequestHandler } = await import("@remix-run/node");
  const handler = createRequestHandler(build, "production");
  const db = await import("../../app/.server/db/client.server");
  // As server.ts: an address with invalid characters is answered before Remix (decision 0083).
  const { invalidAddressAnswer } = await import("../../app/.server/http/url-text.server");
  const { inRequestScope } = await import("../../app/.server/http/request-scope.server");
  await db.getDb(); // migrate and seed before the first test
  return {
    // In a request scope as server.ts's handler opens one (the loaders of a request share the shopper).
    handle: async (request: Request) =>
      invalidAddressAnswer(request.url) ?? inRequestScope(() => handler(request, { cspNonce: "test-nonce" })),
    db: () => db.getDb(),
    // The setup file closes the database and removes the media directory after the file.
    async close() {},
  };
}
