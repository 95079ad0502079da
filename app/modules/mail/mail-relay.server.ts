import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { dbKind, getDb, type Executor } from "~/.server/db/client.server";
import { mailOutbox, type MailStatus } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { nextMailAttempt } from "./mail-backoff";
import { mailTransport, type MailTransport } from "./mail-transport.server";

/**
 * The outbox relay (docs/decisions/0089): the only code that talks to SMTP. A request
 * writes mail rows in its own transaction and, after the commit, wakes the relay
 * (`wakeMailRelay`, it never waits); the relay claims one row at a time and sends it. It
 * also polls every few seconds, for rows written by another process, retries that fell
 * due (back-off, mail-backoff.ts, decision 0042) and rows left by a process that died.
 *
 * A row is claimable when it is
 * - `queued` with no `next_attempt_at`: new, never claimed (also rows older code left
 *   behind after a crash between its commit and its delivery),
 * - `queued` with `next_attempt_at <= now`: a lease that ran out (its process died
 *   mid-send) or a hold that ended (`holdMails`),
 * - `failed` with `next_attempt_at <= now`: a retry that is due. A `failed` row without
 *   `next_attempt_at` has been given up and stays so.
 * The claim is one statement: `SELECT … FOR UPDATE SKIP LOCKED` inside an UPDATE that
 * counts the attempt and sets the lease (status queued, next_attempt_at = now + lease), so
 * two processes never take the same row. One row per claim: a process that stops or dies
 * holds at most the one mail it is sending.
 */
const POLL_MS = 5_000;
// On SIGTERM the mail being sent may finish for this long; after it the process exits
// and the row's lease lets another process (or the next start) send it.
const STOP_GRACE_MS = 15_000;
// The longest SMTP refusal kept on the row; the full error goes to the log.
const ERROR_MAX = 500;

export type OutboxRow = typeof mailOutbox.$inferSelect;

const leaseUntil = (now: Date) => new Date(now.getTime() + env.MAIL_LEASE_SECONDS * 1000);

const claimable = (now: Date) =>
  or(
    and(eq(mailOutbox.status, "queued"), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now))),
    and(eq(mailOutbox.status, "failed"), lte(mailOutbox.nextAttemptAt, now)),
  );

/** Claims the oldest claimable row (see above) for this process, or null when there is none. */
export async function claimMail(now = new Date()): Promise<OutboxRow | null> {
  const db = await getDb();
  const next = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(claimable(now))
    .orderBy(asc(sql`coalesce(${mailOutbox.nextAttemptAt}, ${mailOutbox.createdAt})`), asc(mailOutbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({ status: "queued", attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil(now) })
    .where(inArray(mailOutbox.id, next))
    .returning();
  return claimed ?? null;
}

/** A stable Message-ID per outbox row: a mail sent twice (at-least-once) is one message to the recipient's mail store. */
export function messageIdOf(mail: Pick<OutboxRow, "id" | "createdAt">): string {
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  const domain = address.includes("@") ? address.split("@").pop()! : new URL(env.PUBLIC_URL).hostname;
  return `<outbox-${mail.id}-${mail.createdAt.getTime()}@${domain}>`;
}

/**
 * Sends a row its caller has claimed and records the outcome. A refusal is logged and
 * kept on the row (failed, tried again after the back-off), never thrown: whatever wrote
 * the mail has succeeded long ago.
 */
export async function sendClaimed(mail: OutboxRow, transport: MailTransport, now = new Date()): Promise<MailStatus> {
  const db = await getDb();
  try {
    await transport.sendMail({
      from: env.MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      messageId: messageIdOf(mail),
    });
  } catch (error) {
    console.error(`Sending mail ${mail.id} (${mail.kind}) failed, attempt ${mail.attempts}`, error);
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(mailOutbox)
      .set({ status: "failed", error: message.slice(0, ERROR_MAX), nextAttemptAt: nextMailAttempt(mail.attempts, now) })
      .where(eq(mailOutbox.id, mail.id));
    return "failed";
  }
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: new Date(), error: null, nextAttemptAt: null })
    .where(eq(mailOutbox.id, mail.id));
  return "sent";
}

/**
 * One pass of the relay: claims and sends rows one at a time until none is claimable (or
 * `shouldStop`); what each became. Tests call it directly, with their own clock and
 * transport: `now` fixed for the whole pass, else the clock at each claim.
 */
export async function relayMails({
  now,
  transport = mailTransport(env.SMTP_URL),
  shouldStop = () => false,
}: { now?: Date; transport?: MailTransport | null; shouldStop?: () => boolean } = {}): Promise<MailStatus[]> {
  if (!transport) return [];
  const results: MailStatus[] = [];
  while (!shouldStop()) {
    const at = now ?? new Date();
    const mail = await claimMail(at);
    if (!mail) break;
    // One at a time: a struggling SMTP server gets one connection from us, not twenty.
    results.push(await sendClaimed(mail, transport, at));
  }
  return results;
}

/**
 * Rows written in `tx` that must not go out before the caller has done one more step after
 * the commit (an order's confirmation waits for its payment to start; decision 0031): held
 * as if claimed, for `ms`. `releaseMails` lets them go; if the process dies before, they
 * go out when the hold ends.
 */
export async function holdMails(tx: Executor, ids: number[], ms: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(Date.now() + ms) })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "queued")));
}

/** Lets held rows (`holdMails`) go to the relay now, and wakes it. */
export async function releaseMails(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await getDb();
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: null })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "queued"), gt(mailOutbox.nextAttemptAt, new Date())));
  wakeMailRelay();
}

type Relay = { wake: () => void; stop: (graceMs: number) => Promise<void> };
// One relay per process, shared by server.ts and the Remix build, which each have their
// own copy of this module (as the database handle in client.server.ts).
const g = globalThis as unknown as { __shopMailRelay?: Relay };

/**
 * Wakes this process's relay after a commit that wrote mails: it sends them within a
 * moment, and the caller does not wait. Nothing without a relay (no SMTP_URL, or a test
 * that runs `relayMails` itself): the rows stay queued for the backoffice and tests.
 */
export function wakeMailRelay(): void {
  g.__shopMailRelay?.wake();
}

/**
 * Starts the relay in this process (server.ts), only with a transport (SMTP_URL). On the
 * embedded database no other process can have the database open, so a lease found at the
 * start is a dead process's: those rows are due at once instead of after the lease.
 */
export async function startMailRelay({
  transport = mailTransport(env.SMTP_URL),
  pollMs = POLL_MS,
}: { transport?: MailTransport | null; pollMs?: number } = {}): Promise<boolean> {
  if (!transport || g.__shopMailRelay) return false;
  if ((await dbKind()) === "pglite") {
    const db = await getDb();
    const now = new Date();
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: now })
      .where(and(eq(mailOutbox.status, "queued"), gt(mailOutbox.nextAttemptAt, now)));
  }
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  const wake = () => {
    if (stopping) return;
    if (running) {
      again = true; // a commit during a pass: one more pass right after it
      return;
    }
    running = (async () => {
      do {
        again = false;
        await relayMails({ transport, shouldStop: () => stopping });
      } while (again && !stopping);
    })()
      .catch((error) => console.error("Mail relay failed; trying again at the next poll", error))
      .finally(() => (running = null));
  };
  const timer = setInterval(wake, pollMs);
  timer.unref();
  g.__shopMailRelay = {
    wake,
    async stop(graceMs) {
      stopping = true;
      clearInterval(timer);
      let timeout: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (timeout = setTimeout(resolve, graceMs)))]);
      clearTimeout(timeout);
    },
  };
  wake(); // rows written while no relay ran (a crash, a restart, another process)
  return true;
}

/** Stops claiming; the mail being sent may finish for up to `graceMs`. */
export async function stopMailRelay(graceMs = STOP_GRACE_MS): Promise<void> {
  const relay = g.__shopMailRelay;
  g.__shopMailRelay = undefined;
  await relay?.stop(graceMs);
}
