/**
 * Workflow nodes' child runs, inside one engine (docs/engine.md, "Sub-workflows"). Starting a workflow node
 * creates the child run in the same tick (its pinned template, the node's `inputs` as its variables, the
 * parent's starter); the node then holds no process, slot or timer. Every change of the child that the parent
 * shows — running or waiting for a person, nodes done — is applied to the parent as `node.child`, and the
 * child's end as the node's `node.succeeded` (the child's outputs) or `node.failed` (its reason), all in the
 * same transaction as the child's own transition. The node's `timeout_s` bounds the child: past it the node
 * fails (RUN014, its policy applies) and the child is cancelled. After a restart a parent looks its child up
 * again and its deadline is armed again.
 */
import { parseReferences } from "@/lib/workflow/model/references";
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import { hasLiveChild } from "@/lib/workflow/run/child-run-progress";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { ActiveRun } from "./active-run";
import { pinnedChild } from "./child-templates";
import type { Clock } from "./clock";
import type { StartRunInput } from "./engine-options";
import { instantContext } from "./node-context";
import type { StoredRun } from "./run-store";
import { armTimer, disarmTimer } from "./run-timers";

/** Workflows calling workflows at run time: a child nested deeper than this fails its node (RUN043). */
export const MAX_CHILD_DEPTH = 5;

/** The key of a workflow node's deadline in `run.timers`. */
const deadlineKey = (nodeId: string) => `child-deadline:${nodeId}`;

export interface ChildRunHost {
  clock(): Clock;
  apply(run: ActiveRun, event: RunEvent): boolean;
  /** Plans a run and holds it in memory (stored by the next commit); throws RunInputError. */
  createRun(input: StartRunInput): ActiveRun;
  /** A run in memory, loading it from the store when it is not. */
  activate(runId: string): ActiveRun;
  /** A run in memory only. */
  find(runId: string): ActiveRun | undefined;
  /** A stored run, without bringing it into memory. */
  loadRun(runId: string): StoredRun | undefined;
}

export class ChildRuns {
  constructor(private readonly host: ChildRunHost) {}

  /** Starts the child of workflow node `nodeId` (just marked running), or fails the node with why not. */
  start(run: ActiveRun, nodeId: string): void {
    const h = this.host;
    const def = run.spec.defs.get(nodeId);
    const pinned = pinnedChild(def);
    if (def?.type !== "workflow" || !pinned)
      return this.fail(run, nodeId, RUN_CODES.RUN042(nodeId, def?.type === "workflow" ? (def.template ?? "") : ""));
    const depth = this.depthOf(run) + 1;
    if (depth > MAX_CHILD_DEPTH) return this.fail(run, nodeId, RUN_CODES.RUN043(nodeId, depth));
    const variables: Record<string, string> = {};
    const ctx = instantContext(run, nodeId);
    for (const [name, text] of Object.entries(def.inputs ?? {})) {
      // A secret is never stored as a variable: the child reads {secrets.NAME} itself.
      if (parseReferences(text).some((r) => r.kind === "secret"))
        return this.fail(
          run,
          nodeId,
          RUN_CODES.RUN045(nodeId, `inputs.${name} passes a secret; the child template reads {secrets.…} itself`),
        );
      variables[name] = ctx.resolve(text);
    }
    let child: ActiveRun;
    try {
      child = h.createRun({
        template: pinned.template,
        variables,
        templatePk: pinned.templatePk,
        templateVersion: pinned.templateVersion,
        parent: { runId: run.id, nodeId },
        ...(pinned.file ? { sourceFile: pinned.file } : {}),
        ...(run.startedBy ? { startedBy: run.startedBy } : {}),
      });
    } catch (err) {
      return this.fail(run, nodeId, RUN_CODES.RUN045(nodeId, err instanceof Error ? err.message : String(err)));
    }
    child.depth = depth;
    const total = child.spec.plan.order.length;
    h.apply(run, {
      type: "node.child",
      at: this.now(),
      nodeId,
      childRunId: child.id,
      status: "running",
      done: 0,
      total,
    });
    this.armDeadline(run, nodeId, child.id);
    // A child that settled while it was created (no nodes) ends its node now.
    this.changed(child);
  }

  /** The child `child` moved: its parent's workflow node follows (nothing when it is not that node's child). */
  changed(child: ActiveRun): void {
    if (!child.parent) return;
    let parent: ActiveRun;
    try {
      parent = this.host.activate(child.parent.runId);
    } catch {
      return; // the parent was deleted: the child runs on its own
    }
    this.follow(parent, child.parent.nodeId, child.id, child.state);
  }

  /**
   * After a restart: each workflow node of `parent` whose child is going looks at that child (in memory, else
   * stored) and ends when it ended meanwhile — or when it is gone or cannot be read: a parent never stays stuck.
   */
  reattach(parent: ActiveRun): void {
    for (const nodeId of parent.spec.plan.order) {
      const n = parent.state.nodes[nodeId];
      if (!hasLiveChild(n)) continue;
      const childId = n.child!.runId;
      let state: RunState | undefined;
      try {
        state = this.host.find(childId)?.state ?? this.host.loadRun(childId)?.state;
      } catch (err) {
        this.fail(parent, nodeId, RUN_CODES.RUN044(nodeId, childId, "cannot be read", String(err)));
        continue;
      }
      if (state) this.follow(parent, nodeId, childId, state);
      else this.fail(parent, nodeId, RUN_CODES.RUN044(nodeId, childId, "is gone", "it is no longer stored"));
      if (hasLiveChild(parent.state.nodes[nodeId])) this.armDeadline(parent, nodeId, childId);
    }
  }

  /** Cancels a child whose parent stopped running it (cancel, re-run, a run that closed). */
  cancel(childRunId: string): void {
    let child: ActiveRun;
    try {
      child = this.host.activate(childRunId);
    } catch {
      return;
    }
    if (!isTerminalRunStatus(child.state.status))
      this.host.apply(child, { type: "run.cancelled", at: this.now(), reason: "its parent run stopped it" });
  }

  private now(): number {
    return this.host.clock().now();
  }

  /**
   * Past the node's `timeout_s` (counted from its start, so a restart keeps the deadline) the node fails with
   * RUN014 — its `on_fail` and `retries` apply as to any timeout — and then the child is cancelled: by then the
   * node no longer follows it, so the cancel does not fail the node a second time.
   */
  private armDeadline(run: ActiveRun, nodeId: string, childId: string): void {
    const seconds = run.spec.defs.get(nodeId)?.timeout_s;
    if (!seconds) return;
    const at = (run.state.nodes[nodeId]?.startedAt ?? this.now()) + seconds * 1000;
    armTimer(run, deadlineKey(nodeId), at, this.host.clock(), () => {
      const n = run.state.nodes[nodeId];
      if (!hasLiveChild(n) || n.child?.runId !== childId) return;
      const error = RUN_CODES.RUN014(nodeId, seconds);
      this.host.apply(run, { type: "node.failed", at: this.now(), nodeId, error, code: "RUN014" });
      this.cancel(childId);
    });
  }

  private follow(parent: ActiveRun, nodeId: string, childId: string, state: RunState): void {
    const h = this.host;
    const n = parent.state.nodes[nodeId];
    if (!n || n.child?.runId !== childId || (n.status !== "running" && n.status !== "waiting")) return;
    const at = this.now();
    if (isTerminalRunStatus(state.status)) disarmTimer(parent, deadlineKey(nodeId));
    if (state.status === "succeeded") {
      const outputs = state.outputs ?? {};
      h.apply(parent, { type: "node.succeeded", at, nodeId, output: JSON.stringify(outputs), fields: outputs });
      return;
    }
    if (isTerminalRunStatus(state.status)) {
      const error = RUN_CODES.RUN044(nodeId, childId, state.status, state.error ?? "");
      h.apply(parent, { type: "node.failed", at, nodeId, error, code: "RUN044" });
      return;
    }
    const status = state.status === "waiting" ? "waiting" : "running";
    const c = state.counts;
    const done = c.done + c.skipped + c.failed + c.cancelled;
    if (n.child.status === status && n.child.done === done) return;
    // Progress not yet stored is replaced, not added to: a child that runs many nodes in one tick costs its
    // parent one event and one row write per tick, not one per node.
    const last = parent.outbox.at(-1);
    const unstored = last?.type === "node.child" && last.nodeId === nodeId ? last : undefined;
    const event = { type: "node.child", at, nodeId, childRunId: childId, status, done, total: n.child.total } as const;
    if (h.apply(parent, event) && unstored) parent.outbox.splice(parent.outbox.lastIndexOf(unstored), 1);
  }

  private fail(run: ActiveRun, nodeId: string, error: string): void {
    this.host.apply(run, { type: "node.failed", at: this.now(), nodeId, error });
  }

  /** How deep `run` is nested (0: not a child), from memory or the stored parent chain. */
  private depthOf(run: ActiveRun): number {
    if (run.depth !== undefined) return run.depth;
    let depth = 0;
    let parentId = run.parent?.runId;
    while (parentId && depth <= MAX_CHILD_DEPTH) {
      depth++;
      const known = this.host.find(parentId);
      if (known?.depth !== undefined) {
        depth += known.depth;
        break;
      }
      parentId = known ? known.parent?.runId : (this.host.loadRun(parentId)?.parent?.runId ?? undefined);
    }
    run.depth = depth;
    return depth;
  }
}
