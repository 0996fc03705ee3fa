/**
 * Brings a stored run into the engine's memory when a decision, a cancel, a re-run or recovery needs it
 * (`load-active-run.ts` checks it). A synchronous store answers now; an asynchronous one later, and two
 * requests for the same run meanwhile share one load, so the engine never holds two copies of a run.
 */
import type { ActiveRun } from "./active-run";
import { activeRunFrom } from "./load-active-run";
import { isPromise, type MaybePromise } from "./maybe-promise";
import type { SecretSource } from "./run-secrets";
import type { RunStore, StoreResult, StoredRun } from "./run-store";

/** `fn`'s answer as the engine returns it over `store`: a value when it is synchronous, a promise otherwise. */
export function overStore<S extends RunStore, T>(store: S, fn: () => MaybePromise<T>): StoreResult<S, T> {
  if (!store.asynchronous) return fn() as StoreResult<S, T>;
  try {
    return Promise.resolve(fn()) as StoreResult<S, T>;
  } catch (err) {
    return Promise.reject(err as Error) as StoreResult<S, T>;
  }
}

export class RunActivation {
  private readonly loading = new Map<string, Promise<ActiveRun>>();
  /** Over an asynchronous store: stored runs read ahead at recovery, for lookups that answer at once. */
  readonly preloaded = new Map<string, StoredRun | undefined>();

  constructor(
    private readonly store: RunStore,
    private readonly runs: Map<string, ActiveRun>,
    private readonly perRunLimit: number,
    private readonly secretSource: SecretSource | undefined,
  ) {}

  /** The run in memory, else loaded from the store and kept in memory. */
  activate(runId: string): MaybePromise<ActiveRun> {
    const live = this.runs.get(runId);
    if (live) return live;
    const pending = this.loading.get(runId);
    if (pending) return pending;
    const stored = this.store.loadRun(runId);
    if (!isPromise(stored)) return this.adopt(runId, stored);
    const load = stored.then(
      (s) => (this.loading.delete(runId), this.adopt(runId, s)),
      (err: unknown) => {
        this.loading.delete(runId);
        throw err;
      },
    );
    this.loading.set(runId, load);
    return load;
  }

  /** A run the store already returned (recovery loads every open run first), kept unless one is in memory. */
  adopt(runId: string, stored: StoredRun | undefined): ActiveRun {
    const live = this.runs.get(runId);
    if (live) return live;
    const run = activeRunFrom(stored, runId, this.perRunLimit, this.secretSource);
    this.runs.set(runId, run);
    return run;
  }

  /** `fn` on the run, in memory or loaded. */
  withRun<T>(runId: string, fn: (run: ActiveRun) => T): MaybePromise<T> {
    const run = this.activate(runId);
    return isPromise(run) ? run.then(fn) : fn(run);
  }

  /** A run for lookups that must answer at once: over an asynchronous store, one in memory or read ahead. */
  activateNow(runId: string): ActiveRun {
    if (!this.store.asynchronous) return this.activate(runId) as ActiveRun;
    const live = this.runs.get(runId);
    if (live) return live;
    if (this.preloaded.has(runId)) return this.adopt(runId, this.preloaded.get(runId));
    throw new Error(`run ${runId} is not in memory`);
  }

  /** A stored run without bringing it into memory, answered at once (over an asynchronous store: read ahead). */
  storedNow(runId: string): StoredRun | undefined {
    return this.store.asynchronous ? this.preloaded.get(runId) : (this.store.loadRun(runId) as StoredRun | undefined);
  }
}
