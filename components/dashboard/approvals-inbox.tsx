"use client";
/**
 * The approvals inbox: every pending checkpoint, human task and undecided gate, across runs.
 * Refreshed when the live channel reports a new pending count (see PendingApprovals), never polled.
 */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { ApprovalCard } from "./approval-card";

export function ApprovalsInbox() {
  const trpc = useTRPC();
  const q = useQuery(trpc.approval.list.queryOptions({ status: "pending" }));
  if (q.isPending) return <p className="muted">Loading approvals…</p>;
  if (q.isError) return <p role="alert">{q.error.message}</p>;
  if (q.data.items.length === 0) return <p className="muted">Nothing is waiting for you.</p>;
  return (
    <div className="approvals">
      {q.data.items.map((a) => (
        <ApprovalCard key={a.id} approval={a} />
      ))}
    </div>
  );
}
