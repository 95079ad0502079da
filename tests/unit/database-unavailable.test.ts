import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "~/.server/db/errors.server";
import { serverLifecycle } from "~/.server/http/lifecycle.server";

/** Decision 0090: which errors say "the database is gone", and the drain of a stopping server. */
const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });
const drizzleWrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnavailable", () => {
  it("knows the network's codes, the server ending the session and SQLSTATE class 08, wrapped by Drizzle or not", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P02", "57P03", "53300", "08006", "08001", "08P01"]) {
      expect(isDatabaseUnavailable(pgError(code)), code).toBe(true);
      expect(isDatabaseUnavailable(drizzleWrapped(pgError(code))), code).toBe(true);
    }
  });

  it("knows the messages pg and its pool give a connection lost, timed out or never had", () => {
    for (const message of [
      "Connection terminated unexpectedly",
      "Connection terminated due to connection timeout",
      "timeout exceeded when trying to connect",
      "Client has encountered a connection error and is not queryable",
      "Client was closed and is not queryable",
    ]) {
      expect(isDatabaseUnavailable(drizzleWrapped(new Error(message))), message).toBe(true);
    }
  });

  it("leaves the database's refusals of a query alone: they are the caller's or the code's", () => {
    for (const error of [pgError("23505"), pgError("22P02"), pgError("42P01"), pgError("40001"), new Error("boom"), null, "text"]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    expect(isUniqueViolation(drizzleWrapped(pgError("23505")))).toBe(true);
  });
});

describe("serverLifecycle().drain", () => {
  async function serve(handler: http.RequestListener) {
    const server = http.createServer(handler);
    const lifecycle = serverLifecycle();
    lifecycle.track(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { lifecycle, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it("waits for the requests already running, answers them with Connection: close, then refuses connections", async () => {
    const { lifecycle, origin } = await serve((_req, res) => setTimeout(() => res.end("done"), 300));
    const running = fetch(origin).then(async (r) => [r.status, r.headers.get("connection"), await r.text()]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = lifecycle.drain(5_000);
    expect(lifecycle.isDraining()).toBe(true);
    expect(await running).toEqual([200, "close", "done"]);
    expect(await drained).toEqual({ finished: 1, unfinished: 0 });
    await expect(fetch(origin)).rejects.toThrow();
  });

  it("cuts off what outlasts the bound", async () => {
    const { lifecycle, origin } = await serve(() => {}); // never answers
    const stuck = fetch(origin).then(
      () => "answered",
      () => "cut off",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect(await lifecycle.drain(200)).toEqual({ finished: 0, unfinished: 1 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await stuck).toBe("cut off");
  });
});
