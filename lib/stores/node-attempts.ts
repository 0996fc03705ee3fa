/**
 * Every attempt of every planned node, from the event stream and the reducer's state after each
 * event: when it started and ended, how it ended (status, error, exit code). The run state keeps only
 * the latest attempt; the panel and the timeline show all of them.
 */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { NodeStatus } from "@/lib/workflow/model/statuses";

export interface NodeAttempt {
  nodeId: string;
  /** 1-based. */
  attempt: number;
  startedAt: number;
  finishedAt?: number;
  status: NodeStatus;
  error?: string;
  /** From a shell node's `exit code N` (0 when it succeeded). */
  exitCode?: number;
}

const EXIT_CODE = /exit code (\d+)/;

const OPEN: ReadonlySet<NodeStatus> = new Set(["running", "waiting"]);

export class NodeAttempts {
  readonly byNode = new Map<string, NodeAttempt[]>();
  /** Every attempt in the order it started (events come in time order). */
  readonly ordered: NodeAttempt[] = [];
  /** Nodes whose latest attempt has not ended: a run-level event (cancel) may end them. */
  private readonly open = new Set<string>();

  /** Call after the reducer applied `event`; `state` is the state after it. */
  record(event: RunEvent, state: RunState, nodeType: (id: string) => string | undefined): void {
    const nodeId = "nodeId" in event ? event.nodeId : undefined;
    if (event.type === "node.started" && nodeId && state.nodes[nodeId]) {
      const list = this.byNode.get(nodeId) ?? [];
      const attempt: NodeAttempt = { nodeId, attempt: list.length + 1, startedAt: event.at, status: "running" };
      list.push(attempt);
      this.ordered.push(attempt);
      this.byNode.set(nodeId, list);
      this.open.add(nodeId);
      return;
    }
    const check = nodeId && this.open.has(nodeId) ? [nodeId] : [];
    if (!nodeId || event.type.startsWith("run.")) check.push(...this.open);
    for (const id of check) this.settle(id, event, state, nodeType(id));
  }

  private settle(id: string, event: RunEvent, state: RunState, type: string | undefined): void {
    const node = state.nodes[id];
    const current = this.byNode.get(id)?.at(-1);
    if (!node || !current) return;
    // A failed attempt that will be retried leaves the node pending: the attempt itself failed.
    const failed = event.type === "node.failed" && event.nodeId === id;
    const status: NodeStatus = failed && !event.skip ? "failed" : node.status;
    current.status = status === "pending" || status === "ready" ? "failed" : status;
    if (failed) current.error = event.error;
    else if (node.error && status === "failed") current.error = node.error;
    const code = current.error?.match(EXIT_CODE);
    if (code) current.exitCode = Number(code[1]);
    else if (type === "shell" && current.status === "done") current.exitCode = 0;
    if (!OPEN.has(current.status)) {
      current.finishedAt = event.at;
      this.open.delete(id);
    }
  }
}
