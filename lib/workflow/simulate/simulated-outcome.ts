/**
 * What one attempt of a node would give, with nothing run: the mock when there is one, else what the node's
 * executor computes without side effects — a gate's real `expression` or `condition` over the outputs so far, a
 * checkpoint's saved fields, a loop's iteration — else success with an empty output. People are asked as in a
 * run (human nodes, pausing checkpoints, gates with no value, human checks). Evaluated when the attempt starts,
 * as an executor reads its context then.
 */
import { substituteReferences } from "@/lib/workflow/model/references";
import { evaluateExpression, expressionValueToString } from "@/lib/workflow/run/evaluate-expression";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { expressionContext, runReferenceLookup } from "@/lib/workflow/run/run-reference-context";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import type { ApprovalRequest, RunState } from "@/lib/workflow/run/run-state";
import { entryFor, type SimulationMock } from "./simulation-input";

export type SimulatedResult =
  | {
      status: "succeeded";
      output: string;
      fields?: Record<string, unknown>;
      source?: "expression" | "condition" | "output";
      condition?: string;
    }
  | { status: "failed"; error: string; code?: string }
  | { status: "waiting"; request: ApprovalRequest };

export interface SimulatedOutcome {
  result: SimulatedResult;
  durationMs: number;
}

function gateValue(spec: RunSpec, state: RunState, id: string, mock: SimulationMock | undefined): SimulatedResult {
  const node = spec.defs.get(id)!;
  if (node.type !== "gate") throw new Error(`${id} is not a gate`);
  if (mock?.output !== undefined) return { status: "succeeded", output: mock.output.trim(), source: "output" };
  if (node.expression) {
    const r = evaluateExpression(node.expression, expressionContext(spec, state, id));
    if (!r.ok) return { status: "failed", error: `expression: ${r.error}`, code: "RUN019" };
    const output = expressionValueToString(r.value);
    return { status: "succeeded", output, source: "expression", condition: node.expression };
  }
  if (node.condition !== undefined) {
    const output = substituteReferences(node.condition, runReferenceLookup(spec, state, id)).text.trim();
    return { status: "succeeded", output, source: "condition", condition: node.condition };
  }
  // Its own command's output: the mock's (none here), so empty.
  if (node.args_template) return { status: "succeeded", output: "", source: "output" };
  const options = [...new Set((spec.plan.gates[id] ?? []).map((r) => r.label))];
  return { status: "waiting", request: { kind: "gate", prompt: `Choose a branch for ${node.name}`, options } };
}

function ownResult(spec: RunSpec, state: RunState, id: string, mock: SimulationMock | undefined): SimulatedResult {
  const node = spec.defs.get(id)!;
  const planned = spec.plan.nodes[id];
  const resolve = (text: string) => substituteReferences(text, runReferenceLookup(spec, state, id)).text;
  switch (node.type) {
    case "gate":
      return gateValue(spec, state, id, mock);
    case "human": {
      if (mock?.output !== undefined) return { status: "succeeded", output: mock.output };
      const prompt = resolve(node.prompt ?? node.description ?? node.name);
      return {
        status: "waiting",
        request: { kind: "human", prompt, ...(node.options ? { options: node.options } : {}) },
      };
    }
    case "checkpoint": {
      const fields: Record<string, unknown> = {};
      for (const name of node.save_fields ?? []) {
        const value = resolve(`{${name}}`);
        fields[name] = value === `{${name}}` ? null : value;
      }
      const output = mock?.output ?? JSON.stringify(fields);
      if (node.auto_continue === false) {
        const prompt = resolve(node.description ?? `Checkpoint ${node.name}: continue?`);
        return { status: "waiting", request: { kind: "checkpoint", prompt, output } };
      }
      return { status: "succeeded", output, fields };
    }
    case "loop":
      if (mock?.output !== undefined) return { status: "succeeded", output: mock.output };
      return { status: "succeeded", output: node.args_template?.trim() ? "" : String(planned.iteration ?? 0) };
    case "workflow":
      return childOutcome(mock);
    default:
      return { status: "succeeded", output: mock?.output ?? "" };
  }
}

/** A workflow node hands on its child's outputs: a mocked JSON object's fields read as `{W-001.<name>}`. */
function childOutcome(mock: SimulationMock | undefined): SimulatedResult {
  const output = mock?.output ?? "{}";
  try {
    const v: unknown = JSON.parse(output);
    if (v && typeof v === "object" && !Array.isArray(v))
      return { status: "succeeded", output, fields: v as Record<string, unknown> };
  } catch {
    // not JSON: the output as it is, no fields
  }
  return { status: "succeeded", output };
}

/** A human postcondition after success: the node waits for a person with its output held. */
function humanCheck(spec: RunSpec, id: string, result: SimulatedResult): SimulatedResult {
  if (result.status !== "succeeded") return result;
  const check = spec.defs.get(id)!.checks?.find((c) => c.type === "human");
  if (!check || check.type !== "human") return result;
  return { status: "waiting", request: { kind: "human", prompt: check.prompt, stage: "check", output: result.output } };
}

export function simulatedOutcome(
  spec: RunSpec,
  state: RunState,
  id: string,
  mocks: Readonly<Record<string, SimulationMock>> | undefined,
): SimulatedOutcome {
  const planned = spec.plan.nodes[id];
  const node = spec.defs.get(id)!;
  const mock = entryFor(mocks, id, planned.sourceId);
  const durationMs = mock?.durationMs ?? 0;
  // A mocked attempt longer than the node's timeout_s is stopped there, as the engine stops it.
  if (node.timeout_s !== undefined && durationMs > node.timeout_s * 1000)
    return {
      result: { status: "failed", error: RUN_CODES.RUN014(id, node.timeout_s), code: "RUN014" },
      durationMs: node.timeout_s * 1000,
    };
  if (mock?.status === "failed")
    return { result: { status: "failed", error: mock.error ?? "simulated failure" }, durationMs };
  return { result: humanCheck(spec, id, ownResult(spec, state, id, mock)), durationMs };
}
