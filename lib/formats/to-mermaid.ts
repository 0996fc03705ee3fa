/**
 * toMermaid: template → Mermaid flowchart text that importMermaid reads back to the same graph
 * (ids, names, types, edges and their labels, phases, max_iter and the scalar fields below) and
 * that the mermaid library itself parses: every label is quoted, annotations ride inside the
 * quotes (`A["Label|type=gate"]`), `"`/`|`/`#` are written as entities.
 * What the body has no place for (prompts/args_template, description, checks, retries, a workflow
 * node's inputs, context_schema, outputs, checkpoints list, atomic groups, positions, tags, the
 * template's version) rides in the front
 * matter under `wf_template` (see mermaid-template-extras.ts), so the round trip is lossless.
 */
import { stringify } from "yaml";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { escapeMermaidText } from "./mermaid-label";
import { ANNOTATED_FIELDS, bodyCarries, templateExtras } from "./mermaid-template-extras";

/** Words Mermaid's flowchart lexer reserves: a node with such an id is written as `n<k>` + `id=`. */
const RESERVED = new Set([
  "end",
  "subgraph",
  "graph",
  "flowchart",
  "direction",
  "style",
  "class",
  "classDef",
  "linkStyle",
  "click",
  "call",
  "href",
  "default",
  "interpolate",
  "accTitle",
  "accDescr",
  "_self",
  "_blank",
  "_parent",
  "_top",
  "TB",
  "TD",
  "BT",
  "LR",
  "RL",
]);
const SAFE_ID = /^[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*$/;

/** Shape per type: `[ ]` reads back as agent and `{ }` as gate; the others carry `type=`. */
const SHAPES: Readonly<Record<WorkflowNode["type"], [string, string]>> = {
  agent: ["[", "]"],
  shell: ["[", "]"],
  skill: ["[[", "]]"],
  http: ["[(", ")]"],
  human: ["[/", "/]"],
  checkpoint: ["((", "))"],
  gate: ["{", "}"],
  loop: ["{{", "}}"],
  workflow: ["[", "]"],
};

/**
 * An id starting with `o` or `x` is safe: edges are written `A --> id` (a `>` head, then a
 * space), and the mermaid library reads `o`/`x` as an edge end only right after `--`/`==`/`-.-`.
 */
function isSafeId(id: string): boolean {
  return SAFE_ID.test(id) && !RESERVED.has(id);
}

/** Mermaid ids for every node: the node id when Mermaid can spell it, else `n<k>` plus `id=`. */
function mermaidIds(template: Template): Map<string, string> {
  const taken = new Set(template.nodes.map((n) => n.id));
  const ids = new Map<string, string>();
  let k = 1;
  for (const n of template.nodes) {
    if (isSafeId(n.id)) ids.set(n.id, n.id);
    else {
      while (taken.has(`n${k}`)) k++;
      taken.add(`n${k}`);
      ids.set(n.id, `n${k}`);
    }
  }
  return ids;
}

function nodeLine(node: WorkflowNode, mid: string, display: boolean): string {
  const [open, close] = SHAPES[node.type];
  if (display) return `${mid}${open}"${escapeMermaidText(node.name)}"${close}`;
  const notes: string[] = [];
  if (mid !== node.id) notes.push(`id=${escapeMermaidText(node.id)}`);
  if (node.type !== "agent" && node.type !== "gate") notes.push(`type=${node.type}`);
  const fields = node as Record<string, unknown>;
  for (const key of ANNOTATED_FIELDS) {
    const v = fields[key];
    // What the body cannot write back exactly rides in the front matter instead.
    if (bodyCarries(key, v)) notes.push(`${key}=${escapeMermaidText(String(v))}`);
  }
  const label = [escapeMermaidText(node.name), ...notes].join("|");
  return `${mid}${open}"${label}"${close}`;
}

function withExtras(template: Template): { wf_template?: unknown } {
  const extras = templateExtras(template as Record<string, unknown>);
  return extras ? { wf_template: extras } : {};
}

export interface ToMermaidOptions {
  /**
   * For showing, not for saving: labels carry only node names (no `|type=…` annotations) and the
   * front matter only the title. Does not import back to the same template.
   */
  display?: boolean;
}

/** Writes the template as a Mermaid flowchart (front-matter title = template name). */
export function toMermaid(template: Template, options: ToMermaidOptions = {}): string {
  const display = options.display ?? false;
  const ids = mermaidIds(template);
  const direction = template.metadata?.mermaid_direction;
  const lines = [
    "---",
    stringify(
      { title: template.name, ...(display ? {} : withExtras(template)) },
      { lineWidth: 0, aliasDuplicateObjects: false },
    ).trimEnd(),
    "---",
    `flowchart ${typeof direction === "string" && /^(TD|TB|BT|LR|RL)$/.test(direction) ? direction : "TD"}`,
  ];
  const byPhase = new Map<string, WorkflowNode[]>();
  for (const p of template.phases ?? []) byPhase.set(p.name, []);
  // Nodes first, in template order (import keeps first-mention order); subgraphs then list ids.
  for (const n of template.nodes) {
    lines.push(`  ${nodeLine(n, ids.get(n.id)!, display)}`);
    if (n.phase !== undefined) byPhase.set(n.phase, [...(byPhase.get(n.phase) ?? []), n]);
  }
  const taken = new Set(ids.values());
  let k = 1;
  for (const [phase, members] of byPhase) {
    if (members.length === 0) continue;
    const group = members[0].parallel_group;
    const shared = group && members.every((m) => m.parallel_group === group) && isSafeId(group) && !taken.has(group);
    let sid = shared ? group : `phase_${k++}`;
    while (taken.has(sid)) sid = `phase_${k++}`;
    taken.add(sid);
    lines.push(`  subgraph ${sid} ["${escapeMermaidText(phase)}"]`);
    for (const n of members) lines.push(`    ${ids.get(n.id)!}`);
    lines.push("  end");
  }
  for (const e of template.edges) {
    const label = e.label !== undefined && e.label !== "" ? `|"${escapeMermaidText(e.label)}"|` : "";
    lines.push(`  ${ids.get(e.from) ?? e.from} -->${label} ${ids.get(e.to) ?? e.to}`);
  }
  return lines.join("\n") + "\n";
}
