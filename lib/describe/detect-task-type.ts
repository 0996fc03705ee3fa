/** The workflow's `task_type` (docs/describe.md, phase 1): ordered keyword rules over the whole description. */
import type { TaskType, TypeHint } from "./intent-schema";

/** First match wins, so the more specific kinds (tdd before feature, bugfix before refactor) come first. */
const RULES: ReadonlyArray<[RegExp, TaskType]> = [
  [/\btdd\b|test[- ]driven|\btests? first\b|\bred[- ]green\b/i, "tdd"],
  [
    /\b(?:bug|bugs|bugfix|hotfix|regression|crash(?:es)?|broken|defect|fix(?:es)? (?:the |an? )?(?:issue|error|problem))\b/i,
    "bugfix",
  ],
  [/\brefactor(?:ing)?\b|\bclean ?up\b|\brestructure\b/i, "refactor"],
  [/\bspec[- ]driven\b|\bspec(?:ification)?s?\b|\brequirements? doc|\bprd\b/i, "spec-driven"],
  [/\broadmap\b|\bmilestones?\b/i, "roadmap"],
  [/\bbrainstorm(?:ing)?\b|\bideate\b|\bideas?\b/i, "brainstorm"],
  [/\bgreenfield\b|\bfrom scratch\b|\bnew project\b|\bscaffold\b|\bbootstrap\b/i, "greenfield"],
  [/\bintegration[- ]tests?\b|\bend[- ]to[- ]end\b|\be2e\b/i, "integration-test"],
  [/\bfeature\b|\bimplement(?:ation)?\b|\badd support\b/i, "feature"],
  [/\bpull request\b|\bcode review\b|\breview (?:the |a |my )?(?:pr|code|changes|diff)\b/i, "review"],
];

/**
 * `review` when reviewing is most of the work, `quick-task` for one or two plain steps,
 * `custom` for any other combination.
 */
export function detectTaskType(description: string, hints: readonly TypeHint[]): TaskType {
  const rule = RULES.find(([re]) => re.test(description));
  if (rule) return rule[1];
  const work = hints.filter((h) => h !== "checkpoint");
  if (work.length && work.filter((h) => h === "review").length * 2 >= work.length) return "review";
  if (work.length <= 2 && /\bquick(?:ly)?\b|\bsmall\b|\bsimple\b/i.test(description)) return "quick-task";
  return "custom";
}
