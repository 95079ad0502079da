import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Without the Remix plugin (DESIGN.md pitfalls). Two projects:
// unit: pure functions and components (jsdom where a file asks for it);
// integration: real Requests through the built request handler, on a database of its own per
// file, copied from one migrated and seeded per run (tests/setup/integration-global.ts);
// PGlite unless DATABASE_URL names a PostgreSQL server.
function integration(
  name: string,
  databaseUrl: string | undefined,
  include = ["tests/integration/**/*.test.ts"],
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include,
      environment: "node",
      pool: "forks",
      // An empty DATABASE_URL means "not set" (app/.server/env.server.ts): PGlite.
      env: { DATABASE_URL: databaseUrl ?? "" },
      globalSetup: ["tests/setup/integration-global.ts"],
      setupFiles: ["tests/setup/integration-env.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * The integration files that run on PostgreSQL as well as on PGlite (decision 0087): those
 * whose subject is the database's own behaviour (locks and concurrency, transactions, SQL
 * maths, collation, search functions, query plans). Each says why in its first line,
 * `// Both databases: <why>.`, so the reason travels with the file. Files about a PostgreSQL
 * server itself (it restarts, a deploy drains its connections: decision 0090) start with
 * `// PostgreSQL only: <why>.`: they run here and skip on PGlite.
 */
function postgresFiles(): string[] {
  const folder = "tests/integration";
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.posix.join(folder, file.split(path.sep).join("/")))
    .filter((file) => /^\/\/ (?:Both databases|PostgreSQL only): /.test(readFileSync(file, "utf8")));
}

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      // The typed client package as a developer imports it, from its sources (tests/integration/api-client-purchase.test.ts).
      "@alu-krov/api-client": path.resolve(import.meta.dirname, "packages/api-client/src/index.ts"),
    },
  },
  test: {
    // Every core busy: one worker per core, at least two (a test file mostly waits on its
    // database and the render, so two share a small machine's two cores well).
    maxWorkers: Math.max(2, os.availableParallelism()),
    minWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/setup/unit.ts"],
          // Unit tests run beside the build and lint on two cores (scripts/test.mjs): a property
          // test's hundred carts or a first render with its imports can pass 5 s there. A
          // passing test ends when it is done, so the longer limit costs nothing.
          testTimeout: 20_000,
        },
      },
      integration("integration", process.env.DATABASE_URL),
      // The database-bound files again on a PostgreSQL server, beside the PGlite pass in one
      // pool (.ci/run sets TEST_POSTGRES_URL): `npm test` runs both when it is set.
      ...(process.env.TEST_POSTGRES_URL ? [integration("integration-postgres", process.env.TEST_POSTGRES_URL, postgresFiles())] : []),
    ],
  },
});
