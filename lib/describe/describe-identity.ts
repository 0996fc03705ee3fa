/**
 * Names for a described workflow (wf-composer Step 5.2): the human name is the task type plus
 * the first three meaningful words of the description; ids are `WFD-<slug>-<YYYYMMDD>` (session)
 * and `wft-<slug>-<YYYYMMDD>` (template).
 */
import type { TaskType } from "./intent-schema";

const STOP_WORDS = new Set(
  "a an the and or then to of for in on at by with it its this that is are be me my we our us i you your please first".split(
    " ",
  ),
);

function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

function yyyymmdd(now: Date): string {
  return now.toISOString().slice(0, 10).replace(/-/g, "");
}

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

export function describeTemplateId(name: string, now: Date): string {
  return `wft-${slugify(name) || "workflow"}-${yyyymmdd(now)}`;
}

export function describeSessionId(taskType: TaskType, description: string, now: Date): string {
  return `WFD-${slugify(describeTemplateName(taskType, description)) || "workflow"}-${yyyymmdd(now)}`;
}
