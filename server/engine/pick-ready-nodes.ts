/**
 * Step 1 of a tick: takes ready nodes, lowest topological index first, while the global and per-run
 * limits leave slots; each is started (`start` applies `node.started` and claims the slot). A node whose
 * previous attempt is still ending (cancelled, its process group being killed) waits: a new attempt
 * must never share the workspace with the old one's processes.
 *
 * A node whose outcome is known at once (`run-instant-node.ts`) is finished by `start` itself and takes
 * no slot; the nodes it releases are taken in the same loop, so a chain of such nodes advances in one
 * tick — up to the tick's budget of such nodes (`instantPerTick`), shared out equally among the runs that
 * have ready nodes when the tick begins (at least one each), and as the tick's time (`instantMs`, when set)
 * is: in equal shares, each run finishing one such node at least. A run that used its share yields to the
 * others until the next tick (docs/decisions/044-ticks-run-to-quiescence.md).
 *
 * Each launched pick keeps what `undoPicks` needs when the tick's commit fails: the node's entry before it
 * started (entries are replaced, never mutated), whether it was already unflushed, and where its
 * `node.started` event sits in the outbox. `node.started` changes nothing else (the run was running
 * already: a ready node keeps it so).
 */
import type { NodeState } from "@/lib/workflow/run/run-state";
import type { ActiveRun } from "./active-run";

export interface Pick {
  run: ActiveRun;
  nodeId: string;
  before: NodeState;
  wasTouched: boolean;
  outboxAt: number;
}

/** What `start` did with a node: refused it, started it for a launch, or finished it at once. */
export type StartOutcome = "refused" | "launch" | "finished";

export function pickReadyNodes(
  runs: Iterable<ActiveRun>,
  freeSlots: () => boolean,
  start: (run: ActiveRun, nodeId: string) => StartOutcome,
  instantPerTick: number,
  instantMs?: number,
): Pick[] {
  const out: Pick[] = [];
  const ready = [...runs].filter((r) => r.heap.size > 0);
  const share = Math.max(1, Math.floor(instantPerTick / ready.length));
  const timeShare = instantMs === undefined ? Infinity : instantMs / ready.length;
  for (const run of ready) {
    const ending: string[] = [];
    const until = performance.now() + timeShare;
    const timeLeft = () => timeShare === Infinity || performance.now() < until;
    let finished = 0;
    while (
      run.heap.size &&
      freeSlots() &&
      run.inflight.size < run.perRunLimit &&
      finished < share &&
      (finished === 0 || timeLeft())
    ) {
      const nodeId = run.heap.pop()!;
      if (run.inflight.has(nodeId)) {
        ending.push(nodeId);
        continue;
      }
      const pick = { run, nodeId, before: run.state.nodes[nodeId], wasTouched: run.touched.has(nodeId) };
      const outboxAt = run.outbox.length;
      const outcome = start(run, nodeId);
      if (outcome === "launch") out.push({ ...pick, outboxAt });
      else if (outcome === "finished") finished++;
    }
    for (const id of ending) run.heap.push(id);
  }
  return out;
}

/**
 * The tick's commit failed: every launched pick goes back to ready, in memory, as if never taken — its slot
 * freed (`release`), its abort handle and `node.started` event dropped, its entry restored — so no
 * node is left `running` that the store does not know of, and the next tick picks it again. Nodes
 * finished at once stay finished in memory, unflushed: nothing outside the engine saw them, and the
 * next commit stores them.
 */
export function undoPicks(picks: readonly Pick[], isActive: (run: ActiveRun) => boolean, release: () => void): void {
  for (let i = picks.length - 1; i >= 0; i--) {
    const { run, nodeId, before, wasTouched, outboxAt } = picks[i];
    run.inflight.delete(nodeId);
    release();
    // A grouped start whose commit failed has left the engine already: nothing to restore.
    if (!isActive(run)) continue;
    const now = run.state.nodes[nodeId];
    run.state.counts[now.status]--;
    run.state.counts[before.status]++;
    run.state.nodes[nodeId] = before;
    if (!wasTouched) run.touched.delete(nodeId);
    run.outbox.splice(outboxAt, 1);
    run.heap.push(nodeId);
  }
}
