/**
 * Step 1 of a tick: takes ready nodes, lowest topological index first, while the global and per-run
 * limits leave slots; each is started (`start` applies `node.started` and claims the slot). A node whose
 * previous attempt is still ending (cancelled, its process group being killed) waits: a new attempt
 * must never share the workspace with the old one's processes.
 */
import type { ActiveRun } from "./active-run";

export function pickReadyNodes(
  runs: Iterable<ActiveRun>,
  freeSlots: () => boolean,
  start: (run: ActiveRun, nodeId: string) => boolean,
): [ActiveRun, string][] {
  const out: [ActiveRun, string][] = [];
  for (const run of runs) {
    const ending: string[] = [];
    while (run.heap.size && freeSlots() && run.inflight.size < run.perRunLimit) {
      const nodeId = run.heap.pop()!;
      if (run.inflight.has(nodeId)) {
        ending.push(nodeId);
        continue;
      }
      if (start(run, nodeId)) out.push([run, nodeId]);
    }
    for (const id of ending) run.heap.push(id);
  }
  return out;
}
