/**
 * Login attempts per email and per client address (rate-limiter-flexible, in memory: one server
 * process). A success clears the email's counter.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const holder = globalThis as unknown as {
  __wfLoginLimiters?: { byEmail: RateLimiterMemory; byAddress: RateLimiterMemory };
};

function limiters() {
  holder.__wfLoginLimiters ??= {
    // 10 wrong passwords for one account per 15 minutes; 50 per address (a shared NAT stays usable).
    byEmail: new RateLimiterMemory({ points: 10, duration: 15 * 60 }),
    byAddress: new RateLimiterMemory({ points: 50, duration: 15 * 60 }),
  };
  return holder.__wfLoginLimiters;
}

/** Seconds to wait before the next attempt, or 0 when one is allowed now. */
export async function loginRetryAfterS(email: string, address: string): Promise<number> {
  const { byEmail, byAddress } = limiters();
  const [e, a] = await Promise.all([byEmail.get(email), byAddress.get(address)]);
  const blocked = [
    [e, byEmail.points],
    [a, byAddress.points],
  ].filter(([r, points]) => r instanceof RateLimiterRes && r.consumedPoints >= (points as number));
  if (blocked.length === 0) return 0;
  return Math.max(...blocked.map(([r]) => Math.ceil((r as RateLimiterRes).msBeforeNext / 1000)));
}

export async function recordLoginFailure(email: string, address: string): Promise<void> {
  const { byEmail, byAddress } = limiters();
  await Promise.all([byEmail.penalty(email, 1), byAddress.penalty(address, 1)]);
}

export async function recordLoginSuccess(email: string): Promise<void> {
  await limiters().byEmail.delete(email);
}
