"use client";
/**
 * The approvals inbox: every pending checkpoint, human task and undecided gate, across runs.
 * Refreshed when the live channel reports the approvals changed (see PendingApprovals) and, as a second
 * signal that needs no count, when a run it lists starts or stops waiting — never polled.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { LiveInterest } from "@/lib/stores/live-connection";
import { useLiveInterest } from "@/components/app-shell/live-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { ApprovalCard } from "./approval-card";

export function ApprovalsInbox() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery(trpc.approval.list.queryOptions({ status: "pending" }));
  const interest = useMemo<LiveInterest>(() => {
    const waiting = new Set<string>();
    return {
      runs: true,
      onMessage: (m) => {
        if (m.kind !== "run") return;
        const now = m.run.status === "waiting";
        if (now === waiting.has(m.run.id)) return;
        if (now) waiting.add(m.run.id);
        else waiting.delete(m.run.id);
        void queryClient.invalidateQueries({ queryKey: trpc.approval.list.queryKey() });
      },
    };
  }, [queryClient, trpc]);
  useLiveInterest(interest);
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
