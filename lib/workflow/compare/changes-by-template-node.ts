/**
 * What changed between two runs, per template node (the canvas draws template nodes; a loop's iterations all
 * land on their loop): the union of the fields that differ over the planned nodes that come from it.
 */
import type { ComparedField, NodeComparison } from "./compare-runs";

export function changesByTemplateNode(
  nodes: readonly NodeComparison[],
  sourceOf: (plannedId: string) => string | undefined,
): Record<string, ComparedField[]> {
  const out: Record<string, Set<ComparedField>> = {};
  for (const n of nodes) {
    const source = sourceOf(n.id) ?? n.id;
    const fields = (out[source] ??= new Set());
    for (const f of n.changed) fields.add(f);
  }
  return Object.fromEntries(Object.entries(out).map(([id, fields]) => [id, [...fields]]));
}
