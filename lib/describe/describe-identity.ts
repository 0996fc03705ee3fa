/**
 * Names for a described workflow (docs/describe.md, phase 3): the human name is the task type plus
 * the first three meaningful words of the description; the session id is `WFD-<slug>-<YYYYMMDD>`
 * (the template id, `wft-<slug>-<YYYYMMDD>`, is lib/workflow's `templateIdFor`).
 */
import { slugify } from "@/lib/workflow/versions/template-identity";
import type { TaskType } from "./intent-schema";

const STOP_WORDS = new Set(
  "a an the and or then to of for in on at by with it its this that is are be me my we our us i you your please first".split(
    " ",
  ),
);

/** A code span (skipped) or a word: the runs of these characters left once code spans and `{}[]<>` are blanked. */
const WORD_OR_CODE = /`[^`]*`|[A-Za-z0-9'-]+/g;

/** "Feature: plan checkout flow" from task type + first three meaningful words (read no further). */
export function describeTemplateName(taskType: TaskType, description: string): string {
  const words: string[] = [];
  for (const [m] of description.matchAll(WORD_OR_CODE)) {
    if (m.startsWith("`")) continue;
    const w = m.toLowerCase();
    if (!STOP_WORDS.has(w) && words.push(w) === 3) break;
  }
  const kind = taskType.charAt(0).toUpperCase() + taskType.slice(1);
  return words.length ? `${kind}: ${words.join(" ")}` : kind;
}

export function describeSessionId(taskType: TaskType, description: string, now: Date): string {
  const ymd = now.toISOString().slice(0, 10).replace(/-/g, "");
  return `WFD-${slugify(describeTemplateName(taskType, description))}-${ymd}`;
}
