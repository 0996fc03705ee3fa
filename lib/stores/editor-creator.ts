/**
 * The node creator (Tab or `/`): what it offers — the eight node types, the executor catalog's
 * entries as skill nodes, and a sticky note — and how a typed query picks among them. Pure.
 */
import { NODE_TYPES, type NodeType } from "@/lib/workflow/model/template-schema";

export interface CreatorItem {
  /** Unique: `<type>`, `skill:<entry>` or `note`. */
  key: string;
  kind: "node" | "note";
  type?: NodeType;
  executor?: string;
  label: string;
  help: string;
}

export const TYPE_HELP: Record<NodeType, string> = {
  shell: "a command line",
  agent: "a prompt to an agent",
  skill: "an executor-catalog entry",
  http: "an HTTP request",
  human: "a person answers",
  checkpoint: "save state, maybe pause",
  gate: "pick a branch",
  loop: "repeat up to N times",
  workflow: "run another template and wait for it",
};

/** What the creator lists, in this order when nothing is typed. */
export function creatorItems(catalog: readonly { name: string; kind: string; description?: string }[]): CreatorItem[] {
  return [
    ...NODE_TYPES.map((type) => ({ key: type, kind: "node" as const, type, label: type, help: TYPE_HELP[type] })),
    ...catalog.map((entry) => ({
      key: `skill:${entry.name}`,
      kind: "node" as const,
      type: "skill" as NodeType,
      executor: entry.name,
      label: entry.name,
      help: entry.description ? `${entry.kind} · ${entry.description}` : entry.kind,
    })),
    { key: "note", kind: "note", label: "sticky note", help: "a comment on the canvas (markdown)" },
  ];
}

/** The longest query looked at: what is typed past it is ignored (and the box says so). */
export const MAX_QUERY = 200;

/** Items matching `query` (case-insensitive, every word somewhere in label or help), label matches first. */
export function searchCreator(items: readonly CreatorItem[], query: string): CreatorItem[] {
  const words = query.slice(0, MAX_QUERY).toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  const scored: { item: CreatorItem; score: number; i: number }[] = [];
  items.forEach((item, i) => {
    const label = item.label.toLowerCase();
    const text = `${label} ${item.help.toLowerCase()}`;
    if (!words.every((w) => text.includes(w))) return;
    const score = label === words[0] ? 0 : label.startsWith(words[0]) ? 1 : label.includes(words[0]) ? 2 : 3;
    scored.push({ item, score, i });
  });
  scored.sort((a, b) => a.score - b.score || a.i - b.i);
  return scored.map((s) => s.item);
}
