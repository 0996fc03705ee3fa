"use client";
/**
 * Replay a finished run: a slider over its stored events (0 = before anything ran, every node
 * pending); each position rebuilds the run with the same reducer (`RunReplay`) and hands that view
 * to the page — canvas, statuses, panel, logs and timeline as they were then. The far right is live.
 */
import { useState } from "react";
import { RunReplay } from "@/lib/stores/run-replay";
import type { AppliedEvent, RunSeed, RunViewState } from "@/lib/stores/run-store";

export function RunReplayBar(props: {
  seed: RunSeed;
  events: readonly AppliedEvent[];
  onView(view: RunViewState | undefined): void;
}) {
  const { seed, events, onView } = props;
  const [replay] = useState(() => new RunReplay(seed, events));
  const [position, setPosition] = useState(events.length);
  const at = events[position - 1]?.event.at;
  const move = (next: number) => {
    setPosition(next);
    onView(next >= events.length ? undefined : replay.at(next));
  };
  return (
    <div className="run-replay" data-testid="replay">
      <label className="small" htmlFor="run-replay">
        Replay
      </label>
      <input
        id="run-replay"
        type="range"
        aria-label="Replay"
        min={0}
        max={events.length}
        value={position}
        onChange={(e) => move(Number(e.target.value))}
      />
      <span className="muted small" data-testid="replay-position">
        {position >= events.length
          ? "end (live)"
          : `event ${position} of ${events.length}${at ? ` · ${new Date(at).toLocaleTimeString()}` : ""}`}
      </span>
      {position < events.length && (
        <button className="button small" onClick={() => move(events.length)}>
          Back to the end
        </button>
      )}
    </div>
  );
}
