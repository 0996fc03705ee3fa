"use client";
/**
 * The timeline: one bar per node attempt over the run's time, coloured by how the attempt ended
 * (running bars grow to now). Virtualised: a 1,000-node run draws only the rows on screen.
 * Clicking a row selects its node.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useRef } from "react";
import type { NodeAttempts } from "@/lib/stores/node-attempts";
import type { RunPlan } from "@/lib/workflow/run/run-plan";
import { formatDuration } from "./format-duration";

const ROW = 22;

export const RunTimeline = memo(function RunTimeline(props: {
  attempts: NodeAttempts;
  plan: RunPlan;
  version: number;
  /** The right end of the axis for attempts still open (now, or the replayed moment). */
  now: number;
  onSelect(nodeId: string): void;
}) {
  // `version` (in the props, so memo re-renders) stands for new or ended attempts: `attempts` is mutated in place.
  const { attempts, plan, now, onSelect } = props;
  const rows = attempts.ordered;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 10,
  });
  if (rows.length === 0) return <p className="muted">Nothing has started yet.</p>;
  const t0 = rows[0].startedAt;
  let t1 = t0 + 1;
  for (const a of rows) t1 = Math.max(t1, a.finishedAt ?? now);
  const span = t1 - t0;
  return (
    <div className="run-timeline" data-testid="timeline">
      <div className="run-timeline-axis muted small">
        <span>0 s</span>
        <span>{formatDuration(span)}</span>
      </div>
      <div ref={scroller} className="run-timeline-rows" style={{ maxHeight: 12 * ROW }}>
        <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
          {virtual.getVirtualItems().map((v) => {
            const a = rows[v.index];
            const end = a.finishedAt ?? now;
            const source = plan.nodes[a.nodeId]?.sourceId ?? a.nodeId;
            return (
              <button
                key={v.key}
                className="run-timeline-row"
                style={{ transform: `translateY(${v.start}px)`, height: ROW }}
                onClick={() => onSelect(source)}
                data-testid={`timeline-${a.nodeId}-${a.attempt}`}
                data-status={a.status}
                title={`${a.nodeId} attempt ${a.attempt}: ${a.status}, ${formatDuration(end - a.startedAt)}`}
              >
                <span className="run-timeline-label">
                  {a.nodeId}
                  {a.attempt > 1 ? ` #${a.attempt}` : ""}
                </span>
                <span className="run-timeline-track">
                  <span
                    className={`run-timeline-bar status-bg-${a.status}`}
                    style={{
                      left: `${((a.startedAt - t0) / span) * 100}%`,
                      width: `max(2px, ${((end - a.startedAt) / span) * 100}%)`,
                    }}
                  />
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
});
