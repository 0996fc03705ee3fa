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

/** "Feature: plan checkout flow" from task type + first three meaningful words. */
export function describeTemplateName(taskType: TaskType, description: string): string {
  const words = description
    .replace(/`[^`]*`|[{}[\]<>]/g, " ")
    .split(/[^A-Za-z0-9'-]+/)
    .filter((w) => w && !STOP_WORDS.has(w.toLowerCase()))
    .slice(0, 3)
    .map((w) => w.toLowerCase());
  const kind = taskType.charAt(0).toUpperCase() + taskType.slice(1);
  return words.length ? `${kind}: ${words.join(" ")}` : kind;
}

export function describeSessionId(taskType: TaskType, description: string, now: Date): string {
  const ymd = now.toISOString().slice(0, 10).replace(/-/g, "");
  return `WFD-${slugify(describeTemplateName(taskType, description))}-${ymd}`;
}
