/**
 * Checkpoint injection (docs/model.md, "Checkpoint injection"): a pure `dag → dag + report`.
 *
 * 1. Remove the checkpoints injected earlier (`injected: true`), re-wiring around them; a user's
 *    checkpoints stay, and no checkpoint is placed next to one.
 * 2. Walk the nodes in topological order. For node N:
 *    a. before N (background / long-running agent, user breakpoint): one checkpoint on N's
 *       unclaimed in-edges; in-edges already claimed get the rule added to their checkpoint;
 *    b. after N (persistent artifact): one checkpoint on N's out-edges;
 *    c. phase boundary: N's out-edges into another phase (one per edge out of a gate, so
 *       branch labels stay on the gate).
 *    Each checkpoint has a single source or a single target, taken from existing edges, so it
 *    can never create a cycle.
 * 3. `auto_continue: false` before a user-facing deliverable, at a user breakpoint, before a
 *    background agent. Ids `CP-01`, `CP-02`… skip ids in use. Idempotent: the result depends on
 *    the set of edges, not their order.
 */
import { buildGraphWithEdges } from "@/lib/workflow/graph/build-graph";
import {
  isArtifactProducer,
  isBackgroundAgent,
  isUserFacingDeliverable,
  type CheckpointRule,
  type PauseReason,
} from "./checkpoint-rules";
import { removeNodes } from "@/lib/workflow/edit/remove-node";
import type { Edge, NodeOfType, Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { topologicalSort } from "@/lib/workflow/graph/topological-order";

export interface InjectCheckpointsOptions {
  /** Node ids to pause before, besides nodes marked `breakpoint: true`. */
  breakpoints?: readonly string[];
  /** Rules to leave out (all of them: only removes earlier injected checkpoints). */
  disable?: readonly CheckpointRule[];
}

export interface InjectedCheckpoint {
  id: string;
  /** The rule that placed it; `rules` lists every rule that applies at this spot. */
  rule: CheckpointRule;
  rules: CheckpointRule[];
  autoContinue: boolean;
  pauseReasons: PauseReason[];
  /** The original edge it sits on (the first one), and all of them. */
  edge: { from: string; to: string };
  edges: { from: string; to: string }[];
}

export interface InjectionReport {
  checkpoints: InjectedCheckpoint[];
  /** Ids of the injected checkpoints found in the input and replaced. */
  removed: string[];
}

interface Placement {
  sources: number[];
  targets: number[];
  edges: number[];
  rules: CheckpointRule[];
}

const SAVE_FIELDS = ["session_id", "artifacts", "output_path"];

/** Distinct values, ascending. */
function uniq(xs: number[]): number[] {
  return xs.length === 1 ? xs : [...new Set(xs)].sort((a, b) => a - b);
}

/** The label of the edge s → t among `edgeIdx` (graph indexes; see `injectCheckpoints`). */
function edgeLabel(
  edgeIdx: number[],
  s: number,
  t: number,
  ends: { edgeFrom: Int32Array; edgeTo: Int32Array },
  edges: Edge[],
): string | undefined {
  for (const i of edgeIdx) if (ends.edgeFrom[i] === s && ends.edgeTo[i] === t) return edges[i].label;
  return undefined;
}

function withLabel(e: Edge, label: string | undefined): Edge {
  return label === undefined ? e : { ...e, label };
}

function nextIds(taken: { has(id: string): boolean }): () => string {
  let n = 0;
  return () => {
    let id: string;
    do id = `CP-${String(++n).padStart(2, "0")}`;
    while (taken.has(id));
    return id;
  };
}

function checkpointName(p: Placement, nodes: WorkflowNode[]): [string, string] {
  const src = nodes[p.sources[0]];
  const dst = nodes[p.targets[0]];
  switch (p.rules[0]) {
    case "after-artifact":
      return [`Checkpoint: After ${src.name}`, `${src.name} finished; its output is saved before the next step.`];
    case "phase-boundary":
      return [`Checkpoint: ${src.phase} → ${dst.phase}`, `Phase "${src.phase}" complete; "${dst.phase}" comes next.`];
    default:
      return [`Checkpoint: Before ${dst.name}`, `State saved before ${dst.name} starts.`];
  }
}

/** Places checkpoints by the injection rules; see the file header. */
export function injectCheckpoints<T extends Template>(
  template: T,
  options: InjectCheckpointsOptions = {},
): { template: T; report: InjectionReport } {
  const removed = template.nodes.filter((n) => n.type === "checkpoint" && n.injected === true).map((n) => n.id);
  const base = removeNodes(template, removed);
  const { graph, edgeFrom, edgeTo } = buildGraphWithEdges(base);
  // Graph indexes follow first occurrences of ids: the node and its position in `base.nodes`.
  const nodes: WorkflowNode[] = new Array(graph.ids.length);
  const position = new Int32Array(graph.ids.length);
  base.nodes.forEach((n, i) => {
    const g = graph.index.get(n.id) as number;
    if (nodes[g] !== undefined) return;
    nodes[g] = n;
    position[g] = i;
  });
  const enabled = (rule: CheckpointRule) => !options.disable?.includes(rule);
  const breakpoints = new Set(options.breakpoints ?? []);

  // Edge indexes by source and by target (compressed rows), leaving out edges with a checkpoint
  // end: no checkpoint is placed next to one.
  const count = nodes.length;
  const usable = (i: number) =>
    edgeFrom[i] >= 0 && nodes[edgeFrom[i]].type !== "checkpoint" && nodes[edgeTo[i]].type !== "checkpoint";
  const outStart = new Int32Array(count + 1);
  const inStart = new Int32Array(count + 1);
  for (let i = 0; i < base.edges.length; i++)
    if (usable(i)) {
      outStart[edgeFrom[i] + 1]++;
      inStart[edgeTo[i] + 1]++;
    }
  for (let k = 0; k < count; k++) {
    outStart[k + 1] += outStart[k];
    inStart[k + 1] += inStart[k];
  }
  const outList = new Int32Array(outStart[count]);
  const inList = new Int32Array(inStart[count]);
  const outFill = outStart.slice(0, count);
  const inFill = inStart.slice(0, count);
  for (let i = 0; i < base.edges.length; i++)
    if (usable(i)) {
      outList[outFill[edgeFrom[i]]++] = i;
      inList[inFill[edgeTo[i]]++] = i;
    }
  const outEdges = (k: number) => Array.from(outList.subarray(outStart[k], outStart[k + 1]));
  const inEdges = (k: number) => Array.from(inList.subarray(inStart[k], inStart[k + 1]));
  const from = (i: number) => edgeFrom[i];
  const to = (i: number) => edgeTo[i];

  const placements: Placement[] = [];
  // The checkpoint (index in `placements`) each edge is claimed by, -1 for none.
  const claim = new Int32Array(base.edges.length).fill(-1);
  /** Adds `rule` to claimed edges' checkpoints and places one checkpoint on the unclaimed ones. */
  const place = (edgeIdx: number[], rule: CheckpointRule, side: "source" | "target") => {
    const fresh = edgeIdx.filter((i) => claim[i] < 0);
    for (const i of edgeIdx) {
      const p = claim[i] < 0 ? undefined : placements[claim[i]];
      if (p && !p.rules.includes(rule)) p.rules.push(rule);
    }
    if (fresh.length === 0) return;
    const p: Placement = {
      sources: side === "target" ? uniq(fresh.map(from)) : [from(fresh[0])],
      targets: side === "source" ? uniq(fresh.map(to)) : [to(fresh[0])],
      edges: fresh,
      rules: [rule],
    };
    for (const i of fresh) claim[i] = placements.length;
    placements.push(p);
  };

  /** A gate's out-edges one target at a time, so each branch keeps its own checkpoint. */
  const byTarget = (edgeIdx: number[]) => {
    const groups = new Map<number, number[]>();
    for (const i of edgeIdx) {
      const group = groups.get(to(i));
      if (group) group.push(i);
      else groups.set(to(i), [i]);
    }
    return [...groups.keys()].sort((a, b) => a - b).map((t) => groups.get(t) as number[]);
  };

  const { order, blocked } = topologicalSort(graph);
  for (let step = 0; step < order.length + blocked.length; step++) {
    const n = step < order.length ? order[step] : blocked[step - order.length];
    const node = nodes[n];
    if (node.type === "checkpoint") continue;
    if (enabled("before-background-agent") && isBackgroundAgent(node))
      place(inEdges(n), "before-background-agent", "target");
    if (enabled("breakpoint") && (node.breakpoint === true || breakpoints.has(node.id)))
      place(inEdges(n), "breakpoint", "target");
    if (enabled("after-artifact") && isArtifactProducer(node)) {
      if (node.type === "gate") for (const group of byTarget(outEdges(n))) place(group, "after-artifact", "source");
      else place(outEdges(n), "after-artifact", "source");
    }
    if (enabled("phase-boundary") && node.phase) {
      // Most edges stay inside their phase: no list unless one crosses.
      let crossing: number[] | undefined;
      for (let k = outStart[n]; k < outStart[n + 1]; k++) {
        const i = outList[k];
        const phase = nodes[edgeTo[i]].phase;
        if (phase && phase !== node.phase) (crossing ??= []).push(i);
      }
      if (!crossing) continue;
      if (node.type === "gate") for (const group of byTarget(crossing)) place(group, "phase-boundary", "source");
      else place(crossing, "phase-boundary", "source");
    }
  }

  const newId = nextIds(graph.index);
  const ends = { edgeFrom, edgeTo };
  // The checkpoints listed right after each position of `base.nodes`.
  const anchored: (WorkflowNode[] | undefined)[] = new Array(base.nodes.length);
  const newEdges: Edge[] = [];
  const report: InjectedCheckpoint[] = [];
  for (const p of placements) {
    const id = newId();
    const targets = p.targets.map((t) => nodes[t]);
    const pauseReasons: PauseReason[] = [];
    if (targets.some(isUserFacingDeliverable)) pauseReasons.push("user-facing-deliverable");
    if (p.rules.includes("breakpoint")) pauseReasons.push("user-breakpoint");
    if (p.rules.includes("before-background-agent")) pauseReasons.push("background-agent");
    const [name, description] = checkpointName(p, nodes);
    const cp: NodeOfType<"checkpoint"> = {
      id,
      name,
      type: "checkpoint",
      description,
      auto_continue: pauseReasons.length === 0,
      save_fields: [...SAVE_FIELDS],
      injected: true,
      injected_rule: p.rules[0],
    };
    let anchor = -1;
    for (const s of p.sources) anchor = Math.max(anchor, position[s]);
    const siblings = anchored[anchor];
    if (siblings) siblings.push(cp);
    else anchored[anchor] = [cp];
    // Labels stay on the single-node side: a gate's branch label stays on the gate's edge.
    for (const s of p.sources)
      newEdges.push(
        withLabel(
          { from: nodes[s].id, to: id },
          p.targets.length === 1 ? edgeLabel(p.edges, s, p.targets[0], ends, base.edges) : undefined,
        ),
      );
    for (const t of p.targets)
      newEdges.push(
        withLabel(
          { from: id, to: nodes[t].id },
          p.targets.length > 1 ? edgeLabel(p.edges, p.sources[0], t, ends, base.edges) : undefined,
        ),
      );
    const edges = p.edges.map((i) => ({ from: base.edges[i].from, to: base.edges[i].to }));
    report.push({
      id,
      rule: p.rules[0],
      rules: [...p.rules],
      autoContinue: cp.auto_continue === true,
      pauseReasons,
      edge: edges[0],
      edges,
    });
  }

  const outNodes: WorkflowNode[] = [];
  base.nodes.forEach((n, i) => {
    outNodes.push(n);
    const cps = anchored[i];
    if (cps) for (const cp of cps) outNodes.push(cp);
  });
  const keptEdges: Edge[] = [];
  base.edges.forEach((e, i) => claim[i] < 0 && keptEdges.push(e));
  for (const e of newEdges) keptEdges.push(e);
  const listed = new Set(base.checkpoints);
  const unlisted = base.nodes.filter((n) => n.type === "checkpoint" && !listed.has(n.id)).map((n) => n.id);
  return {
    template: {
      ...base,
      nodes: outNodes,
      edges: keptEdges,
      checkpoints: [...base.checkpoints, ...unlisted, ...report.map((r) => r.id)],
    },
    report: { checkpoints: report, removed },
  };
}
