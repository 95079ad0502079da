import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import { sql } from "drizzle-orm";
import type { Request, Response } from "express";
import { cacheReachable } from "../cache.server";
import { getDb } from "../db/client.server";

/**
 * The server process's readiness and its graceful stop (decision 0090), for a load balancer
 * or an orchestrator rolling out a new version:
 *
 * - `/readyz` answers 200 while this process should get traffic: the database answers, Redis
 *   too when REDIS_URL is set, and the process is not stopping; else 503 with what failed.
 *   (`/healthz` is liveness only: the process answers at all.)
 * - `drain` on SIGTERM: the listening socket is closed at once (new connections are refused,
 *   so the balancer sends them elsewhere), requests already started run to their answer,
 *   every answer from then on says `Connection: close`, and /readyz says 503 to a balancer
 *   asking on a connection it already had. When the last request has answered, or after the
 *   bound, the remaining connections are closed; then server.ts stops the background work and
 *   closes the database, which the requests were still using until then.
 */
const CHECK_TIMEOUT_MS = 2_000;
const FRESH_CONNECTION_GRACE_MS = 1_000;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function databaseReachable(): Promise<boolean> {
  try {
    const db = await getDb();
    await within(db.execute(sql`select 1`), CHECK_TIMEOUT_MS, "database");
    return true;
  } catch {
    return false;
  }
}

export function serverLifecycle() {
  let server: Server | null = null;
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  // Connections taken that have not sent a request yet (a request may be on its way).
  const fresh = new Set<Socket>();
  let check: (() => void) | null = null;
  let finished = 0;
  const settled = () => inFlight.size === 0 && fresh.size === 0;

  return {
    /** Counts the server's requests from the moment they arrive (before Express sees them). */
    track(target: Server) {
      server = target;
      target.prependListener("connection", (socket: Socket) => {
        fresh.add(socket);
        socket.once("close", () => fresh.delete(socket) && check?.());
      });
      target.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
        fresh.delete(req.socket);
        inFlight.add(res);
        if (draining) res.setHeader("Connection", "close");
        res.once("close", () => {
          inFlight.delete(res);
          if (draining) finished++;
          check?.();
        });
      });
    },

    /** GET /readyz: 200 `{ ready: true }` or 503 with the failed checks. */
    async readiness(_req: Request, res: Response) {
      const [database, redis] = draining ? [false, false] : await Promise.all([databaseReachable(), cacheReachable(CHECK_TIMEOUT_MS)]);
      const ready = !draining && database && redis;
      res
        .status(ready ? 200 : 503)
        .set("Cache-Control", "no-store")
        .json({ ready, draining, database: draining ? undefined : database, redis: draining ? undefined : redis });
    },

    isDraining: () => draining,

    /**
     * Stops taking connections and waits (at most `timeoutMs`) for the requests already
     * started; how many finished meanwhile and how many were cut off at the bound.
     */
    async drain(timeoutMs: number): Promise<{ finished: number; unfinished: number }> {
      if (!server) return { finished: 0, unfinished: 0 };
      draining = true;
      const target = server;
      // What the kernel has already queued for the listening socket is taken first (this turn
      // of the event loop), not reset with it.
      await new Promise((resolve) => setImmediate(resolve));
      // The listening socket only: http.Server#close would also close the idle keep-alive
      // connections at once, and a request a balancer sends on one of them in that instant
      // would be lost. They get their answer (with Connection: close) and end then, or at the end.
      net.Server.prototype.close.call(target);
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      // A connection just taken gets a moment for its request to arrive (then counts as in
      // flight); one that sends nothing (a browser's preconnect) is not waited for.
      const grace = setTimeout(() => {
        for (const socket of fresh) socket.destroy();
      }, FRESH_CONNECTION_GRACE_MS);
      if (!settled()) {
        await new Promise<void>((resolve) => {
          check = () => settled() && resolve();
          setTimeout(resolve, timeoutMs).unref();
        });
      }
      clearTimeout(grace);
      const unfinished = inFlight.size;
      target.closeAllConnections();
      target.close();
      return { finished, unfinished };
    },
  };
}
