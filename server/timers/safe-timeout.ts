/**
 * Timers that never fire early. Node runs a `setTimeout` longer than 2³¹−1 ms (~24.8 days) after
 * 1 ms, so a 30-day approval timeout or node timeout would fire at once. Every delay in the server
 * goes through here: a long one is armed in steps of at most MAX_TIMER_DELAY_MS, each step re-reading
 * the clock, until the due time is reached.
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export interface SafeTimeoutOptions {
  /** The wall clock the steps re-read (default `Date.now`). */
  now?: () => number;
  /** Do not keep the process alive for this timer (as `AbortSignal.timeout` does not). */
  unref?: boolean;
}

/** Calls `fn` once `ms` have passed (never before). Returns the cancel function. */
export function setSafeTimeout(fn: () => void, ms: number, o: SafeTimeoutOptions = {}): () => void {
  const now = o.now ?? Date.now;
  const due = now() + Math.max(0, ms);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const left = due - now();
    timer = left > MAX_TIMER_DELAY_MS ? setTimeout(arm, MAX_TIMER_DELAY_MS) : setTimeout(fn, Math.max(0, left));
    if (o.unref) timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

/** Like `AbortSignal.timeout(ms)` (aborts with a TimeoutError, keeps no process alive), without the early fire. */
export function safeTimeoutSignal(ms: number): AbortSignal {
  if (ms <= MAX_TIMER_DELAY_MS) return AbortSignal.timeout(Math.max(0, ms));
  const c = new AbortController();
  setSafeTimeout(() => c.abort(new DOMException("The operation timed out.", "TimeoutError")), ms, { unref: true });
  return c.signal;
}
