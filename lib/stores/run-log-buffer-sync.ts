/**
 * One node's log for the node panel: the stored logs (`run.log`) of attempts 1…n, then the node's
 * `node.log` events applied after them. `run.log` says up to which event id each text goes
 * (`lastEventId`, read by the same statement as the text), so the rule is exact: of attempt k ≤ n
 * only events with a larger id are appended (only the latest, n, can have any: an earlier attempt
 * ended before the next started), of an attempt after n every event. Nothing is shown twice or
 * missed, whether the store is ahead of the stored text (a running attempt) or behind it (a
 * reopened run still catching up: the stored text shows at once).
 * Incremental: `sync` reads only the events applied since its last call (the store's list only grows).
 */
import type { AppliedEvent } from "./run-store";
import { RunLogBuffer, type LogStream } from "./run-log-buffer";

/** What `run.log` answers for one attempt (the fields this view reads). */
export interface StoredAttemptLog {
  text: string;
  truncated: boolean;
  lastEventId: number;
  segments: { stream: string; length: number }[];
}

/** The engine's own marker where it stopped logging an attempt. */
const ENGINE_TRUNCATION = "[log truncated]";

const CAP_MARKER = "[log truncated: the stored log is longer than one answer carries]\n";

const asStream = (s: string): LogStream => (s === "stderr" || s === "engine" ? s : "stdout");

export class RunLogBufferSync {
  readonly buffer = new RunLogBuffer();
  /** Events of the store's list already read. */
  private scanned = 0;
  /** `node.started` events of this node read so far: the attempt later log events belong to. */
  private attempt = 0;

  constructor(
    private readonly nodeId: string,
    /** Stored logs of attempts 1…n (every one of them: the text of a missing one would be lost). */
    private readonly stored: ReadonlyMap<number, StoredAttemptLog>,
  ) {
    for (let k = 1; stored.has(k); k++) this.appendStored(k, stored.get(k)!);
  }

  /** Appends what `events` gained since the last call; true when lines changed. */
  sync(events: readonly AppliedEvent[]): boolean {
    const before = this.scanned;
    for (; this.scanned < events.length; this.scanned++) {
      const { id, event } = events[this.scanned];
      if (!("nodeId" in event) || event.nodeId !== this.nodeId) continue;
      if (event.type === "node.started") this.attempt++;
      else if (event.type === "node.log" && id > (this.stored.get(this.attempt)?.lastEventId ?? 0))
        this.buffer.append(event.text, event.stream, Math.max(1, this.attempt), id);
    }
    return this.scanned !== before;
  }

  private appendStored(attempt: number, log: StoredAttemptLog) {
    let at = 0;
    for (const s of log.segments) {
      this.buffer.append(log.text.slice(at, at + s.length), asStream(s.stream), attempt, log.lastEventId);
      at += s.length;
    }
    // Cut by the answer's size cap (not by the engine, which writes its own marker): say so in place
    // (an engine line always starts a line of its own).
    if (log.truncated && !log.text.includes(ENGINE_TRUNCATION))
      this.buffer.append(CAP_MARKER, "engine", attempt, log.lastEventId);
  }
}
