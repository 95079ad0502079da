import { randomBytes } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";

/**
 * Runs before each integration test file imports anything: the environment module reads
 * process.env once, so the database and media directory of this file must be chosen
 * first. Each file gets a database no other file sees, copied from the one the global setup
 * migrated and seeded (tests/setup/integration-global.ts): in-memory PGlite loaded from its
 * dump by default; with DATABASE_URL, a database on that PostgreSQL server made from the
 * template and dropped after the file. The seed's media files are copied the same way.
 */
const template = inject("testDatabase");
// The shop ships React's production build, so the tests render with it too (and it renders
// about a quarter faster than the development build). React picks its build from NODE_ENV
// when it is first loaded; the shop's own environment ("test": no Secure cookies, the card
// gateway's test secret) is read later, when the build is imported.
process.env.NODE_ENV = "production";
await import("react");
await import("react/jsx-runtime");
await import("react-dom");
await import("react-dom/server");
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET ??= "integration-test-secret-0123456789";
// A front end on another site that may call the headless API (tests/integration/api-*.test.ts).
process.env.API_CORS_ORIGINS ??= "https://app.example.test";
// Generated media (the demo seed's product images) stay out of the checkout's ./data.
const mediaDir = path.join(os.tmpdir(), `shop-test-media-${process.pid}-${randomBytes(4).toString("hex")}`);
cpSync(template.media, mediaDir, { recursive: true });
process.env.MEDIA_DIR = mediaDir;
// The dev tooling's GitLab (decision 0062): a closed local port unless a test file sets its msw
// address, so no test reaches outside the machine (a refused connection fails at once).
process.env.GITLAB_URL = "http://127.0.0.1:9";

const serverUrl = template.kind === "postgres" ? template.serverUrl : null;
let databaseName: string | null = null;
if (template.kind === "postgres") {
  const { default: pg } = await import("pg");
  databaseName = `shop_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${template.template}`);
  await admin.end();
  const url = new URL(template.serverUrl);
  url.pathname = `/${databaseName}`;
  process.env.DATABASE_URL = url.toString();
} else {
  process.env.DATA_DIR = "memory://";
  process.env.PGLITE_SNAPSHOT = template.snapshot;
}

afterAll(async () => {
  const { closeDb } = await import("../../app/.server/db/client.server");
  await closeDb();
  rmSync(mediaDir, { recursive: true, force: true });
  if (serverUrl && databaseName) {
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
});
