/**
 * The seed's Phase 4 ASCII pipeline (wf-composer Step 4.1): a header, the nodes in topological
 * order joined by `|`, parallel siblings as a fan-out/fan-in block, and the footer with required
 * variables, checkpoint counts and node counts.
 */
import { buildGraph, type Graph } from "@/lib/workflow/build-graph";
import type { Template, WorkflowNode } from "@/lib/workflow/template-schema";
import { topologicalSort } from "@/lib/workflow/topological-order";

const RULE = "━".repeat(50);
const CONNECTOR = "   |";
const LABEL_WIDTH = 23;
const MAX_ARGS = 60;

/** The label column: a skill shows its catalog entry (as in the seed), a checkpoint its short name. */
function nodeLabel(node: WorkflowNode): string {
  if (node.type === "skill" && node.executor) return node.executor;
  if (node.type === "checkpoint") return node.name.replace(/^Checkpoint:\s*/i, "");
  return node.name;
}

function shorten(text: string): string {
  const lines = text.trim().split("\n");
  const first = lines[0].trim();
  const cut = first.length > MAX_ARGS ? `${first.slice(0, MAX_ARGS - 1)}…` : first;
  return lines.length > 1 && cut === first ? `${cut} …` : cut;
}

/** The last column: flags as written, other text quoted, a checkpoint's continue/pause mode. */
function nodeArgs(node: WorkflowNode): string {
  if (node.type === "checkpoint") return node.auto_continue === false ? "pause-for-user" : "auto-continue";
  let text: string | undefined;
  if (node.type === "gate") text = node.condition ?? node.expression;
  else if (node.type === "human") text = node.prompt ?? node.args_template;
  else if (node.type === "http") text = node.url ? `${node.method ?? "GET"} ${node.url}` : undefined;
  else text = node.args_template ?? (node.type === "agent" ? (node.prompt as string | undefined) : undefined);
  const loop = node.type === "loop" ? `(max_iter ${node.max_iter})` : "";
  if (!text || !text.trim()) return loop;
  const shown = shorten(text);
  const args = shown.startsWith("-") || node.type === "http" ? shown : `"${shown}"`;
  return loop ? `${args}  ${loop}` : args;
}

interface Layout {
  idWidth: number;
  typeWidth: number;
  labelWidth: number;
}

function row(node: WorkflowNode, l: Layout): string {
  const cells = ` ${node.id.padEnd(l.idWidth)}  ${`[${node.type}]`.padEnd(l.typeWidth)}  ${nodeLabel(node).padEnd(l.labelWidth)}  ${nodeArgs(node)}`;
  return cells.trimEnd();
}

/** `N-004 [skill] workflow-test-fix` — the compact form on a fan-in connector. */
function compact(node: WorkflowNode): string {
  return `${node.id} [${node.type}] ${nodeLabel(node)}  ${nodeArgs(node)}`.trimEnd();
}

const signature = (list: number[]) => [...list].sort((a, b) => a - b).join(",");

/** The fan block: members with ─┐ ─┤ ─┘ corners, the join (or the successors) on the ├─ line. */
function fanBlock(members: WorkflowNode[], join: string): string[] {
  const idW = Math.max(...members.map((m) => m.id.length));
  const typeW = Math.max(...members.map((m) => m.type.length + 2));
  const labelW = Math.max(...members.map((m) => nodeLabel(m).length));
  const lines = members.map((m, i) => {
    const corner = i === 0 ? "┐" : i === members.length - 1 ? "┘" : "┤";
    return ` ${m.id.padEnd(idW)} ${`[${m.type}]`.padEnd(typeW)}  ${nodeLabel(m).padEnd(labelW)}  ─${corner}`;
  });
  const at = lines[0].length - 1;
  lines.splice(Math.floor((members.length - 1) / 2) + 1, 0, `${" ".repeat(at)}├─ ${join}`);
  return lines;
}

function body(template: Template, graph: Graph, nodes: WorkflowNode[]): string[][] {
  const { order, blocked } = topologicalSort(graph);
  const layout: Layout = {
    idWidth: Math.max(5, ...nodes.map((n) => n.id.length)),
    typeWidth: Math.max(12, ...nodes.map((n) => n.type.length + 2)),
    labelWidth: Math.max(25, ...nodes.map((n) => nodeLabel(n).length)),
  };
  const done = new Uint8Array(nodes.length);
  const sequence = [...order, ...blocked];
  const keyOf = (m: number) => `${signature(graph.pred[m])}|${signature(graph.succ[m])}`;
  const alike = new Map<string, number[]>();
  for (const m of sequence) alike.set(keyOf(m), [...(alike.get(keyOf(m)) ?? []), m]);
  const blocks: string[][] = [];
  for (const n of sequence) {
    if (done[n]) continue;
    const siblings = (alike.get(keyOf(n)) ?? []).filter((m) => !done[m]);
    if (siblings.length < 2) {
      done[n] = 1;
      blocks.push([row(nodes[n], layout)]);
      continue;
    }
    for (const m of siblings) done[m] = 1;
    const succ = graph.succ[n];
    let join = succ.length === 0 ? "(end)" : succ.map((s) => graph.ids[s]).join(", ");
    if (succ.length === 1 && !done[succ[0]] && signature(graph.pred[succ[0]]) === signature(siblings)) {
      done[succ[0]] = 1;
      join = compact(nodes[succ[0]]);
    }
    blocks.push(
      fanBlock(
        siblings.map((m) => nodes[m]),
        join,
      ),
    );
  }
  return blocks;
}

function footer(template: Template, nodes: WorkflowNode[]): string[] {
  const label = (text: string) => text.padEnd(LABEL_WIDTH);
  const vars = Object.entries(template.context_schema ?? {});
  const required = vars.filter(([, v]) => v?.required !== false).map(([k]) => k);
  const optional = vars.filter(([, v]) => v?.required === false).map(([k]) => k);
  const checkpoints = nodes.filter((n) => n.type === "checkpoint");
  const pause = checkpoints.filter((n) => n.type === "checkpoint" && n.auto_continue === false).length;
  const lines = [`${label("Variables (required):")}${required.length ? required.join(", ") : "none"}`];
  if (optional.length) lines.push(`${label("Variables (optional):")}${optional.join(", ")}`);
  lines.push(
    `${label("Checkpoints:")}${checkpoints.length}  (${checkpoints.length - pause} auto-continue, ${pause} pause-for-user)`,
    `${label("Nodes:")}${nodes.length - checkpoints.length} work + ${checkpoints.length} checkpoints`,
  );
  return lines;
}

/** Renders the template as the seed's confirm-step pipeline. Pure; tolerates cycles. */
export function renderAsciiPipeline(template: Template): string {
  const graph = buildGraph(template);
  const byId = new Map<string, WorkflowNode>();
  for (const n of template.nodes) if (!byId.has(n.id)) byId.set(n.id, n);
  const nodes = graph.ids.map((id) => byId.get(id) as WorkflowNode);
  const blocks = body(template, graph, nodes);
  const lines = [`Pipeline: ${template.name}`, RULE];
  blocks.forEach((block, i) => {
    if (i > 0) lines.push(CONNECTOR);
    lines.push(...block);
  });
  lines.push(RULE, ...footer(template, nodes));
  return lines.join("\n");
}
