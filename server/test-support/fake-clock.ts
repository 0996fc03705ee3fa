/** Test helper: an engine clock that only moves when a test advances it. */
import type { Clock } from "@/server/engine/clock";

/** A clock that only moves when `advance` is called; due timers fire in time order. */
export class FakeClock implements Clock {
  private timers: { at: number; fn: () => void; live: boolean }[] = [];
  constructor(private t = 1_000_000) {}
  now(): number {
    return this.t;
  }
  setTimer(at: number, fn: () => void): () => void {
    const timer = { at, fn, live: true };
    this.timers.push(timer);
    return () => (timer.live = false);
  }
  advance(ms: number): void {
    this.t += ms;
    const due = this.timers.filter((x) => x.live && x.at <= this.t).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((x) => !due.includes(x));
    for (const x of due) x.fn();
  }
}
