/** A retry delay (a commit, a reconnect, a resend): 100 ms, doubling up to 5 s, back to 100 ms after a success. */
const FIRST_MS = 100;
const MAX_MS = 5000;

export class RetryDelay {
  private ms = FIRST_MS;

  /** The delay to wait now; the next one is twice as long (at most 5 s). */
  next(): number {
    const ms = this.ms;
    this.ms = Math.min(MAX_MS, ms * 2);
    return ms;
  }

  reset(): void {
    this.ms = FIRST_MS;
  }
}
