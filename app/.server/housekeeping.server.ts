import { purgeExpiredSessions } from "./session.server";

/**
 * Tidying the server process does by itself: expired sessions are deleted once an hour
 * (backoffice sessions end after a working day idle, docs/decisions/0043, so they pile up
 * faster than the customers' 30-day ones). The interval does not keep the process alive.
 */
const HOUR_MS = 60 * 60 * 1000;
const g = globalThis as unknown as { __shopHousekeeping?: ReturnType<typeof setInterval> };

export function startHousekeeping(): void {
  if (g.__shopHousekeeping) return;
  const tidy = () => purgeExpiredSessions().catch((error: unknown) => console.error("Purging expired sessions failed", error));
  void tidy();
  g.__shopHousekeeping = setInterval(tidy, HOUR_MS);
  g.__shopHousekeeping.unref();
}

export function stopHousekeeping(): void {
  if (g.__shopHousekeeping) clearInterval(g.__shopHousekeeping);
  g.__shopHousekeeping = undefined;
}
