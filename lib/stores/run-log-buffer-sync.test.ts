import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import { RunLogBuffer } from "./run-log-buffer";
import { RunLogBufferSync, type StoredAttemptLog } from "./run-log-buffer-sync";
import type { AppliedEvent } from "./run-store";

type Stream = "stdout" | "stderr" | "engine";

/** Two attempts of A, with chunks that end mid-line, another node's log between, both streams. */
function history(): AppliedEvent[] {
  const out: RunEvent[] = [];
  const log = (nodeId: string, text: string, stream: Stream = "stdout") =>
    out.push({ type: "node.log", at: out.length, nodeId, stream, text });
  out.push({ type: "node.started", at: 0, nodeId: "A" });
  log("A", "one\ntw");
  log("B", "other node\n");
  log("A", "o\nthree");
  log("A", " still three\n", "stderr");
  log("A", "four\n");
  out.push({ type: "node.failed", at: out.length, nodeId: "A", error: "exit code 1" });
  out.push({ type: "node.started", at: out.length, nodeId: "A" });
  log("A", "second ");
  log("A", "try\n");
  log("A", "done", "stderr");
  return out.map((event, i) => ({ id: i + 1, event }));
}

/** What `run.log` answers for `attempt` when the database holds the events up to id `upTo`. */
function storedAt(events: AppliedEvent[], attempt: number, upTo: number): StoredAttemptLog | undefined {
  let n = 0;
  let text = "";
  let lastEventId = 0;
  const segments: StoredAttemptLog["segments"] = [];
  for (const { id, event } of events) {
    if (id > upTo || !("nodeId" in event) || event.nodeId !== "A") continue;
    if (event.type === "node.started" && ++n === attempt) lastEventId = id;
    if (event.type !== "node.log" || n !== attempt) continue;
    text += event.text;
    lastEventId = id;
    const prev = segments.at(-1);
    if (prev?.stream === event.stream) prev.length += event.text.length;
    else segments.push({ stream: event.stream, length: event.text.length });
  }
  return n >= attempt ? { text, truncated: false, lastEventId, segments } : undefined;
}

const shown = (b: RunLogBuffer) => b.lines.map((l) => `${l.attempt}:${l.stream}:${l.text}`);

describe("RunLogBufferSync", () => {
  const events = history();
  const whole = new RunLogBuffer();
  let attempt = 0;
  for (const { id, event } of events) {
    if (event.type === "node.started" && event.nodeId === "A") attempt++;
    if (event.type === "node.log" && event.nodeId === "A") whole.append(event.text, event.stream, attempt, id);
  }

  it("stored text plus later events equals the whole log, wherever the stored text ends and the store stands", () => {
    // Every moment the panel could have fetched (upTo) × every point the store had applied (applied),
    // then the store catching up event by event: never a line twice, never one missing.
    for (let upTo = 0; upTo <= events.length; upTo++)
      for (let applied = 0; applied <= events.length; applied++) {
        const stored = new Map<number, StoredAttemptLog>();
        for (const k of [1, 2]) {
          const s = storedAt(events, k, upTo);
          if (s) stored.set(k, s);
        }
        const sync = new RunLogBufferSync("A", stored);
        sync.sync(events.slice(0, applied));
        for (let i = applied + 1; i <= events.length; i++) sync.sync(events.slice(0, i));
        expect(shown(sync.buffer), `fetched at ${upTo}, store at ${applied}`).toEqual(shown(whole));
      }
  });

  it("an answer cut at its size cap says so where it was cut; later events follow", () => {
    const cut = { text: "a\nb", truncated: true, lastEventId: 5, segments: [{ stream: "stdout", length: 3 }] };
    const sync = new RunLogBufferSync("A", new Map([[1, cut]]));
    // The stored text shows before the store applied anything.
    expect(sync.buffer.lines.map((l) => l.text)).toEqual(["a", "b", expect.stringContaining("[log truncated")]);
    sync.sync(events.slice(0, 6));
    expect(sync.buffer.lines.map((l) => l.text)).toEqual(["a", "b", expect.stringContaining("[log truncated"), "four"]);
  });

  it("reads only new events: a second sync without new events changes nothing", () => {
    const sync = new RunLogBufferSync("A", new Map());
    expect(sync.sync(events)).toBe(true);
    expect(sync.sync(events)).toBe(false);
    expect(shown(sync.buffer)).toEqual(shown(whole));
  });
});
