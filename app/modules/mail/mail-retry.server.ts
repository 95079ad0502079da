import { and, asc, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { mailOutbox, type MailStatus } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { claimLease, sendClaimed } from "./mail.server";
import { mailTransport, type MailTransport } from "./mail-transport.server";

/**
 * The background retry of failed mails (docs/decisions/0042). A failed
 * delivery leaves the row failed with `next_attempt_at` from the back-off schedule
 * (mail-backoff.ts); every minute the server process takes the due rows and sends them
 * again. Rows are claimed with FOR UPDATE SKIP LOCKED and leased (status queued,
 * next_attempt_at = now + lease) in one statement, so two server processes never send
 * one mail twice; a lease that ran out (the process died mid-send) is due again.
 */
const TICK_MS = 60_000;
const BATCH = 20;

/** One pass of the worker: claims the due mails and sends them; what each became. Tests call it directly. */
export async function retryDueMails({
  now = new Date(),
  transport = mailTransport(env.SMTP_URL),
}: { now?: Date; transport?: MailTransport | null } = {}): Promise<MailStatus[]> {
  if (!transport) return [];
  const db = await getDb();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["failed", "queued"]), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ status: "queued", attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: claimLease(now) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  const results: MailStatus[] = [];
  // One at a time: a struggling SMTP server gets one connection from us, not twenty.
  for (const mail of claimed) results.push(await sendClaimed(mail, transport, now));
  return results;
}

const g = globalThis as unknown as { __shopMailRetry?: ReturnType<typeof setInterval> };

/**
 * Starts the worker in this process (server.ts), only when SMTP_URL is set: without it
 * mails stay in the outbox for the backoffice. One pass at a time; the interval does not
 * keep the process alive.
 */
export function startMailRetryWorker(): void {
  if (!env.SMTP_URL || g.__shopMailRetry) return;
  let running = false;
  g.__shopMailRetry = setInterval(() => {
    if (running) return;
    running = true;
    retryDueMails()
      .catch((error) => console.error("Mail retry failed", error))
      .finally(() => (running = false));
  }, TICK_MS);
  g.__shopMailRetry.unref();
}

export function stopMailRetryWorker(): void {
  if (g.__shopMailRetry) clearInterval(g.__shopMailRetry);
  g.__shopMailRetry = undefined;
}
