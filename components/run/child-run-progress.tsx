"use client";
/**
 * A workflow node's child run on a run page: its progress as text (nodes done of total and the
 * child's status, so not colour alone) and `Open child run` to the child's own page. The parent's
 * run store carries it (`node.child` events), so the parent's page follows the child without
 * watching it. On the canvas, a node whose panel is open keeps the link visible but leaves it out of
 * the accessibility tree (`hidden`): the panel's link is then the one `Open child run`.
 */
import Link from "next/link";
import type { NodeState } from "@/lib/workflow/run/run-state";

export interface ChildRunInfo {
  runId: string;
  status: string;
  done: number;
  total: number;
}

/** The node's child run, once started (the run state's `child`). */
export function childRunOf(node: NodeState | undefined): ChildRunInfo | undefined {
  // `child` is set by the engine's `node.child` event; read structurally so the field may be absent.
  return (node as (NodeState & { child?: ChildRunInfo }) | undefined)?.child;
}

export function ChildRunProgress({ child, hidden = false }: { child: ChildRunInfo; hidden?: boolean }) {
  return (
    <span className="child-run" data-testid="child-run" data-child-status={child.status}>
      <span className="child-run-progress">
        child {child.done}/{child.total} · {child.status}
      </span>{" "}
      <Link
        href={`/runs/${encodeURIComponent(child.runId)}`}
        className="child-run-link nodrag nopan"
        aria-hidden={hidden || undefined}
        tabIndex={hidden ? -1 : undefined}
      >
        Open child run
      </Link>
    </span>
  );
}
