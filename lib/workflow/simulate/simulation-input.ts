/**
 * What a simulation is told: per node a mocked outcome (`mocks`) and a person's decision (`decisions`), keyed by a
 * template node id (a loop's id stands for every iteration) or a planned id (`<loop>.iter_<k>`).
 */
import * as z from "zod";

export const SimulationMockSchema = z.object({
  status: z.enum(["done", "failed"]).optional(),
  /** The node's output when it succeeds (default empty). */
  output: z.string().optional(),
  /** How long each attempt takes in the simulation's clock (default 0). */
  durationMs: z.number().finite().min(0).optional(),
  /** The failure's text when `status` is `failed`. */
  error: z.string().optional(),
});
export type SimulationMock = z.infer<typeof SimulationMockSchema>;

export const SimulationMocksSchema = z.record(z.string(), SimulationMockSchema);
/** A decision is `approve`, `reject`, an option or free answer of a human node, or a gate's label. */
export const SimulationDecisionsSchema = z.record(z.string(), z.string());

/**
 * Who answers a question no decision covers: `assume` — approve, or a gate's first label, listed in `assumed`
 * (the API); `wait` — nobody, the node waits as in a real run (`wf run --dry-run`); `approvals` — approvals are
 * given, gates wait (`wf run --dry-run --approve all`).
 */
export type UndecidedPolicy = "assume" | "wait" | "approvals";

export interface SimulationOptions {
  mocks?: z.infer<typeof SimulationMocksSchema>;
  decisions?: z.infer<typeof SimulationDecisionsSchema>;
  undecided?: UndecidedPolicy;
  /** Nodes running at once (the engine's per-run limit; `execution_mode: serial` makes it 1). */
  perRunLimit?: number;
}

/** The entry of `map` for a planned node: its own id first, then its loop's. */
export function entryFor<T>(map: Readonly<Record<string, T>> | undefined, id: string, sourceId: string): T | undefined {
  if (!map) return undefined;
  if (Object.hasOwn(map, id)) return map[id];
  return Object.hasOwn(map, sourceId) ? map[sourceId] : undefined;
}
