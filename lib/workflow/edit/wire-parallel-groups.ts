/**
 * Edges for a list of nodes (docs/describe.md, phase 3) — a linear chain in node order, where nodes
 * sharing a `parallel_group` form one stage: fan-out from the stage before to every member, fan-in
 * from every member to the stage after, no edges between members.
 */
import type { Edge } from "@/lib/workflow/model/template-schema";

export interface StagedNode {
  id: string;
  parallel_group?: string | null;
}

/** Groups nodes into stages: a group's stage sits where its first member appears. */
export function parallelStages(nodes: readonly StagedNode[]): string[][] {
  const stages: string[][] = [];
  const groupStage = new Map<string, string[]>();
  for (const node of nodes) {
    const group = node.parallel_group;
    if (!group) {
      stages.push([node.id]);
      continue;
    }
    const stage = groupStage.get(group);
    if (stage) stage.push(node.id);
    else {
      const fresh = [node.id];
      groupStage.set(group, fresh);
      stages.push(fresh);
    }
  }
  return stages;
}

/** Every member of each stage → every member of the next one (a fan-out, a fan-in, or both). */
export function wireParallelGroups(nodes: readonly StagedNode[]): Edge[] {
  const stages = parallelStages(nodes);
  const edges: Edge[] = [];
  for (let i = 1; i < stages.length; i++)
    for (const from of stages[i - 1]) for (const to of stages[i]) edges.push({ from, to });
  return edges;
}
