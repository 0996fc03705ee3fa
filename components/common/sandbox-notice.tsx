"use client";
/**
 * Whether this server's node processes run in the bubblewrap sandbox (from `health.ping`): a line in
 * Settings, and on a run page a notice only when they do not.
 */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";

export function SandboxNotice({ onlyWhenBare = false }: { onlyWhenBare?: boolean }) {
  const trpc = useTRPC();
  const health = useQuery({ ...trpc.health.ping.queryOptions(), staleTime: 60_000 });
  const sandbox = health.data?.sandbox;
  if (!sandbox || (onlyWhenBare && sandbox.sandboxed)) return null;
  return (
    <p className="muted small" role={sandbox.sandboxed ? undefined : "status"} data-testid="sandbox-notice">
      Node processes on this server are {sandbox.summary}.
    </p>
  );
}
