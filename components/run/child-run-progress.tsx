"use client";
/**
 * A workflow node's child run on a run page: its progress as text (nodes done of total and the
 * child's status, so not colour alone) and `Open child run` to the child's own page. The parent's
 * run state carries it (`node.child` events), so the parent's page follows the child without
 * watching it. The child's end reaches the parent as the node's own end, not as progress, so a
 * finished node says how its child ended. On the canvas, a node whose panel is open keeps the link
 * visible but out of the accessibility tree (`hidden`): the panel's link is then the one
 * `Open child run`.
 */
import Link from "next/link";
import type { NodeState } from "@/lib/workflow/run/run-state";

export type ChildRun = NonNullable<NodeState["child"]>;

/** What the child is shown as: its last progress while the node runs or waits; its end once the node ended. */
function shown(child: ChildRun, nodeStatus: string | undefined): { status: string; progress: string } {
  if (nodeStatus === "done") return { status: "succeeded", progress: `${child.total}/${child.total}` };
  if (nodeStatus === "running" || nodeStatus === "waiting" || nodeStatus === undefined)
    return { status: child.status, progress: `${child.done}/${child.total}` };
  // failed, cancelled, interrupted, pending again (a retry): the child's last count is no longer news.
  return { status: nodeStatus === "pending" ? "ended" : nodeStatus, progress: "" };
}

export function ChildRunProgress(props: { child: ChildRun; nodeStatus?: string; hidden?: boolean }) {
  const { child, hidden = false } = props;
  const { status, progress } = shown(child, props.nodeStatus);
  return (
    <span className="child-run" data-testid="child-run" data-child-status={status}>
      <span className="child-run-progress">
        child {progress && `${progress} · `}
        {status}
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
