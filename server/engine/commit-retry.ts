/**
 * After a failed commit the runs keep their unflushed work in memory (their picks undone) and the engine
 * tries the commit again on its clock — after 100 ms, doubling up to 5 s — or sooner, when anything else
 * makes it tick. One retry is armed at a time; a commit that succeeds resets the delay.
 */
import type { Clock } from "./clock";
import { RetryDelay } from "./retry-delay";

export class CommitRetry {
  private cancel?: () => void;
  private readonly delay = new RetryDelay();

  constructor(
    private readonly clock: Clock,
    private readonly wake: () => void,
  ) {}

  succeeded(): void {
    this.delay.reset();
  }

  failed(err: unknown): void {
    const delayMs = this.delay.next();
    const why = err instanceof Error ? err.message : String(err);
    console.error(
      `wf engine: could not store the runs' progress (${why}); nothing new started, trying again within ${delayMs} ms`,
    );
    if (this.cancel) return;
    this.cancel = this.clock.setTimer(this.clock.now() + delayMs, () => {
      this.cancel = undefined;
      this.wake();
    });
  }

  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}
