/**
 * A run with nothing run: the real planner's plan and the real reducer (`advanceRunState`), driven the way the
 * engine drives it, with every executor replaced by `simulatedOutcome`. Time is the simulation's own clock (ms
 * from 0; an attempt takes its mock's `durationMs`, default 0). One step of the loop is one engine tick:
 * 1. start ready nodes, lowest topological index first, while the per-run limit leaves slots (one batch);
 * 2. move the clock to the next moment something ends (an attempt, a retry's backoff);
 * 3. apply everything that ends then, in the order it started, then the people's decisions it asked for.
 * No process, file, request, timer or stored row: the state lives in this call.
 */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import { advanceRunState } from "@/lib/workflow/run/advance-run-state";
import type { RunCommand } from "@/lib/workflow/run/run-commands";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import { initialRunState, type ApprovalRequest, type RunState } from "@/lib/workflow/run/run-state";
import { entryFor, type SimulationOptions } from "./simulation-input";
import { simulatedOutcome, type SimulatedResult } from "./simulated-outcome";

export interface SimulationTrace {
  state: RunState;
  /** Every event in the order the reducer saw it, with the derived ones after their cause. */
  events: RunEvent[];
  /** Nodes started together, tick by tick (a retried node appears again). */
  batches: string[][];
  /** When each batch started, on the simulation's clock. */
  batchAt: number[];
  /** What the simulation took for granted (decisions nobody gave, checks it could not make). */
  assumed: string[];
  /** Per planned node: the simulated time its attempts took, in total. */
  durations: Record<string, number>;
  /** A gate's value that matched no branch, before a person chose one. */
  unmatched: Record<string, string>;
  /** Gates routed on an assumed choice. */
  assumedGates: Set<string>;
}

interface Inflight {
  id: string;
  end: number;
  seq: number;
  result: SimulatedResult;
}

type Ask = Extract<RunCommand, { type: "ask" }>;

/** The decision events an approval gets: the given or assumed choice, once per approver it needs. */
function decisionEvent(ask: Ask, choice: string, at: number, by: string): RunEvent {
  const base = { type: "decision.given" as const, at, nodeId: ask.nodeId, approvalId: ask.approvalId, by };
  if (ask.request.kind === "gate" || choice === "approve" || choice === "reject") return { ...base, decision: choice };
  return { ...base, decision: "approve", answer: choice };
}

function assumedChoice(request: ApprovalRequest, o: SimulationOptions): string | undefined {
  const policy = o.undecided ?? "assume";
  if (policy === "wait") return undefined;
  if (request.kind === "gate") return policy === "assume" ? request.options?.[0] : undefined;
  return "approve";
}

export function simulateRun(spec: RunSpec, vars: Record<string, string>, o: SimulationOptions = {}): SimulationTrace {
  const { plan } = spec;
  const state = initialRunState(plan, "simulation", vars);
  const trace: SimulationTrace = {
    state,
    events: [],
    batches: [],
    batchAt: [],
    assumed: [],
    durations: {},
    unmatched: {},
    assumedGates: new Set(),
  };
  const limit = plan.executionMode === "serial" ? 1 : Math.max(1, o.perRunLimit ?? 16);
  const ready: string[] = [];
  const inflight: Inflight[] = [];
  const wakes: { at: number; nodeId: string }[] = [];
  const asks: Ask[] = [];
  let now = 0;
  let seq = 0;

  const enqueue = (id: string) => {
    // Kept sorted by topological index: the engine's ready heap pops the lowest first.
    const topo = plan.nodes[id].topo;
    let i = ready.length;
    while (i > 0 && plan.nodes[ready[i - 1]].topo > topo) i--;
    ready.splice(i, 0, id);
  };
  const apply = (event: RunEvent): boolean => {
    const r = advanceRunState(spec, state, event);
    if (!r.accepted) return false;
    trace.events.push(event, ...r.events);
    for (const c of r.commands) {
      if (c.type === "start") enqueue(c.nodeId);
      else if (c.type === "wake") wakes.push({ at: c.at, nodeId: c.nodeId });
      else if (c.type === "ask") asks.push(c);
    }
    return true;
  };
  const decide = (ask: Ask) => {
    const planned = plan.nodes[ask.nodeId];
    const given = entryFor(o.decisions, ask.nodeId, planned.sourceId);
    const choice = given ?? assumedChoice(ask.request, o);
    if (choice === undefined) return;
    if (given === undefined) {
      trace.assumed.push(
        ask.request.kind === "gate"
          ? `${ask.nodeId}: a person picks the branch "${choice}"`
          : `${ask.nodeId}: a person approves${ask.request.stage === "check" ? " its check" : ""}`,
      );
      if (ask.request.kind === "gate") trace.assumedGates.add(ask.nodeId);
    }
    const output = state.nodes[ask.nodeId].output;
    if (ask.request.kind === "gate" && output !== undefined) trace.unmatched[ask.nodeId] = output;
    const times = choice === "reject" ? 1 : (ask.request.required ?? 1);
    for (let i = 1; i <= times; i++) {
      const n = state.nodes[ask.nodeId];
      if (n.status !== "waiting" || n.approvalId !== ask.approvalId) break;
      apply(decisionEvent(ask, choice, now, `simulation-${i}`));
    }
  };

  apply({ type: "run.started", at: now });
  for (const id of plan.order) {
    const def = spec.defs.get(id)!;
    if (def.checks?.some((c) => c.type !== "human") || def.preconditions?.length)
      if (plan.nodes[id].iteration === undefined || plan.nodes[id].iteration === 1)
        trace.assumed.push(`${plan.nodes[id].sourceId}: its checks and preconditions pass`);
  }
  for (;;) {
    // 1. One tick: start what is ready while slots are free.
    const batch: string[] = [];
    while (ready.length && inflight.length < limit) {
      const id = ready.shift()!;
      if (!apply({ type: "node.started", at: now, nodeId: id })) continue;
      const { result, durationMs } = simulatedOutcome(spec, state, id, o.mocks);
      trace.durations[id] = (trace.durations[id] ?? 0) + durationMs;
      inflight.push({ id, end: now + durationMs, seq: seq++, result });
      batch.push(id);
    }
    if (batch.length) {
      trace.batches.push(batch);
      trace.batchAt.push(now);
    }
    // 2. The next moment something ends.
    if (!inflight.length && !wakes.length) break;
    now = Math.min(...inflight.map((f) => f.end), ...wakes.map((w) => w.at));
    // 3. What ends now, in start order; then the retries due; then the decisions asked for.
    const ending = inflight.filter((f) => f.end === now).sort((a, b) => a.seq - b.seq);
    for (const f of ending) inflight.splice(inflight.indexOf(f), 1);
    for (const f of ending) {
      if (state.nodes[f.id].status !== "running") continue;
      const r = f.result;
      if (r.status === "succeeded") apply({ type: "node.succeeded", at: now, nodeId: f.id, ...r });
      else if (r.status === "waiting") apply({ type: "node.waiting", at: now, nodeId: f.id, request: r.request });
      else apply({ type: "node.failed", at: now, nodeId: f.id, error: r.error, ...(r.code ? { code: r.code } : {}) });
    }
    for (const w of wakes.filter((x) => x.at === now)) {
      wakes.splice(wakes.indexOf(w), 1);
      apply({ type: "node.retry", at: now, nodeId: w.nodeId });
    }
    while (asks.length) decide(asks.shift()!);
  }
  return trace;
}
