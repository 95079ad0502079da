import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";

/**
 * Boots the production build of the shop on a database of its own for one test file:
 * an in-memory PGlite by default, or a fresh database on the PostgreSQL server named by
 * DATABASE_URL (the CI pass). Requests go through the real Remix request handler.
 */
const root = path.resolve(import.meta.dirname, "../..");
let serverDatabaseUrl: string | null = null;

async function freshPostgres(baseUrl: string): Promise<string> {
  const { default: pg } = await import("pg");
  const name = `shop_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export type Shop = Awaited<ReturnType<typeof bootShop>>;

export async function bootShop(envOverrides: Record<string, string> = {}) {
  process.env.NODE_ENV = "test";
  process.env.SESSION_SECRET ??= "integration-test-secret-0123456789";
  // Generated media (the demo seed's product images) go to a directory of this test file,
  // never into the checkout's ./data, and are removed on close.
  const mediaDir = path.join(os.tmpdir(), `shop-test-media-${process.pid}-${randomBytes(4).toString("hex")}`);
  process.env.MEDIA_DIR = mediaDir;
  Object.assign(process.env, envOverrides);
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (base) {
    serverDatabaseUrl ??= await freshPostgres(base);
    process.env.TEST_DATABASE_URL = base;
    process.env.DATABASE_URL = serverDatabaseUrl;
  } else {
    process.env.DATA_DIR = "memory://";
  }
  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  const { createRequestHandler } = await import("@remix-run/node");
  const handler = createRequestHandler(build, "production");
  const db = await import("../../app/.server/db/client.server");
  await db.getDb(); // migrate and seed before the first test
  return {
    handle: (request: Request) => handler(request, { cspNonce: "test-nonce" }),
    db: () => db.getDb(),
    async close() {
      await db.closeDb();
      rmSync(mediaDir, { recursive: true, force: true });
      if (serverDatabaseUrl && process.env.TEST_DATABASE_URL) {
        const { default: pg } = await import("pg");
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${new URL(serverDatabaseUrl).pathname.slice(1)} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}
