"use client";
/** Whether the tab's one live channel is connected (its status, not a connection of its own). */
import { useLiveState } from "./live-provider";

const LABEL = {
  live: "Live",
  connecting: "Connecting…",
  retrying: "Reconnecting…",
  idle: "Idle",
  paused: "Paused",
} as const;

export function LiveIndicator() {
  const status = useLiveState((s) => s.status);
  const live = status === "live";
  return (
    <span className={`live ${live ? "live-on" : "live-off"}`} data-testid="live-indicator" data-live={live}>
      <span className="live-dot" aria-hidden />
      {LABEL[status]}
    </span>
  );
}
