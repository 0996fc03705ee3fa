/**
 * A step's `args_template` (docs/describe.md, "Arguments") — its own words (slots as `{var}`), the variables it
 * uses, and context from the step(s) before it:
 * 1. planning after analysis → `--context {prev_output_path}`
 * 2. execution after planning → `--resume-session {<plan node>.session_id}`
 * 3. testing or review after execution → `--session {<execution node>.session_id}`
 * 4. otherwise an agent recipe gets a "Context from previous step: {prev_output}" block.
 * With several predecessors (a fan-in) `{prev_*}` is ambiguous, so node references are used.
 */
import type { TypeHint } from "./intent-schema";

export interface ArgsPredecessor {
  id: string;
  hint: TypeHint;
}

export interface ArgsTemplateInput {
  description: string;
  hint: TypeHint;
  variables: readonly string[];
  recipeKind: "shell" | "agent" | "http";
  /** Work steps this one follows directly (pauses in between skipped). */
  preds: readonly ArgsPredecessor[];
}

export function buildArgsTemplate(input: ArgsTemplateInput): string {
  const { description, hint, preds } = input;
  const extra = input.variables.filter((v) => !description.includes(`{${v}}`)).map((v) => `{${v}}`);
  const base = extra.length ? `${description} (${extra.join(", ")})` : description;
  const single = preds.length === 1;
  const from = (h: TypeHint) => preds.find((p) => p.hint === h);

  const analysis = from("analysis");
  if (hint === "planning" && analysis) {
    return `${base} --context ${single ? "{prev_output_path}" : `{${analysis.id}.output_path}`}`;
  }
  const planning = from("planning");
  if (hint === "execution" && planning) return `${base} --resume-session {${planning.id}.session_id}`;
  const execution = from("execution");
  if ((hint === "testing" || hint === "review") && execution) return `${base} --session {${execution.id}.session_id}`;
  if (input.recipeKind === "agent" && preds.length) {
    if (single) return `${base}\n\nContext from previous step:\n{prev_output}`;
    return `${base}\n\nContext from previous steps:\n${preds.map((p) => `{${p.id}.output}`).join("\n")}`;
  }
  return base;
}
