"use client";
/** Shows whether the server's SSE stream is connected (the heartbeat subscription). */
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "@/lib/trpc/client";

export function LiveIndicator() {
  const trpc = useTRPC();
  const sub = useSubscription(trpc.health.heartbeat.subscriptionOptions({ intervalMs: 2000 }));
  const live = sub.status === "pending" && sub.data !== undefined;
  return (
    <span className={`live ${live ? "live-on" : "live-off"}`} data-testid="live-indicator" data-live={live}>
      <span className="live-dot" aria-hidden />
      {live ? "Live" : sub.status === "error" ? "Offline" : "Connecting…"}
    </span>
  );
}
