/**
 * The ASCII pipeline (docs/formats.md): a header, the nodes in topological
 * order joined by `|`, parallel branches as a fan-out/fan-in block (branches may be chains; a
 * gate's branches show their labels), and the footer with required variables, checkpoint counts
 * and node counts. `|` is drawn only where the block below takes exactly the block above as its
 * input; any other node names its predecessors (`← N-002, N-003`).
 */
import { buildGraph, type Graph } from "@/lib/workflow/graph/build-graph";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { topologicalSort } from "@/lib/workflow/graph/topological-order";

const RULE = "━".repeat(50);
const CONNECTOR = "   |";
const LABEL_WIDTH = 23;
const MAX_ARGS = 60;

/** The label column: a skill shows its catalog entry, a checkpoint its short name, a sub-workflow `⧉ name`. */
function nodeLabel(node: WorkflowNode): string {
  if (node.type === "skill" && node.executor) return node.executor;
  if (node.type === "checkpoint") return node.name.replace(/^Checkpoint:\s*/i, "");
  if (node.type === "workflow") return `⧉ ${node.name}`;
  return node.name;
}

/** `→ release-flow v3 (env, build)`: the child, its pinned version (else the latest) and the inputs it gets. */
function callArgs(node: WorkflowNode & { type: "workflow" }): string {
  if (!node.template?.trim()) return "(no template chosen)";
  const v = node.version === undefined || node.version === "" ? "(latest)" : String(node.version);
  const inputs = Object.keys(node.inputs ?? {});
  return `→ ${node.template} ${/^[vV]/.test(v) || v === "(latest)" ? v : `v${v}`}${inputs.length ? ` (${inputs.join(", ")})` : ""}`;
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
  if (node.type === "workflow") return callArgs(node);
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

const signature = (list: readonly number[]) => [...list].sort((a, b) => a - b).join(",");

/** One branch of a fan block: its nodes in flow order and the label of the edge into it. */
interface Branch {
  nodes: WorkflowNode[];
  label?: string;
}

/**
 * The fan block: each branch's nodes listed in order, the branch's last node (the one that
 * feeds the join) marked ─┐ ─┤ ─┘, the bar │ between, the join (or the successors) on the ├─
 * line. Branches of one node each give exactly the reference fan-out/fan-in block.
 */
function fanBlock(branches: Branch[], join: string): string[] {
  const members = branches.flatMap((b) => b.nodes);
  const idW = Math.max(...members.map((m) => m.id.length));
  const typeW = Math.max(...members.map((m) => m.type.length + 2));
  const labelW = Math.max(...members.map((m) => nodeLabel(m).length));
  const tagW = Math.max(0, ...branches.map((b) => (b.label === undefined ? 0 : b.label.length + 3)));
  const lines: string[] = [];
  let joinAfter = 0;
  branches.forEach((branch, b) => {
    branch.nodes.forEach((m, i) => {
      const tag = tagW === 0 ? "" : (i === 0 && branch.label !== undefined ? `[${branch.label}] ` : "").padEnd(tagW);
      const cells = ` ${tag}${m.id.padEnd(idW)} ${`[${m.type}]`.padEnd(typeW)}  ${nodeLabel(m).padEnd(labelW)}  `;
      const last = i === branch.nodes.length - 1;
      const corner = b === 0 ? "┐" : b === branches.length - 1 ? "┘" : "┤";
      lines.push(last ? `${cells}─${corner}` : b === 0 ? cells.trimEnd() : `${cells} │`);
    });
    if (b === Math.floor((branches.length - 1) / 2)) joinAfter = lines.length;
  });
  const at = ` ${"".padEnd(tagW)}${"".padEnd(idW)} ${"".padEnd(typeW)}  ${"".padEnd(labelW)}  ─`.length;
  lines.splice(joinAfter, 0, `${" ".repeat(at)}├─ ${join}`);
  return lines;
}

/** A block of the pipeline: its lines, the nodes that must flow into it, and its single exit. */
interface Block {
  lines: string[];
  /** Predecessors of the block's entry (sorted), to check that `|` from the block above is true. */
  entryPreds: number[];
  /** The node the block ends in, or -1 when it ends in several (or none). */
  exit: number;
  /** The label of the edge into the block, when one edge comes in and it has one. */
  entryLabel?: string;
}

interface BodyContext {
  graph: Graph;
  nodes: WorkflowNode[];
  position: Int32Array;
  labelOf: (from: number, to: number) => string | undefined;
  done: Uint8Array;
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && signature(a) === signature(b);

/**
 * The branches out of fork `f` when every branch is a chain (each node has one predecessor and
 * one successor inside it) and all of them meet at one join whose predecessors are exactly the
 * branch ends — or all of them end the workflow. `undefined` when the shape is anything else.
 */
function chainFan(ctx: BodyContext, f: number): { branches: number[][]; join: number } | undefined {
  const { graph, position, done } = ctx;
  const starts = [...graph.succ[f]].sort((a, b) => position[a] - position[b]);
  if (starts.length < 2) return undefined;
  const branches: number[][] = [];
  const exits: string[] = [];
  for (const s of starts) {
    if (done[s] || graph.pred[s].length !== 1) return undefined;
    const chain = [s];
    let cur = s;
    while (graph.succ[cur].length === 1) {
      const next = graph.succ[cur][0];
      if (done[next] || graph.pred[next].length !== 1) break;
      chain.push((cur = next));
    }
    if (graph.succ[cur].length > 1) return undefined;
    branches.push(chain);
    exits.push(signature(graph.succ[cur]));
  }
  if (exits.some((e) => e !== exits[0])) return undefined;
  if (exits[0] === "") return { branches, join: -1 };
  const join = graph.succ[branches[0][branches[0].length - 1]][0];
  if (
    done[join] ||
    !sameSet(
      graph.pred[join],
      branches.map((b) => b[b.length - 1]),
    )
  )
    return undefined;
  return { branches, join };
}

/** A fan block out of fork `f` whose branches are chains (see `chainFan`), or `undefined`. */
function chainFanBlock(ctx: BodyContext, f: number): Block | undefined {
  const fan = chainFan(ctx, f);
  if (!fan) return undefined;
  const { nodes, done, labelOf } = ctx;
  for (const chain of fan.branches) for (const m of chain) done[m] = 1;
  if (fan.join >= 0) done[fan.join] = 1;
  const branches = fan.branches.map((chain) => ({ nodes: chain.map((m) => nodes[m]), label: labelOf(f, chain[0]) }));
  return {
    lines: fanBlock(branches, fan.join < 0 ? "(end)" : compact(nodes[fan.join])),
    entryPreds: [f],
    exit: fan.join,
  };
}

/** The fan-out/fan-in block: siblings with the same predecessors and successors (one node per branch). */
function siblingBlock(ctx: BodyContext, siblings: number[]): Block {
  const { graph, nodes, done } = ctx;
  for (const m of siblings) done[m] = 1;
  const succ = graph.succ[siblings[0]];
  let join = succ.length === 0 ? "(end)" : succ.map((s) => graph.ids[s]).join(", ");
  let exit = -1;
  if (succ.length === 1 && !done[succ[0]] && sameSet(graph.pred[succ[0]], siblings)) {
    done[succ[0]] = 1;
    join = compact(nodes[succ[0]]);
    exit = succ[0];
  }
  const branches = siblings.map((m) => ({ nodes: [nodes[m]] }));
  return { lines: fanBlock(branches, join), entryPreds: [...graph.pred[siblings[0]]].sort((a, b) => a - b), exit };
}

function body(template: Template, graph: Graph, nodes: WorkflowNode[]): Block[] {
  const { order, blocked } = topologicalSort(graph);
  const layout: Layout = {
    idWidth: Math.max(5, ...nodes.map((n) => n.id.length)),
    typeWidth: Math.max(12, ...nodes.map((n) => n.type.length + 2)),
    labelWidth: Math.max(25, ...nodes.map((n) => nodeLabel(n).length)),
  };
  const sequence = [...order, ...blocked];
  const position = new Int32Array(nodes.length);
  sequence.forEach((n, i) => (position[n] = i));
  const labels = new Map<string, string>();
  for (const e of template.edges) if (e.label !== undefined) labels.set(`${e.from}\u0000${e.to}`, e.label);
  const ctx: BodyContext = {
    graph,
    nodes,
    position,
    done: new Uint8Array(nodes.length),
    labelOf: (from, to) => labels.get(`${graph.ids[from]}\u0000${graph.ids[to]}`),
  };
  const { done } = ctx;
  const keyOf = (m: number) => `${signature(graph.pred[m])}|${signature(graph.succ[m])}`;
  const alike = new Map<string, number[]>();
  for (const m of sequence) {
    const list = alike.get(keyOf(m));
    if (list) list.push(m);
    else alike.set(keyOf(m), [m]);
  }
  const blocks: Block[] = [];
  const single = (n: number): Block => {
    done[n] = 1;
    const preds = graph.pred[n];
    return {
      lines: [row(nodes[n], layout)],
      entryPreds: [...preds].sort((a, b) => a - b),
      exit: n,
      ...(preds.length === 1 ? { entryLabel: ctx.labelOf(preds[0], n) } : {}),
    };
  };
  for (const n of sequence) {
    if (done[n]) continue;
    const siblings = (alike.get(keyOf(n)) ?? []).filter((m) => !done[m]);
    blocks.push(siblings.length < 2 ? single(n) : siblingBlock(ctx, siblings));
    const last = blocks[blocks.length - 1];
    // A fork whose branches are chains: the whole fan right below it.
    const fan = last.exit >= 0 ? chainFanBlock(ctx, last.exit) : undefined;
    if (fan) blocks.push(fan);
  }
  return blocks;
}

/**
 * The lines between two blocks: `|` only when the block below takes exactly the block above as
 * its input (with the edge's label, if any); otherwise no connector, and the block below names
 * its predecessors (`← N-002, N-003`) or says it starts on its own.
 */
function joinBlocks(blocks: Block[], graph: Graph): string[] {
  const lines: string[] = [];
  blocks.forEach((block, i) => {
    const prev = i > 0 ? blocks[i - 1] : undefined;
    const flows =
      prev !== undefined && prev.exit >= 0 && block.entryPreds.length === 1 && block.entryPreds[0] === prev.exit;
    if (flows) lines.push(block.entryLabel === undefined ? CONNECTOR : `${CONNECTOR} [${block.entryLabel}]`);
    const from = block.entryPreds.map((p) => graph.ids[p]).join(", ");
    if (flows || (i === 0 && block.entryPreds.length === 0)) lines.push(...block.lines);
    else if (block.lines.length === 1) lines.push(`${block.lines[0]}  ${from ? `← ${from}` : "(start)"}`);
    else lines.push(`   ${from ? `← ${from}` : "(start)"}`, ...block.lines);
  });
  return lines;
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

/** Renders the template as the ASCII pipeline. Pure; tolerates cycles. */
export function renderAsciiPipeline(template: Template): string {
  const graph = buildGraph(template);
  const byId = new Map<string, WorkflowNode>();
  for (const n of template.nodes) if (!byId.has(n.id)) byId.set(n.id, n);
  const nodes = graph.ids.map((id) => byId.get(id) as WorkflowNode);
  const lines = [`Pipeline: ${template.name}`, RULE, ...joinBlocks(body(template, graph, nodes), graph)];
  lines.push(RULE, ...footer(template, nodes));
  return lines.join("\n");
}
