/**
 * Two runs side by side, node by node (the union of their planned ids, in `a`'s order then `b`'s new ones):
 * status, attempts, duration and output, and which of them changed. A node only one run has reads `absent` in the
 * other. A duration counts as changed when the two differ by more than a second and by more than half the shorter
 * one — runs of the same work never take exactly as long.
 */
export interface ComparedNodeRun {
  id: string;
  status: string;
  attempts: number;
  startedAt?: number | null;
  finishedAt?: number | null;
  output?: string;
}

export interface ComparedSide {
  status: string;
  attempts: number;
  durationMs?: number;
  output?: string;
}

export type ComparedField = "status" | "attempts" | "durationMs" | "output";

export interface NodeComparison {
  id: string;
  a: ComparedSide;
  b: ComparedSide;
  changed: ComparedField[];
}

function side(n: ComparedNodeRun | undefined): ComparedSide {
  if (!n) return { status: "absent", attempts: 0 };
  const durationMs = n.startedAt != null && n.finishedAt != null ? n.finishedAt - n.startedAt : undefined;
  return {
    status: n.status,
    attempts: n.attempts,
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(n.output !== undefined ? { output: n.output } : {}),
  };
}

function durationChanged(a?: number, b?: number): boolean {
  if (a === undefined || b === undefined) return a !== b;
  const diff = Math.abs(a - b);
  return diff > 1000 && diff > Math.min(a, b) / 2;
}

export function compareRuns(a: readonly ComparedNodeRun[], b: readonly ComparedNodeRun[]): { nodes: NodeComparison[] } {
  const byA = new Map(a.map((n) => [n.id, n]));
  const byB = new Map(b.map((n) => [n.id, n]));
  const ids = [...byA.keys(), ...[...byB.keys()].filter((id) => !byA.has(id))];
  const nodes = ids.map((id): NodeComparison => {
    const x = side(byA.get(id));
    const y = side(byB.get(id));
    const changed: ComparedField[] = [];
    if (x.status !== y.status) changed.push("status");
    if (x.attempts !== y.attempts) changed.push("attempts");
    if (durationChanged(x.durationMs, y.durationMs)) changed.push("durationMs");
    if ((x.output ?? "") !== (y.output ?? "")) changed.push("output");
    return { id, a: x, b: y, changed };
  });
  return { nodes };
}
