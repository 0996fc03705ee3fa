/**
 * Steps 2–5 of a tick around the store's commit (`commit-runs.ts`): launch the picks once the commit holds
 * their `node.started`, wake waiters, forget finished runs. Over a synchronous store a refused commit undoes
 * its picks (`undoPicks`: back to ready, slots freed, nothing launched); over an asynchronous one at most one
 * commit is in flight — a tick asked for meanwhile runs when it ends and groups everything that arrived — and
 * refused picks stay started, waiting for a later commit to store them. Either way a refused commit is tried
 * again on the engine's clock (`commit-retry.ts`).
 */
import type { ActiveRun } from "./active-run";
import type { Clock } from "./clock";
import { commitRuns } from "./commit-runs";
import { CommitRetry } from "./commit-retry";
import type { RunEventBus } from "./event-bus";
import { evictFinishedRuns } from "./evict-finished-runs";
import { isPromise, type MaybePromise } from "./maybe-promise";
import { undoPicks, type Pick } from "./pick-ready-nodes";
import type { RunStore } from "./run-store";

export interface CommitCycleHost {
  runs: Map<string, ActiveRun>;
  store: RunStore;
  bus: RunEventBus;
  clock: Clock;
  launch(run: ActiveRun, nodeId: string): void;
  /** A slot given back: a pick that will not launch. */
  release(): void;
  /** Whoever waits for runs to settle (after every commit). */
  notify(): void;
  /** Asks for a tick soon (a retry, or work that arrived while a commit was in flight). */
  schedule(): void;
}

export class CommitCycle {
  private readonly retry: CommitRetry;
  private inFlight?: Promise<unknown>;
  private again = false;
  private held: Pick[] = [];

  constructor(private readonly h: CommitCycleHost) {
    this.retry = new CommitRetry(h.clock, () => h.schedule());
  }

  /** True while an asynchronous commit is in flight: the tick waits (it runs when the commit ends). */
  busy(): boolean {
    if (this.inFlight) this.again = true;
    return this.inFlight !== undefined;
  }

  /** Commits what the runs hold with `picks` started; returns the commit's error, undefined when it was stored. */
  commit(picks: Pick[]): MaybePromise<unknown> {
    // Picks a refused commit held are stored, and launched, with this one's.
    const launching = this.held.length ? this.held.concat(picks) : picks;
    this.held = [];
    const failed = commitRuns(this.h.runs, this.h.store, this.h.bus, launching);
    if (!isPromise(failed)) return this.after(launching, failed);
    this.inFlight = failed.then((err) => {
      this.inFlight = undefined;
      this.after(launching, err);
      if (this.again) {
        this.again = false;
        this.h.schedule();
      }
      return err;
    });
    return this.inFlight;
  }

  stop(): void {
    this.retry.stop();
  }

  private after(picks: Pick[], failed: unknown): unknown {
    const { runs } = this.h;
    if (failed === undefined) {
      this.retry.succeeded();
      for (const { run, nodeId } of picks) {
        if (runs.get(run.id) === run) {
          this.h.launch(run, nodeId);
        } else {
          run.inflight.delete(nodeId); // a grouped start that was never stored
          this.h.release();
        }
      }
    } else {
      if (this.h.store.asynchronous) this.held.push(...picks);
      else
        undoPicks(
          picks,
          (run) => runs.get(run.id) === run,
          () => this.h.release(),
        );
      this.retry.failed(failed);
    }
    this.h.notify();
    evictFinishedRuns(runs);
    // Node rows a new run has not stored yet: the next tick writes the next share (after a refused commit, the
    // retry's tick does).
    if (failed === undefined)
      for (const run of runs.values())
        if (run.unwritten) {
          this.h.schedule();
          break;
        }
    return failed;
  }
}
