/**
 * A circuit breaker for one dependency (Redis, app/.server/redis.server.ts): after a call
 * fails, calls are not even tried for `cooldownMs` (the caller falls back at once instead of
 * waiting for a timeout again); then one trial call at a time is let through, and its
 * success closes the breaker again, its failure opens it for another cooldown. A trial that
 * never reports (a caller that forgot to) stops blocking the next one after `trialTimeoutMs`.
 *
 * Pure and synchronous, with the clock passed in, so its rules are unit-tested without a
 * Redis (tests/unit/circuit-breaker.test.ts).
 */
export type BreakerState = "closed" | "open" | "half-open";

export type BreakerOptions = {
  cooldownMs: number;
  trialTimeoutMs: number;
  now?: () => number;
  /** Called when the breaker opens (from closed) and when it closes again: for the log. */
  onChange?: (state: "open" | "closed") => void;
};

export class CircuitBreaker {
  /** 0 while closed; else when a trial may be made. */
  private openUntil = 0;
  private trialSince: number | null = null;
  private readonly now: () => number;

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): BreakerState {
    if (this.openUntil === 0) return "closed";
    return this.now() < this.openUntil ? "open" : "half-open";
  }

  /**
   * Whether a call may go to the dependency now. A caller that gets `true` reports how the
   * call went with `succeeded()` or `failed()`.
   */
  tryAcquire(): boolean {
    if (this.openUntil === 0) return true;
    const now = this.now();
    if (now < this.openUntil) return false;
    if (this.trialSince !== null && now - this.trialSince < this.options.trialTimeoutMs) return false;
    this.trialSince = now;
    return true;
  }

  /**
   * A call answered. Closes the breaker only while closed or during a trial: a slow answer
   * to a call made before the breaker opened says little about the dependency now.
   */
  succeeded(): void {
    if (this.openUntil !== 0 && this.trialSince === null) return;
    this.close();
  }

  failed(): void {
    const wasClosed = this.openUntil === 0;
    this.openUntil = this.now() + this.options.cooldownMs;
    this.trialSince = null;
    if (wasClosed) this.options.onChange?.("open");
  }

  /** The dependency is known to answer again (a fresh connection passed its ready check). */
  close(): void {
    const wasOpen = this.openUntil !== 0;
    this.openUntil = 0;
    this.trialSince = null;
    if (wasOpen) this.options.onChange?.("closed");
  }
}
