"use client";
/**
 * The header's count of approvals waiting for a person (docs/ui.md: labelled `Pending
 * approvals`), linking to the inbox. Pushed by the live channel (no polling); a change refreshes the
 * approval lists on the page.
 */
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { LiveInterest } from "@/lib/stores/live-connection";
import { useLiveInterest, useLiveState, useLiveStore } from "./live-provider";

export function PendingApprovals() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const live = useLiveStore();
  const interest = useMemo<LiveInterest>(
    () => ({
      approvals: true,
      onMessage: (m) => {
        if (m.kind !== "approvals") return;
        live.setState({ pendingApprovals: m.pending });
        // The server sends one when the set changed (a revision: the count alone can stay the same as one
        // approval opens and another closes) and one when a stream (re)starts, which may follow changes
        // nobody pushed: each refreshes the lists. No toast here: a count names no run, and a run the
        // person is not watching raises none (the run page toasts its own run when it needs a person).
        void queryClient.invalidateQueries({ queryKey: trpc.approval.list.queryKey() });
      },
    }),
    [live, queryClient, trpc],
  );
  useLiveInterest(interest);
  const count = useLiveState((s) => s.pendingApprovals) ?? 0;
  return (
    <Link
      href="/#approvals-heading"
      className={`pending-approvals${count ? " pending-approvals-some" : ""}`}
      aria-label="Pending approvals"
      data-count={count}
      title={`${count} approval${count === 1 ? "" : "s"} waiting for a person`}
    >
      {/* The name stays exactly `Pending approvals`. The count is drawn from `data-count` (CSS) and kept in
          the text off screen, so the visible words are part of the name (axe label-content-name-mismatch). */}
      Approvals<span className="pending-approvals-count">{count}</span>
    </Link>
  );
}
