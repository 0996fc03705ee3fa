/** A step's `type_hint` (docs/describe.md, phase 1): the leading verb first, then keywords, else `agent`. */
import { leadingVerb } from "./action-verbs";
import type { TypeHint } from "./intent-schema";
import { isPauseRequest } from "./is-pause-request";

const VERB_HINTS: Readonly<Record<string, TypeHint>> = {
  plan: "planning",
  design: "planning",
  outline: "planning",
  specify: "planning",
  estimate: "planning",
  prioritize: "planning",
  prioritise: "planning",
  analyze: "analysis",
  analyse: "analysis",
  investigate: "analysis",
  research: "analysis",
  explore: "analysis",
  reproduce: "analysis",
  triage: "analysis",
  inspect: "analysis",
  profile: "analysis",
  audit: "analysis",
  assess: "analysis",
  evaluate: "analysis",
  brainstorm: "analysis",
  gather: "analysis",
  collect: "analysis",
  identify: "analysis",
  test: "testing",
  verify: "testing",
  validate: "testing",
  lint: "testing",
  typecheck: "testing",
  benchmark: "testing",
  review: "review",
  implement: "execution",
  fix: "execution",
  patch: "execution",
  refactor: "execution",
  migrate: "execution",
  scaffold: "execution",
  build: "execution",
  code: "execution",
  add: "execution",
  improve: "execution",
  optimize: "execution",
  optimise: "execution",
  rewrite: "execution",
  deploy: "cli",
  release: "cli",
  publish: "cli",
  ship: "cli",
  commit: "cli",
  push: "cli",
  merge: "cli",
  install: "cli",
  compile: "cli",
};

/** Keyword rules for generic verbs ("run the tests", "write docs"); first match wins. */
const KEYWORD_HINTS: ReadonlyArray<[RegExp, TypeHint]> = [
  [/\b(?:tests?|testing|specs? pass|lint(?:er)?|type-?check|coverage|e2e|qa|benchmarks?)\b/i, "testing"],
  [/\b(?:review|critique|proofread)\b/i, "review"],
  [/\b(?:plan|design|roadmap|spec(?:ification)?|architecture)\b/i, "planning"],
  [/\b(?:analy[sz]is|analy[sz]e|research|investigation|root cause|ideas)\b/i, "analysis"],
  [/\b(?:code|feature|fix|implementation|migration|refactor(?:ing)?)\b/i, "execution"],
  [/\b(?:npm|pnpm|yarn|git|docker|script|command|shell)\b/i, "cli"],
];

export function classifyStep(text: string): TypeHint {
  if (isPauseRequest(text)) return "checkpoint";
  if (text.includes("`")) return "cli";
  const verb = leadingVerb(text);
  if (verb && VERB_HINTS[verb]) return VERB_HINTS[verb];
  return KEYWORD_HINTS.find(([re]) => re.test(text))?.[1] ?? "agent";
}
