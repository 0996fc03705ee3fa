/**
 * Gate routing (docs/engine.md, "Gates"): the value picks the outgoing edges whose label matches exactly
 * (`else` catches the rest); nodes reachable only through the other branches are skipped, while
 * a node the taken branch still reaches (a join) is not. No match → the gate waits for a person.
 */
import { openApproval } from "./approvals";
import { descendantsOf } from "./run-plan";
import { releaseDependents, skipSet } from "./propagate-readiness";
import { patchNode, type ReduceContext } from "./reduce-context";
import type { GateDecision } from "./run-state";

export type GateSource = GateDecision["source"];

/** The routes a value takes: exact label matches, else the `else` edges; empty when nothing fits. */
export function matchGateRoutes(ctx: ReduceContext, gateId: string, value: string): string[] {
  const routes = ctx.spec.plan.gates[gateId] ?? [];
  const exact = routes.filter((r) => r.label === value && r.label !== "else");
  const chosen = exact.length ? exact : routes.filter((r) => r.label === "else");
  return chosen.map((r) => r.to);
}

export function routeGate(
  ctx: ReduceContext,
  gateId: string,
  value: string,
  source: GateSource,
  condition?: string,
): void {
  const routes = ctx.spec.plan.gates[gateId] ?? [];
  const taken = matchGateRoutes(ctx, gateId, value);
  if (taken.length === 0) {
    const options = [...new Set(routes.map((r) => r.label))];
    const request = { kind: "gate" as const, prompt: `No branch matches "${value}": choose one`, options };
    openApproval(ctx, gateId, request, { output: value });
    return;
  }
  const reachTaken = descendantsOf(ctx.spec.plan, taken);
  const others = routes.map((r) => r.to).filter((to) => !taken.includes(to));
  const reachOthers = descendantsOf(ctx.spec.plan, others);
  const skipped = ctx.spec.plan.order.filter((id) => reachOthers.has(id) && !reachTaken.has(id));
  const label = routes.find((r) => r.to === taken[0])?.label;
  const decision: GateDecision = {
    value,
    ...(label !== undefined ? { label } : {}),
    ...(source ? { source } : {}),
    ...(condition !== undefined ? { condition } : {}),
    taken,
    skipped,
  };
  patchNode(ctx, gateId, { status: "done", output: value, gate: decision, finishedAt: ctx.at, request: undefined });
  ctx.events.push({ type: "gate.routed", at: ctx.at, nodeId: gateId, decision });
  skipSet(ctx, skipped, "branch", gateId);
  releaseDependents(ctx, gateId);
}
