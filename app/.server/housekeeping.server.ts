import { purgeExpiredSessions } from "./session.server";

/**
 * Tidying the server process does by itself, once an hour: expired sessions are deleted
 * (backoffice sessions end after a working day idle, docs/decisions/0043, so they pile up
 * faster than the customers' 30-day ones), plus the domain's own tasks that server.ts
 * hands in (infrastructure knows no domain): e.g. form submissions whose sender never
 * confirmed their e-mail address in time (decision 0063). A failing task is logged and
 * does not stop the others. The interval does not keep the process alive.
 */
const HOUR_MS = 60 * 60 * 1000;
const g = globalThis as unknown as { __shopHousekeeping?: ReturnType<typeof setInterval> };

export type HousekeepingTask = { name: string; run: () => Promise<unknown> };

export function startHousekeeping(tasks: readonly HousekeepingTask[] = []): void {
  if (g.__shopHousekeeping) return;
  const all: HousekeepingTask[] = [{ name: "Purging expired sessions", run: purgeExpiredSessions }, ...tasks];
  const tidy = async () => {
    for (const task of all) await task.run().catch((error: unknown) => console.error(`${task.name} failed`, error));
  };
  void tidy();
  g.__shopHousekeeping = setInterval(() => void tidy(), HOUR_MS);
  g.__shopHousekeeping.unref();
}

export function stopHousekeeping(): void {
  if (g.__shopHousekeeping) clearInterval(g.__shopHousekeeping);
  g.__shopHousekeeping = undefined;
}
