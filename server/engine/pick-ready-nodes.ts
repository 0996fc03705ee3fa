/**
 * Step 1 of a tick: takes ready nodes, lowest topological index first, while the global and per-run
 * limits leave slots; each is started (`start` applies `node.started` and claims the slot). A node whose
 * previous attempt is still ending (cancelled, its process group being killed) waits: a new attempt
 * must never share the workspace with the old one's processes.
 *
 * Each pick keeps what `undoPicks` needs when the tick's commit fails: the node's entry before it
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

export function pickReadyNodes(
  runs: Iterable<ActiveRun>,
  freeSlots: () => boolean,
  start: (run: ActiveRun, nodeId: string) => boolean,
): Pick[] {
  const out: Pick[] = [];
  for (const run of runs) {
    const ending: string[] = [];
    while (run.heap.size && freeSlots() && run.inflight.size < run.perRunLimit) {
      const nodeId = run.heap.pop()!;
      if (run.inflight.has(nodeId)) {
        ending.push(nodeId);
        continue;
      }
      const pick = { run, nodeId, before: run.state.nodes[nodeId], wasTouched: run.touched.has(nodeId) };
      const outboxAt = run.outbox.length;
      if (start(run, nodeId)) out.push({ ...pick, outboxAt });
    }
    for (const id of ending) run.heap.push(id);
  }
  return out;
}

/**
 * The tick's commit failed: every pick goes back to ready, in memory, as if never taken — its slot
 * freed (`release`), its abort handle and `node.started` event dropped, its entry restored — so no
 * node is left `running` that the store does not know of, and the next tick picks it again.
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
