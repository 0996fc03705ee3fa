/** Time for the engine: the real one, or a fake that tests advance by hand. */
import { setSafeTimeout } from "@/server/timers/safe-timeout";

export interface Clock {
  now(): number;
  setTimer(at: number, fn: () => void): () => void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  // Due times past 24.8 days are armed in steps, never early (retry backoff, approval timeouts).
  setTimer: (at, fn) => setSafeTimeout(fn, at - Date.now()),
};
