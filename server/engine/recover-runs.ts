/**
 * Recovery at process start: every unfinished run in the store is taken up again (`reenter-run.ts`), a run
 * that cannot be read is set aside (failed with the reason, RUN035) without blocking the others, and once
 * every run is back a workflow node whose child ended meanwhile ends too. Over an asynchronous store the
 * open runs — and the children their workflow nodes follow — are read first, then the same steps run.
 */
import { hasLiveChild } from "@/lib/workflow/run/child-run-progress";
import type { ActiveRun } from "./active-run";
import type { RunStateInvalidError } from "./engine-errors";
import { andThen, isPromise, type MaybePromise } from "./maybe-promise";
import type { RunActivation } from "./run-activation";
import type { RunStore, StoredRun } from "./run-store";
import { resumeEach, setAsideUnreadableRun } from "./set-aside-unreadable-run";

export interface RecoveredRuns {
  resumed: string[];
  invalid: RunStateInvalidError[];
}

export interface RecoverDeps {
  store: RunStore;
  runs: Map<string, ActiveRun>;
  activation: RunActivation;
  /** Stored runs read ahead for lookups that must answer at once (children of workflow nodes). */
  preloaded: Map<string, StoredRun | undefined>;
  now(): number;
  /** Takes one loaded run up again (its nodes re-entered, its children reattached, a tick). */
  resume(run: ActiveRun): void;
  reattach(run: ActiveRun): void;
  tick(): void;
}

export function recoverRuns(d: RecoverDeps, filter?: (runId: string) => boolean): MaybePromise<RecoveredRuns> {
  return andThen(d.store.openRunIds(), (all) => {
    const ids = all.filter((id) => !d.runs.has(id) && (!filter || filter(id)));
    if (!d.store.asynchronous) return recoverLoaded(d, ids, (id) => d.activation.activate(id) as ActiveRun);
    return readAhead(d, ids).then((loaded) =>
      recoverLoaded(d, ids, (id) => {
        const got = loaded.get(id)!;
        if (got.status === "rejected") throw got.reason;
        return d.activation.adopt(id, got.value);
      }),
    );
  });
}

function recoverLoaded(d: RecoverDeps, ids: readonly string[], load: (id: string) => ActiveRun) {
  const result = resumeEach(
    ids,
    (id) => d.resume(load(id)),
    (id, err) => setAsideUnreadableRun(d.runs, d.store, id, err, d.now()),
  );
  for (const id of result.resumed) d.reattach(d.activation.activate(id) as ActiveRun);
  d.tick();
  const invalid = result.invalid;
  if (!invalid.some(isPromise)) return { resumed: result.resumed, invalid: invalid as RunStateInvalidError[] };
  return Promise.all(invalid).then((list) => ({ resumed: result.resumed, invalid: list }));
}

async function readAhead(d: RecoverDeps, ids: readonly string[]) {
  const settled = await Promise.allSettled(ids.map((id) => d.store.loadRun(id)));
  const loaded = new Map(ids.map((id, i) => [id, settled[i]]));
  const children = new Set<string>();
  for (const s of settled) {
    if (s.status !== "fulfilled" || !s.value) continue;
    for (const n of Object.values(s.value.state.nodes))
      if (hasLiveChild(n) && !loaded.has(n.child!.runId)) children.add(n.child!.runId);
  }
  await Promise.all(
    [...children].map(async (id) => {
      // A child that cannot be read is looked up again at once, and fails its node there (RUN044).
      d.preloaded.set(id, await Promise.resolve(d.store.loadRun(id)).catch(() => undefined));
    }),
  );
  for (const [id, s] of loaded) if (s.status === "fulfilled") d.preloaded.set(id, s.value);
  return loaded;
}
