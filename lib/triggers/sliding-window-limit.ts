/**
 * Calls per key over a sliding window (a webhook's 60 calls a minute): the times of the last
 * `limit` calls per key, in a ring. Time is given, so it is pure and testable; keys that have been
 * quiet for a window are forgotten when the map grows.
 */

export type LimitAnswer = { ok: true } | { ok: false; retryAfterMs: number };

export class SlidingWindowLimit {
  private readonly calls = new Map<string, number[]>();

  constructor(
    readonly limit = 60,
    readonly windowMs = 60_000,
  ) {}

  /** Counts a call at `now`, unless `limit` calls already fell within the window before it. */
  take(key: string, now: number): LimitAnswer {
    let times = this.calls.get(key);
    if (!times) {
      if (this.calls.size >= 10_000) this.forgetQuiet(now);
      times = [];
      this.calls.set(key, times);
    }
    while (times.length && times[0]! <= now - this.windowMs) times.shift();
    if (times.length >= this.limit) return { ok: false, retryAfterMs: times[0]! + this.windowMs - now };
    times.push(now);
    return { ok: true };
  }

  private forgetQuiet(now: number): void {
    for (const [key, times] of this.calls) if ((times.at(-1) ?? 0) <= now - this.windowMs) this.calls.delete(key);
  }
}
