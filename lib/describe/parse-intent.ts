/**
 * Parse (docs/describe.md, phase 1), deterministic: description → `intent` + the assumptions
 * the rules made. Pure: the clock comes in through `options.now`.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { ACTION_VERBS, leadingVerb, toBaseVerb } from "./action-verbs";
import { assessComplexity } from "./assess-complexity";
import { classifyStep } from "./classify-step";
import { describeDiagnostic } from "./describe-issues";
import { detectTaskType } from "./detect-task-type";
import { describeSessionId } from "./describe-identity";
import { extractRawSteps } from "./extract-raw-steps";
import { isVerbPart } from "./coordinate-parts";
import type { RawStep } from "./read-context";
import { extractVariables } from "./extract-variables";
import type { Intent, IntentStep, TypeHint } from "./intent-schema";
import { isPauseRequest } from "./is-pause-request";

export interface ParseIntentOptions {
  /** The clock (created_at, session id); defaults to the current time. */
  now?: Date;
}

export type ParseIntentResult =
  { ok: true; intent: Intent; assumptions: string[] } | { ok: false; diagnostics: Diagnostic[] };

const INPUT_DECLARATION = /^(?:take|takes|accept|accepts|use|uses)\b.*\bas\s+(?:an?\s+|the\s+)?inputs?$/i;

/**
 * "run the tests before deploying", "wait for my approval before posting the comment": the deferred
 * action becomes the next step, unless the description already says it next. A pause keeps its
 * words; a work step loses the "before …" part (it is the next step now).
 */
function withDeferredActions(steps: RawStep[], note: (text: string) => void): RawStep[] {
  return steps.flatMap((s, i) => {
    const m = /\bbefore\s+([A-Za-z]+ing)\b(.*)$/i.exec(s.text);
    const verb = m ? toBaseVerb(m[1]) : "";
    if (!m || !ACTION_VERBS.has(verb)) return [s];
    const kept = s.pause || isPauseRequest(s.text) ? s : { ...s, text: s.text.slice(0, m.index).trim() };
    if (!kept.text) return [s];
    const deferred = `${verb}${m[2]}`.trim();
    if (leadingVerb(steps[i + 1]?.text ?? "") === verb) return [kept];
    note(`"before ${m[1]}" read as: "${deferred}" runs after "${kept.text}".`);
    return [kept, { text: deferred, group: null }];
  });
}

/** Group ids of groups with at least two members, renumbered `P1`, `P2`… in order of appearance. */
function normalizeGroups(groups: ReadonlyArray<string | null>): (string | null)[] {
  const counts = new Map<string, number>();
  for (const g of groups) if (g) counts.set(g, (counts.get(g) ?? 0) + 1);
  const names = new Map<string, string>();
  return groups.map((g) => {
    if (!g || (counts.get(g) ?? 0) < 2) return null;
    if (!names.has(g)) names.set(g, `P${names.size + 1}`);
    return names.get(g)!;
  });
}

export function parseIntent(description: string, options: ParseIntentOptions = {}): ParseIntentResult {
  const text = description.trim();
  if (!text) return { ok: false, diagnostics: [describeDiagnostic("DS001", [])] };
  const assumptions: string[] = [];

  const extracted = extractRawSteps(text);
  const notes = [...extracted.notes];
  // "Take the PR number as input" declares a variable (extractVariables), not work to run.
  const declarations = extracted.steps.filter((s) => INPUT_DECLARATION.test(s.text));
  for (const d of declarations) assumptions.push(`"${d.text}" declares an input, not a step.`);
  const kept = extracted.steps.filter((s) => !declarations.includes(s));
  const raw = withDeferredActions(kept, (n) => notes.push(n)).map((s) => ({
    ...s,
    pause: s.pause === true || isPauseRequest(s.text),
    command: /`([^`]+)`/.exec(s.text)?.[1]?.trim(),
  }));
  if (!raw.some((s) => s.pause || s.command || isVerbPart(s.text))) {
    return { ok: false, diagnostics: [describeDiagnostic("DS002", [])] };
  }
  for (const s of raw) {
    if (s.pause && s.group) {
      assumptions.push(`"${s.text}" is a pause, so it was taken out of its parallel group and runs on its own.`);
      s.group = null;
    }
  }
  const groups = normalizeGroups(raw.map((s) => s.group));
  const hints = raw.map((s): TypeHint => (s.pause ? "checkpoint" : classifyStep(s.text)));
  const taskType = detectTaskType(extracted.text, hints);
  const vars = extractVariables(
    extracted.text,
    raw.map((s) => ({ text: s.text, takesInput: !s.pause && !s.command })),
    taskType,
  );
  assumptions.push(...vars.assumptions);

  const firstOfGroup = new Map<string, number>();
  const secondOfGroup = new Map<string, number>();
  groups.forEach((g, i) => {
    if (!g) return;
    if (!firstOfGroup.has(g)) firstOfGroup.set(g, i + 1);
    else if (!secondOfGroup.has(g)) secondOfGroup.set(g, i + 1);
  });
  const steps: IntentStep[] = raw.map((s, i) => {
    const g = groups[i];
    const parallelWith = g ? (firstOfGroup.get(g) === i + 1 ? secondOfGroup.get(g)! : firstOfGroup.get(g)!) : null;
    return {
      seq: i + 1,
      description: vars.stepTexts[i],
      type_hint: hints[i],
      parallel_with: parallelWith,
      variables: vars.stepVariables[i],
      parallel_group: g,
      ...(s.command ? { command: s.command } : {}),
    };
  });

  const members = new Map<string, number[]>();
  for (const s of steps)
    if (s.parallel_group) members.set(s.parallel_group, [...(members.get(s.parallel_group) ?? []), s.seq]);
  for (const [g, seqs] of members) assumptions.push(`Steps ${seqs.join(", ")} run in parallel (group ${g}).`);
  for (const s of steps) {
    if (s.type_hint === "checkpoint")
      assumptions.push(`Step ${s.seq} ("${s.description}") pauses the run until a person approves.`);
    else if (/\((?:if|unless) [^)]*\)$/.test(s.description))
      assumptions.push(`Step ${s.seq} ("${s.description}") has a condition; it always runs until you add a gate.`);
    else if (!s.command && !leadingVerb(s.description))
      assumptions.push(`Step ${s.seq} ("${s.description}") starts with no action verb; it was kept as written.`);
  }
  assumptions.push(...notes);
  const groupCount = new Set(groups.filter(Boolean)).size;
  const now = options.now ?? new Date();
  const intent: Intent = {
    session_id: describeSessionId(taskType, text, now),
    raw_description: description,
    task_type: taskType,
    complexity: assessComplexity(steps.length, groupCount),
    steps,
    variables: vars.variables,
    created_at: now.toISOString(),
  };
  assumptions.push(`Task type "${intent.task_type}", complexity "${intent.complexity}".`);
  return { ok: true, intent, assumptions };
}
