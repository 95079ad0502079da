import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "~/.server/circuit-breaker";

/** The breaker in front of Redis (app/.server/redis.server.ts, docs/decisions/0091), on a clock of its own. */
function breaker() {
  const clock = { now: 1_000_000 };
  const changes: string[] = [];
  const subject = new CircuitBreaker({ cooldownMs: 3000, trialTimeoutMs: 1000, now: () => clock.now, onChange: (to) => changes.push(to) });
  return { subject, clock, changes };
}

describe("CircuitBreaker", () => {
  it("lets every call through while nothing failed", () => {
    const { subject } = breaker();
    expect([subject.tryAcquire(), subject.tryAcquire(), subject.state]).toEqual([true, true, "closed"]);
    subject.succeeded();
    expect(subject.state).toBe("closed");
  });

  it("after a failure refuses every call for the cooldown, then lets one trial through at a time", () => {
    const { subject, clock, changes } = breaker();
    subject.failed();
    expect([subject.state, subject.tryAcquire(), changes]).toEqual(["open", false, ["open"]]);
    clock.now += 2999;
    expect(subject.tryAcquire()).toBe(false);
    clock.now += 1;
    expect(subject.state).toBe("half-open");
    expect(subject.tryAcquire()).toBe(true); // the trial
    expect(subject.tryAcquire()).toBe(false); // everyone else still falls back
    subject.succeeded();
    expect([subject.state, subject.tryAcquire(), changes]).toEqual(["closed", true, ["open", "closed"]]);
  });

  it("a failed trial opens it for another whole cooldown", () => {
    const { subject, clock, changes } = breaker();
    subject.failed();
    clock.now += 3000;
    expect(subject.tryAcquire()).toBe(true);
    clock.now += 500;
    subject.failed();
    expect(subject.state).toBe("open");
    clock.now += 2999;
    expect(subject.tryAcquire()).toBe(false);
    clock.now += 1;
    expect(subject.tryAcquire()).toBe(true);
    // Opened once: the log says "unavailable" once per outage.
    expect(changes).toEqual(["open"]);
  });

  it("a trial that never reports stops blocking the next one after the trial timeout", () => {
    const { subject, clock } = breaker();
    subject.failed();
    clock.now += 3000;
    expect(subject.tryAcquire()).toBe(true);
    clock.now += 999;
    expect(subject.tryAcquire()).toBe(false);
    clock.now += 1;
    expect(subject.tryAcquire()).toBe(true);
  });

  it("a late answer to a call made before it opened does not close it; only a trial's or a fresh connection's does", () => {
    const { subject, clock } = breaker();
    subject.failed();
    subject.succeeded();
    expect(subject.state).toBe("open");
    clock.now += 3000;
    subject.succeeded(); // still no trial was let through
    expect(subject.state).toBe("half-open");
    subject.close();
    expect(subject.state).toBe("closed");
  });

  it("a failure while closed opens it even if other calls are still in flight", () => {
    const { subject } = breaker();
    expect(subject.tryAcquire()).toBe(true);
    expect(subject.tryAcquire()).toBe(true);
    subject.failed();
    subject.succeeded(); // the other call's answer
    expect(subject.state).toBe("open");
  });
});
