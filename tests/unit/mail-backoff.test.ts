import { describe, expect, it } from "vitest";
import { MAIL_MAX_ATTEMPTS, nextMailAttempt } from "~/modules/mail/mail-backoff";

describe("mail back-off (decision 0042)", () => {
  const now = new Date("2026-11-24T10:00:00Z");
  const minutesAfter = (attempts: number) => {
    const next = nextMailAttempt(attempts, now);
    return next === null ? null : (next.getTime() - now.getTime()) / 60_000;
  };

  it("tries again after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours", () => {
    expect([1, 2, 3, 4, 5].map(minutesAfter)).toEqual([1, 5, 30, 120, 720]);
  });

  it("gives up after the sixth failed delivery", () => {
    expect(MAIL_MAX_ATTEMPTS).toBe(6);
    expect(minutesAfter(6)).toBeNull();
    expect(minutesAfter(9)).toBeNull();
    expect(minutesAfter(0)).toBeNull();
  });
});
