/** A lock for asynchronous work in one process: holders take turns in the order they asked. */
export class AsyncLock {
  private locked = false;
  private readonly waiting: (() => void)[] = [];

  get held(): boolean {
    return this.locked;
  }

  /** Resolves once the caller holds the lock; `release` hands it to the next in line. */
  acquire(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.locked = false;
  }
}
