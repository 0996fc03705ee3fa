"use client";
/**
 * A node's log: ANSI colours rendered as spans (`AnsiText`), only
 * the lines on screen in the DOM (virtualised, so 100k lines scroll like 100), following the tail
 * until paused (scrolling up pauses, the button resumes), searchable (matching lines only, with a
 * count). `version` changes whenever lines were appended to the (mutable) array.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import Anser from "anser";
import { useEffect, useMemo, useRef, useState } from "react";
import type { LogLine } from "@/lib/stores/run-log-buffer";
import { AnsiText } from "./ansi-text";

const ROW = 18;

export function RunLog({ lines, version, testId }: { lines: readonly LogLine[]; version: number; testId: string }) {
  const [search, setSearch] = useState("");
  const [follow, setFollow] = useState(true);
  const scroller = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return lines;
    return lines.filter((l) => Anser.ansiToText(l.text).toLowerCase().includes(q));
    // `version` stands for appends to `lines`, which is mutated in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines, search, version]);
  const count = shown.length;
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 20,
  });
  useEffect(() => {
    if (follow && count > 0) virtual.scrollToIndex(count - 1, { align: "end" });
  }, [follow, count, version, virtual]);

  return (
    <div className="run-log">
      <div className="run-log-bar">
        <input
          type="search"
          aria-label="Search the log"
          placeholder="Search the log"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="muted small" data-testid={`${testId}-count`}>
          {search ? `${count} of ${lines.length} lines` : `${lines.length} lines`}
        </span>
        <button className="button small" onClick={() => setFollow(!follow)} aria-pressed={follow}>
          {follow ? "Pause" : "Follow"}
        </button>
      </div>
      <div
        ref={scroller}
        className="run-log-lines code"
        data-testid={testId}
        onWheel={(e) => {
          if (e.deltaY < 0) setFollow(false);
        }}
      >
        {count === 0 ? (
          <span className="muted">{search ? "No line matches." : "(no log yet)"}</span>
        ) : (
          <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
            {virtual.getVirtualItems().map((row) => {
              const line = shown[row.index];
              return (
                <div
                  key={row.key}
                  className={`run-log-line run-log-${line.stream}`}
                  style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}
                >
                  <AnsiText text={line.text} />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
