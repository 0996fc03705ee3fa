/**
 * Inputs that vary per run (docs/describe.md, phase 1): `{goal}`, `[feature]`, `<scope>` slots, direct
 * mentions ("the goal", "the target", "my task", "user-provided X", "take the X as input"), and the implicit goal of
 * feature / bugfix / topic tasks. Slots in step texts are rewritten to `{name}` references.
 */
import type { IntentVariable, TaskType } from "./intent-schema";

// Names have two characters at least, so a Markdown checkbox `[x]` is not a slot.
const SLOT = /\{([A-Za-z][\w -]{1,40}?)\}|\[([A-Za-z][\w -]{1,40}?)\](?!\()|<([A-Za-z][\w -]{1,40}?)>/g;
const RESERVED = new Set(["prev_output", "prev_output_path", "prev_session_id", "iteration", "args"]);
/** Each mention with a word it cannot match without (a cheap test first: most steps mention none). */
const MENTIONS: ReadonlyArray<[string, RegExp, (m: RegExpExecArray) => string]> = [
  ["goal", /\bthe goal\b/i, () => "goal"],
  ["target", /\bthe target\b/i, () => "target"],
  ["task", /\bmy task\b/i, () => "task"],
  // The seed: "any feature/bugfix/topic is goal".
  ["topic", /\bthe topic\b/i, () => "goal"],
  ["provided", /\buser[- ]provided\s+([A-Za-z][\w-]*)/i, (m) => m[1]],
  ["given", /\bthe given\s+([A-Za-z][\w-]*)/i, (m) => m[1]],
  [
    "input",
    /\b(?:take|takes|accept|accepts|use|uses|given)\s+(?:the\s+|an?\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)\s+as\s+(?:an?\s+|the\s+)?inputs?\b/i,
    (m) => m[1],
  ],
];

const GOAL_DESCRIPTIONS: Partial<Record<TaskType, string>> = {
  bugfix: "The bug to fix",
  feature: "The feature to build",
  tdd: "The behaviour to build test-first",
  review: "What to review",
  brainstorm: "The topic to brainstorm",
  "spec-driven": "What the spec should cover",
  roadmap: "What the roadmap is for",
  refactor: "What to refactor",
  "integration-test": "What the integration tests cover",
  greenfield: "The project to create",
  "quick-task": "The task to do",
};

export interface ExtractedVariables {
  variables: Record<string, IntentVariable>;
  /** Step texts with slots rewritten to `{name}`. */
  stepTexts: string[];
  /** Variable names each step uses (own slots or mentions, else the primary variable). */
  stepVariables: string[][];
  assumptions: string[];
}

function toName(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** "module_path" → "Module path". */
function humanize(raw: string): string {
  const words = raw.trim().replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function mentionsIn(text: string): { name: string; phrase: string }[] {
  const lower = text.toLowerCase();
  return MENTIONS.flatMap(([word, re, name]) => {
    const m = lower.includes(word) ? re.exec(text) : null;
    return m ? [{ name: toName(name(m)), phrase: m[0] }] : [];
  });
}

function inferType(name: string): IntentVariable["type"] {
  if (/(?:^|_)(?:path|file|dir|directory|folder)$/.test(name)) return "path";
  if (/^(?:is|has|should|use|enable|skip|dry_run|force)(?:_|$)|_flag$/.test(name)) return "boolean";
  return "string";
}

/** Steps that run no work of their own (pauses, literal commands) take no implicit variable. */
export function extractVariables(
  description: string,
  steps: ReadonlyArray<{ text: string; takesInput: boolean }>,
  taskType: TaskType,
): ExtractedVariables {
  const variables: Record<string, IntentVariable> = {};
  const assumptions: string[] = [];
  const add = (name: string, optional: boolean, description: string) => {
    if (RESERVED.has(name) || Object.hasOwn(variables, name)) return;
    variables[name] = { type: inferType(name), required: !optional, description };
  };

  for (const m of description.matchAll(SLOT)) {
    const raw = m[1] ?? m[2] ?? m[3];
    const optional = /\boptional\b[^.]{0,20}$/i.test(description.slice(Math.max(0, m.index - 30), m.index));
    add(toName(raw), optional, `${humanize(raw)}, from the "${m[0]}" slot in the description`);
  }
  for (const { name, phrase } of mentionsIn(description))
    add(name, false, `${humanize(phrase)}, as mentioned in the description`);
  if (!Object.keys(variables).length && GOAL_DESCRIPTIONS[taskType]) {
    add("goal", false, GOAL_DESCRIPTIONS[taskType]!);
    assumptions.push(
      `No input was named; assumed one required variable "goal" (${GOAL_DESCRIPTIONS[taskType]!.toLowerCase()}).`,
    );
  }
  const names = Object.keys(variables);
  const primary = names.includes("goal") ? "goal" : names[0];

  const stepTexts = steps.map((s) =>
    s.text.replace(SLOT, (m, a?: string, b?: string, c?: string) => {
      const name = toName(a ?? b ?? c ?? "");
      return Object.hasOwn(variables, name) ? `{${name}}` : m;
    }),
  );
  const stepVariables = stepTexts.map((text, i) => {
    const mentioned = new Set(mentionsIn(text).map((m) => m.name));
    const own = names.filter((n) => text.includes(`{${n}}`) || mentioned.has(n));
    if (own.length || !steps[i].takesInput || !primary) return own;
    return [primary];
  });
  return { variables, stepTexts, stepVariables, assumptions };
}
