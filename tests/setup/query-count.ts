import { vi } from "vitest";
import type { Database } from "~/.server/db/client.server";

/**
 * The SQL statements Drizzle prepares while `run` runs, on any session (transactions have
 * their own), begin and commit aside: what a request costs the database, for the tests that
 * hold a hot path to its statement count.
 */
export async function statementsDuring(db: Database, run: () => Promise<unknown>): Promise<string[]> {
  const session = Object.getPrototypeOf((db as unknown as { session: object }).session) as {
    prepareQuery: (...args: unknown[]) => unknown;
  };
  const spy = vi.spyOn(session, "prepareQuery");
  try {
    await run();
    // node-postgres sends begin and commit as statements of their own, PGlite does not: not counted.
    return spy.mock.calls.map(([query]) => (query as { sql: string }).sql).filter((sql) => !/^\s*(?:begin|commit|rollback)\b/i.test(sql));
  } finally {
    spy.mockRestore();
  }
}
