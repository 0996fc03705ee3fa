"use client";
/**
 * The approvals inbox: every pending checkpoint, human task and undecided gate, across runs.
 * Refreshed when the live channel reports the approvals changed (see PendingApprovals), as a second
 * signal that needs no count, when a run it lists starts or stops waiting, and — a third — once more when a
 * refresh ends with fewer or more cards than the live count of pending approvals (the same set): never polled.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import type { LiveInterest } from "@/lib/stores/live-connection";
import { useLiveInterest, useLiveState } from "@/components/app-shell/live-provider";
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
  // The header's count and these cards are one set: a list that disagrees once its refresh has ended is read
  // again, once per count (a count that stays put with other cards is the revision signal's case).
  const pending = useLiveState((s) => s.pendingApprovals);
  const readAgainFor = useRef<number | undefined>(undefined);
  const shown = q.data?.items.length;
  useEffect(() => {
    if (pending === undefined || shown === undefined || q.isFetching) return;
    if (shown === pending || readAgainFor.current === pending) return;
    readAgainFor.current = pending;
    void queryClient.invalidateQueries({ queryKey: trpc.approval.list.queryKey() });
  }, [pending, shown, q.isFetching, queryClient, trpc]);
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
