"use client";
/** The header's count of approvals waiting for a person (DESIGN.md §8: labelled `Pending approvals`), linking to the inbox. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/lib/trpc/client";

export function PendingApprovals() {
  const trpc = useTRPC();
  // Same query key as the dashboard's inbox, so one request serves both.
  const q = useQuery({ ...trpc.approval.list.queryOptions({ status: "pending" }), refetchInterval: 2000 });
  const count = q.data?.items.length ?? 0;
  return (
    <Link
      href="/#approvals-heading"
      className={`pending-approvals${count ? " pending-approvals-some" : ""}`}
      aria-label="Pending approvals"
      data-count={count}
      title={`${count} approval${count === 1 ? "" : "s"} waiting for a person`}
    >
      Approvals <strong>{count}</strong>
    </Link>
  );
}
