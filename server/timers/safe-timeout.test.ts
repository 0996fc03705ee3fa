/** Long delays never fire early: stepped below Node's 2³¹−1 ms limit, and exactly at their due time. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_TIMER_DELAY_MS, safeTimeoutSignal, setSafeTimeout } from "./safe-timeout";

const DAY = 86_400_000;

afterEach(() => vi.useRealTimers());

describe("setSafeTimeout", () => {
  it("a 30-day delay is still pending after real time passes (a plain setTimeout fires it after 1 ms)", async () => {
    const fired = vi.fn();
    const cancel = setSafeTimeout(fired, 30 * DAY);
    const aborted = safeTimeoutSignal(30 * DAY);
    // A real timer well past Node's 1 ms overflow fire, so a clamped timer would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fired).not.toHaveBeenCalled();
    expect(aborted.aborted).toBe(false);
    cancel();
  });

  it("arms in steps and fires at the due time, not before, with the clock it is given", () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    const start = Date.now();
    setSafeTimeout(fired, 60 * DAY);
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * DAY - MAX_TIMER_DELAY_MS - 1);
    expect(Date.now() - start).toBe(60 * DAY - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it("cancel stops every step; a short delay behaves as setTimeout", () => {
    vi.useFakeTimers();
    const long = vi.fn();
    const short = vi.fn();
    const cancel = setSafeTimeout(long, 40 * DAY);
    setSafeTimeout(short, 10);
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS + 1);
    cancel();
    vi.advanceTimersByTime(40 * DAY);
    expect(long).not.toHaveBeenCalled();
    expect(short).toHaveBeenCalledTimes(1);
  });
});
