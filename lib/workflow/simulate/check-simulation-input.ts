/**
 * Refuses mocks and decisions that name no node of the plan, decisions for a node that never asks a person and
 * decisions that are not one of the node's choices. Every problem at once, each naming its field.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { WorkflowNode } from "@/lib/workflow/model/template-schema";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import { SIM_CODES } from "./simulate-codes";
import type { SimulationOptions } from "./simulation-input";

/** The template node behind an id of the plan (a planned id or a template node id), if any. */
function nodeFor(spec: RunSpec, id: string): WorkflowNode | undefined {
  return spec.defs.get(id) ?? spec.template.nodes.find((n) => n.id === id);
}

function asksOnChecks(node: WorkflowNode): boolean {
  return [...(node.checks ?? []), ...(node.preconditions ?? [])].some(
    (c) => c.type === "human" || c.on_failure === "ask",
  );
}

/** The answers a node's question accepts; `null` when any text is an answer; `undefined` when it never asks. */
export function decisionChoices(spec: RunSpec, node: WorkflowNode): readonly string[] | null | undefined {
  if (node.type === "gate") {
    const labels = spec.template.edges.filter((e) => e.from === node.id).map((e) => e.label ?? "");
    return [...new Set(labels), "reject"];
  }
  if (node.type === "human") return node.options?.length ? ["approve", "reject", ...node.options] : null;
  if ((node.type === "checkpoint" && node.auto_continue === false) || asksOnChecks(node)) return ["approve", "reject"];
  return undefined;
}

export function checkSimulationInput(spec: RunSpec, o: SimulationOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  const problem = (code: "SIM001" | "SIM002" | "SIM003", field: string, message: string, nodeId?: string) =>
    out.push({ severity: "error", code, message, field, ...(nodeId ? { nodeId } : {}) });
  for (const id of Object.keys(o.mocks ?? {})) {
    if (!nodeFor(spec, id)) problem("SIM001", `mocks.${id}`, SIM_CODES.SIM001(`mocks.${id}`, id));
  }
  for (const [id, value] of Object.entries(o.decisions ?? {})) {
    const field = `decisions.${id}`;
    const node = nodeFor(spec, id);
    if (!node) {
      problem("SIM001", field, SIM_CODES.SIM001(field, id));
      continue;
    }
    const choices = decisionChoices(spec, node);
    if (choices === undefined) problem("SIM002", field, SIM_CODES.SIM002(field, id), node.id);
    else if (choices !== null && !choices.includes(value))
      problem("SIM003", field, SIM_CODES.SIM003(field, value, choices), node.id);
  }
  return out;
}
