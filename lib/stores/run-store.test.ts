import { describe, expect, it } from "vitest";
import { applyRunEvent } from "@/lib/workflow/run/apply-run-event";
import { planRun } from "@/lib/workflow/run/run-plan";
import { makeRunSpec } from "@/lib/workflow/run/run-spec";
import { initialRunState } from "@/lib/workflow/run/run-state";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { RunReplay } from "./run-replay";
import { RunLogBufferSync } from "./run-log-buffer-sync";
import { createRunStore, statusesByTemplateNode, type RunViewState, type WireEvent } from "./run-store";

//  A ──▶ B   (B retries once)
const parsed = parseTemplate({
  template_id: "wft-t-20261129",
  name: "t",
  nodes: [
    { id: "A", name: "a", type: "shell", args_template: "true" },
    { id: "B", name: "b", type: "shell", args_template: "false", on_fail: "retry", retries: 1 },
  ],
  edges: [{ from: "A", to: "B" }],
});
if (!parsed.ok) throw new Error("fixture");
const template = parsed.template;
const planned = planRun(template);
if (!planned.ok) throw new Error("fixture");
const plan = planned.plan;
const seed = { runId: "r1", plan, template, vars: {} };

const EVENTS: WireEvent[] = [
  { id: 1, type: "run.started", at: 1 },
  { id: 2, type: "node.started", at: 2, nodeId: "A" },
  { id: 3, type: "node.log", at: 3, nodeId: "A", stream: "stdout", text: "hel" },
  { id: 4, type: "node.log", at: 3, nodeId: "A", stream: "stdout", text: "lo\nworld\n" },
  { id: 5, type: "node.succeeded", at: 4, nodeId: "A", output: "hello" },
  { id: 6, type: "node.started", at: 5, nodeId: "B" },
  { id: 7, type: "node.failed", at: 6, nodeId: "B", error: "exit code 1" },
  { id: 8, type: "node.started", at: 9, nodeId: "B" },
  { id: 9, type: "node.log", at: 10, nodeId: "B", stream: "stderr", text: "second\n" },
  { id: 10, type: "node.succeeded", at: 11, nodeId: "B", output: "" },
];

/** A node's log lines as the node panel builds them from the applied events. */
function logOf(s: RunViewState, nodeId: string) {
  const sync = new RunLogBufferSync(nodeId, new Map());
  sync.sync(s.events);
  return sync.buffer.lines;
}

describe("run store", () => {
  it("applies events with the engine's reducer, keeps lines and attempts", () => {
    const store = createRunStore(seed);
    for (const e of EVENTS) store.getState().receive(e);
    const s = store.getState();
    expect(s.lastEventId).toBe(10);
    expect(s.state.nodes.A).toMatchObject({ status: "done", output: "hello" });
    expect(logOf(s, "A").map((l) => l.text)).toEqual(["hello", "world"]);
    expect(logOf(s, "B")).toMatchObject([{ text: "second", attempt: 2, stream: "stderr" }]);
    expect(s.attempts.byNode.get("B")).toMatchObject([
      { attempt: 1, status: "failed", startedAt: 5, finishedAt: 6, exitCode: 1 },
      { attempt: 2, status: "done", startedAt: 9, finishedAt: 11, exitCode: 0 },
    ]);
    expect(statusesByTemplateNode(s).B.status).toBe("done");

    // The same events straight through the reducer give the same state: one reducer for both.
    const spec = makeRunSpec(template, plan);
    let direct = initialRunState(plan, "r1", {});
    for (const e of EVENTS) direct = applyRunEvent(spec, direct, e as never).state;
    expect(s.state).toEqual(direct);
  });

  it("never applies a repeat, and asks to resubscribe at a gap instead of skipping", () => {
    const gaps: number[] = [];
    const store = createRunStore(seed, { onGap: (id) => gaps.push(id) });
    const s = () => store.getState();
    s().receive(EVENTS[0]);
    s().receive(EVENTS[1]);
    s().receive(EVENTS[1]); // a repeat after a resume
    s().receive(EVENTS[3]); // 4 before 3: a gap
    expect(s().lastEventId).toBe(2);
    expect(s().dropped).toBe(2);
    expect(gaps).toEqual([2]);
    for (const e of EVENTS.slice(2)) s().receive(e);
    expect(s().events.map((e) => e.id)).toEqual(EVENTS.map((e) => e.id));
  });

  it("applies a batch once per scheduled flush", () => {
    const frames: (() => void)[] = [];
    const store = createRunStore(seed, { schedule: (f) => frames.push(f) });
    let updates = 0;
    store.subscribe(() => updates++);
    for (const e of EVENTS) store.getState().receive(e);
    expect(frames).toHaveLength(1);
    expect(store.getState().lastEventId).toBe(0);
    frames[0]();
    expect(updates).toBe(1);
    expect(store.getState().lastEventId).toBe(10);
  });

  it("a scheduled flush stops at its budget and leaves the rest for the next frame", () => {
    const frames: (() => void)[] = [];
    // A budget already spent: each flush applies one slice of 32 events.
    const store = createRunStore(seed, { schedule: (f) => frames.push(f), budgetMs: -1 });
    const many: WireEvent[] = [
      EVENTS[0],
      EVENTS[1],
      ...Array.from({ length: 60 }, (_, i) => ({
        id: i + 3,
        type: "node.log",
        at: 3,
        nodeId: "A",
        stream: "stdout",
        text: `line ${i}\n`,
      })),
    ];
    for (const e of many) store.getState().receive(e);
    expect(store.getState().received()).toBe(62);
    frames.shift()!();
    expect(store.getState().lastEventId).toBe(32);
    frames.shift()!();
    expect(store.getState().lastEventId).toBe(62);
    expect(frames).toHaveLength(0);
    expect(logOf(store.getState(), "A")).toHaveLength(60);
  });

  it("replays a finished run to any moment: at the start every node is pending", () => {
    const live = createRunStore(seed);
    for (const e of EVENTS) live.getState().receive(e);
    const replay = new RunReplay(seed, live.getState().events);
    expect(Object.values(replay.at(0).state.nodes).map((n) => n.status)).toEqual(["pending", "pending"]);
    expect(replay.at(5).state.nodes.A.status).toBe("done");
    expect(replay.at(5).state.nodes.B.status).not.toBe("done");
    expect(logOf(replay.at(3), "A").map((l) => l.text)).toEqual(["hel"]);
    expect(replay.at(10).state).toEqual(live.getState().state);
  });
});
