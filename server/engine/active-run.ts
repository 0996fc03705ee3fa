/** A run the engine holds in memory: its spec and state, the ready heap, and what is unflushed. */
import type { RunCommand } from "@/lib/workflow/run/run-commands";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { ApprovalDecisionInfo, NewRun, RunParent } from "./run-store";
import type { RunSecrets } from "./run-secrets";

/** A binary min-heap of planned node ids keyed by topological index (the ready-set tie-break). */
export class ReadyHeap {
  private items: string[] = [];
  constructor(private readonly rank: (id: string) => number) {}
  get size(): number {
    return this.items.length;
  }
  push(id: string): void {
    const a = this.items;
    a.push(id);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.rank(a[p]) <= this.rank(a[i])) break;
      [a[p], a[i]] = [a[i], a[p]];
      i = p;
    }
  }
  pop(): string | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.rank(a[l]) < this.rank(a[m])) m = l;
        if (r < a.length && this.rank(a[r]) < this.rank(a[m])) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}

export interface ActiveRun {
  id: string;
  spec: RunSpec;
  state: RunState;
  workspace: string;
  /** The workspace folder exists (made when the first node that may touch files starts). */
  workspaceReady: boolean;
  /** Set from start until the run's first commit, which stores the run with its first events. */
  created?: NewRun;
  /** Planned nodes whose rows are not stored yet, from `next` on (`unwritten-node-rows.ts`). */
  unwritten?: { ids: readonly string[]; next: number };
  /** A grouped start waiting for that commit (`startRunGrouped`). */
  onStored?: { resolve: () => void; reject: (err: unknown) => void };
  heap: ReadyHeap;
  /** Secret values the template references and their redactor (memory only; absent without secrets). */
  secrets?: RunSecrets;
  /** Abort handles of nodes whose executor is working. */
  inflight: Map<string, AbortController>;
  outbox: RunEvent[];
  touched: Set<string>;
  approvals: RunCommand[];
  decisions: Map<string, ApprovalDecisionInfo>;
  timers: Map<string, () => void>;
  perRunLimit: number;
  /** Automatic decisions queued but not applied yet (the run is not settled while > 0). */
  pendingDecisions: number;
  /** Work of this run is in a commit still in flight (an asynchronous store): not settled yet. */
  inCommit: boolean;
  /** Who started it: a workflow node's child run is started by the same person. */
  startedBy?: { userId: string | null; email: string };
  /** A sub-workflow run: the parent run and its workflow node. */
  parent?: RunParent;
  /** The file the template was read from (the CLI's file-path children). */
  sourceFile?: string;
  /** How deeply nested it is (0: not a child), once known. */
  depth?: number;
}

export function createActiveRun(spec: RunSpec, state: RunState, workspace: string, perRunLimit: number): ActiveRun {
  return {
    id: state.runId,
    spec,
    state,
    workspace,
    workspaceReady: false,
    heap: new ReadyHeap((id) => spec.plan.nodes[id].topo),
    inflight: new Map(),
    outbox: [],
    touched: new Set(),
    approvals: [],
    decisions: new Map(),
    timers: new Map(),
    perRunLimit: spec.plan.executionMode === "serial" ? 1 : perRunLimit,
    pendingDecisions: 0,
    inCommit: false,
  };
}

/**
 * Nothing of the run is working, waiting for a decision applied, or left to write (events, touched or
 * unwritten node rows, a commit in flight): what settling and leaving memory both need.
 */
export function isQuiet(run: ActiveRun): boolean {
  return (
    run.inflight.size === 0 &&
    run.outbox.length === 0 &&
    run.touched.size === 0 &&
    !run.unwritten &&
    run.pendingDecisions === 0 &&
    !run.inCommit
  );
}
