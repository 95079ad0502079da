/**
 * When a failed mail is tried again (docs/decisions/0042): after the
 * first failed delivery in a minute, then 5 minutes, 30 minutes, 2 hours and 12 hours;
 * a mail that failed MAIL_MAX_ATTEMPTS times is given up (it stays failed with the last
 * refusal, and the backoffice can still send it again by hand).
 */
const MINUTE = 60_000;
export const MAIL_RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 720 * MINUTE] as const;

/** The first delivery and one try per delay. */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;

/** When to try a mail again after its `attempts`-th delivery failed; null: give up. */
export function nextMailAttempt(attempts: number, now: Date): Date | null {
  if (attempts < 1 || attempts >= MAIL_MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[attempts - 1]);
}
