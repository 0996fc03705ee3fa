/**
 * A deterministic in-memory driver for the reducer: starts ready nodes one by one, answers them
 * from an outcome function, delivers decisions and retry timers. Used by scenario tests and
 * handy for previews; the real engine does the same with executors and SQLite.
 */
import type { Template } from "@/lib/workflow/model/template-schema";
import { advanceRunState } from "@/lib/workflow/run/advance-run-state";
import type { RunCommand } from "@/lib/workflow/run/run-commands";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import { planRun } from "@/lib/workflow/run/run-plan";
import { makeRunSpec, type RunSpec } from "@/lib/workflow/run/run-spec";
import { initialRunState, type ApprovalRequest, type RunState } from "@/lib/workflow/run/run-state";

export type SimOutcome =
  { output: string; fields?: Record<string, unknown> } | { error: string } | { wait: ApprovalRequest };

export interface SimulateOptions {
  vars?: Record<string, string>;
  /** Outcome of each attempt; default: succeed with the node id as output. */
  outcome?: (nodeId: string, attempt: number) => SimOutcome | undefined;
  /** Decisions given to waiting nodes, by node id. */
  decisions?: Record<string, { decision: string; answer?: string }>;
}

export interface Simulation {
  spec: RunSpec;
  state: RunState;
  events: RunEvent[];
  started: string[];
  /** Feed one more event (a later decision, rerun, cancel) and drain the resulting work. */
  send(event: RunEvent): boolean;
}

export function simulateRun(template: Template, options: SimulateOptions = {}): Simulation {
  const planned = planRun(template);
  if (!planned.ok) throw new Error(planned.diagnostics.map((d) => d.message).join("; "));
  const spec = makeRunSpec(template, planned.plan);
  const state = initialRunState(planned.plan, "sim", options.vars ?? {});
  const events: RunEvent[] = [];
  const started: string[] = [];
  const queue: RunCommand[] = [];
  let clock = 0;
  const apply = (event: RunEvent): boolean => {
    const r = advanceRunState(spec, state, event);
    if (r.accepted) events.push(event, ...r.events);
    queue.push(...r.commands);
    return r.accepted;
  };
  const drain = () => {
    for (let cmd = queue.shift(); cmd; cmd = queue.shift()) {
      clock++;
      if (cmd.type === "start") {
        const nodeId = cmd.nodeId;
        if (!apply({ type: "node.started", at: clock, nodeId })) continue;
        started.push(nodeId);
        const o = options.outcome?.(nodeId, state.nodes[nodeId].attempts) ?? { output: nodeId };
        if ("wait" in o) apply({ type: "node.waiting", at: clock, nodeId, request: o.wait });
        else if ("error" in o) apply({ type: "node.failed", at: clock, nodeId, error: o.error });
        else apply({ type: "node.succeeded", at: clock, nodeId, output: o.output, fields: o.fields });
      } else if (cmd.type === "ask") {
        const d = options.decisions?.[cmd.nodeId];
        if (d) apply({ type: "decision.given", at: clock, nodeId: cmd.nodeId, approvalId: cmd.approvalId, ...d });
      } else if (cmd.type === "wake") {
        clock = Math.max(clock, cmd.at);
        apply({ type: "node.retry", at: clock, nodeId: cmd.nodeId });
      }
    }
  };
  apply({ type: "run.started", at: clock });
  drain();
  return {
    spec,
    state,
    events,
    started,
    send(event) {
      const ok = apply(event);
      drain();
      return ok;
    },
  };
}
