/**
 * Password attempts per account and per client address (rate-limiter-flexible, in memory: one
 * server process). An attempt is counted **before** its password is checked, in one synchronous
 * step, so a burst of parallel attempts (a flood of requests, or many calls at once) gets exactly
 * the allowed number through and the rest never reach argon2. A success clears the account's count
 * and gives its address point back.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export interface LoginLimiter {
  /**
   * Counts one attempt for `account` (an email) and `address`. Returns 0 when the attempt may go on,
   * else the seconds to wait (the attempt is still counted: hammering keeps the door shut).
   */
  take(account: string, address: string): Promise<number>;
  /** The attempt succeeded: the account starts afresh and the address gets its point back. */
  succeeded(account: string, address: string): Promise<void>;
}

export interface LoginLimits {
  /** Attempts per account per window (default 10). */
  perAccount?: number;
  /** Attempts per client address per window (default 50: a shared NAT stays usable). */
  perAddress?: number;
  /** The window in seconds (default 15 minutes). */
  windowS?: number;
}

export function createLoginLimiter(limits: LoginLimits = {}): LoginLimiter {
  const duration = limits.windowS ?? 15 * 60;
  const byAccount = new RateLimiterMemory({ points: limits.perAccount ?? 10, duration });
  const byAddress = new RateLimiterMemory({ points: limits.perAddress ?? 50, duration });
  const waitS = (r: PromiseSettledResult<unknown>) =>
    r.status === "rejected" && r.reason instanceof RateLimiterRes
      ? Math.max(1, Math.ceil(r.reason.msBeforeNext / 1000))
      : 0;
  return {
    async take(account, address) {
      // Both counters move before the first await: no other attempt can slip in between.
      const results = await Promise.allSettled([byAccount.consume(account), byAddress.consume(address)]);
      for (const r of results) if (r.status === "rejected" && !(r.reason instanceof RateLimiterRes)) throw r.reason;
      return Math.max(...results.map(waitS));
    },
    async succeeded(account, address) {
      await Promise.all([byAccount.delete(account), byAddress.reward(address, 1)]);
    },
  };
}
