/**
 * Loop `until`: after an iteration succeeds, a template (references substituted, compared to
 * `true`) or a CEL expression ends the loop early; the remaining iterations are skipped.
 */
import { parseReferences, referenceLookup, substituteReferences } from "@/lib/workflow/model/references";
import { evaluateExpression } from "./evaluate-expression";
import { skipSet } from "./propagate-readiness";
import type { ReduceContext } from "./reduce-context";
import { expressionContext, runReferenceContext } from "./run-reference-context";

export function isUntilMet(ctx: ReduceContext, nodeId: string, until: string): boolean {
  const { spec, state } = ctx;
  if (parseReferences(until).length > 0) {
    const refs = runReferenceContext(spec, state, nodeId, [until]);
    return substituteReferences(until, referenceLookup(refs)).text.trim() === "true";
  }
  const result = evaluateExpression(until, expressionContext(spec, state, nodeId));
  if (!result.ok) {
    ctx.events.push({ type: "node.log", at: ctx.at, nodeId, stream: "engine", text: `until: ${result.error}` });
    return until.trim() === "true";
  }
  return result.value === true;
}

/** Skips the iterations after `nodeId` when its loop's `until` holds. */
export function applyLoopUntil(ctx: ReduceContext, nodeId: string): void {
  const planned = ctx.spec.plan.nodes[nodeId];
  const def = ctx.spec.defs.get(nodeId);
  if (planned.iteration === undefined || def?.type !== "loop" || !def.until) return;
  if (!isUntilMet(ctx, nodeId, def.until)) return;
  const iterations = ctx.spec.plan.loops[planned.sourceId];
  skipSet(ctx, iterations.slice(planned.iteration), "loop-until", nodeId);
}
