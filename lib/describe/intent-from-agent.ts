/**
 * The structured parse an agent provider may give instead of the rules: the prompt asking for it,
 * and the check of its answer (JSON validated by the intent schema, plus consistency rules).
 * Pure: the caller sends the prompt and hands back the text.
 */
import * as z from "zod";
import { assessComplexity } from "./assess-complexity";
import { describeSessionId } from "./describe-identity";
import { IntentSchema, IntentStepSchema, type Intent } from "./intent-schema";

/** What the agent must answer; ids, timestamps and complexity are filled in here. */
export const AgentIntentSchema = z.object({
  task_type: IntentSchema.shape.task_type,
  steps: z.array(IntentStepSchema.omit({ parallel_group: true })).min(1),
  variables: IntentSchema.shape.variables,
  assumptions: z.array(z.string()).optional(),
});

const SYSTEM = [
  "You turn a description of a workflow into JSON. Answer with one JSON object and nothing else.",
  "Each action is a step (seq from 1, in order). type_hint is one of analysis, planning, execution,",
  "testing, review, checkpoint, agent, cli. A request to pause, review by the user, approve or wait",
  "is a step with type_hint checkpoint. Steps that run at the same time set parallel_with to the seq",
  "of another step of the same group, else null. variables holds the inputs that vary per run",
  "(name → { type: string|path|boolean, required, description }); each step lists the names it uses.",
  "A literal command line goes in the step's optional `command`.",
  "A verb applies only to the objects after it, up to the next verb; sequence and ordinal words (first, then,",
  'finally) order steps and never appear in a description; a condition on a person ("once I\'ve approved it")',
  "is a checkpoint step before the step it guards, not a step of its own.",
].join(" ");

export function buildIntentPrompt(description: string): { system: string; prompt: string } {
  const schema = JSON.stringify(z.toJSONSchema(AgentIntentSchema));
  return { system: SYSTEM, prompt: `JSON Schema of the answer:\n${schema}\n\nDescription:\n${description}` };
}

export type AgentIntentResult = { ok: true; intent: Intent; assumptions: string[] } | { ok: false; reason: string };

/** Union of `parallel_with` links → group names `P1`, `P2`… in order of first member. */
function groupNames(steps: ReadonlyArray<{ seq: number; parallel_with: number | null }>): Map<number, string> {
  const parent = new Map(steps.map((s) => [s.seq, s.seq]));
  const find = (x: number): number => (parent.get(x) === x ? x : find(parent.get(x)!));
  for (const s of steps) if (s.parallel_with !== null) parent.set(find(s.seq), find(s.parallel_with));
  const sizes = new Map<number, number>();
  for (const s of steps) sizes.set(find(s.seq), (sizes.get(find(s.seq)) ?? 0) + 1);
  const names = new Map<number, string>();
  const out = new Map<number, string>();
  for (const s of steps) {
    const root = find(s.seq);
    if ((sizes.get(root) ?? 0) < 2) continue;
    if (!names.has(root)) names.set(root, `P${names.size + 1}`);
    out.set(s.seq, names.get(root)!);
  }
  return out;
}

/** Validates the agent's text; any problem is a `reason` and the caller falls back to the rules. */
export function parseAgentIntent(text: string, description: string, now: Date): AgentIntentResult {
  const json = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, reason: "the answer is not JSON" };
  }
  const parsed = AgentIntentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `the answer does not match the intent schema (${issue.path.join(".")}: ${issue.message})`,
    };
  }
  const { steps, variables, task_type } = parsed.data;
  const seqs = new Set(steps.map((s) => s.seq));
  if (seqs.size !== steps.length || steps.some((s, i) => s.seq !== i + 1)) {
    return { ok: false, reason: "step seq numbers are not 1, 2, 3 …" };
  }
  if (steps.some((s) => s.parallel_with !== null && (!seqs.has(s.parallel_with) || s.parallel_with === s.seq))) {
    return { ok: false, reason: "a parallel_with names no other step" };
  }
  const unknown = steps.flatMap((s) => s.variables).find((v) => !variables[v]);
  if (unknown) return { ok: false, reason: `step variable "${unknown}" is not in variables` };
  const groups = groupNames(steps);
  const intent: Intent = {
    session_id: describeSessionId(task_type, description, now),
    raw_description: description,
    task_type,
    complexity: assessComplexity(steps.length, new Set(groups.values()).size),
    steps: steps.map((s) => ({ ...s, parallel_group: groups.get(s.seq) ?? null })),
    variables,
    created_at: now.toISOString(),
  };
  return { ok: true, intent, assumptions: parsed.data.assumptions ?? [] };
}
