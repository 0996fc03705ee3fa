import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSatisfied } from "./reduce-context";
import { simulateRun } from "@/lib/workflow/test-support/simulate-run";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { validateRunState } from "./validate-run-state";

const POLICIES = ["abort", "skip", "retry"] as const;

/** A random DAG: node i may depend on any earlier node; each node has a policy and a failure count. */
const dagArb = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 2 }),
    policies: fc.array(fc.constantFrom(...POLICIES), { minLength: n, maxLength: n }),
    failures: fc.array(fc.nat(2), { minLength: n, maxLength: n }),
    serial: fc.boolean(),
  }),
);

describe("reducer invariants on random DAGs", () => {
  it("always finishes, never starts a node early, and respects attempt limits", () => {
    fc.assert(
      fc.property(dagArb, ({ edges, policies, failures, serial }) => {
        //  random: n0 … nk, edges only from lower to higher index
        const b = buildTemplate().with({ execution_mode: serial ? "serial" : "parallel" });
        policies.forEach((p, i) => b.node(`n${i}`, { on_fail: p }));
        const seen = new Set<string>();
        for (const [x, y] of edges) {
          const [from, to] = x < y ? [x, y] : [y, x];
          if (from === to || seen.has(`${from}-${to}`)) continue;
          seen.add(`${from}-${to}`);
          b.edge(`n${from}`, `n${to}`);
        }
        const sim = simulateRun(b.done(), {
          outcome: (id, attempt) => (attempt <= failures[Number(id.slice(1))] ? { error: "x" } : undefined),
        });
        const { state, spec } = sim;
        // 1. The run ends.
        expect(["succeeded", "failed"]).toContain(state.status);
        // 2. The final state is one the reducer could produce (no out-of-order completion).
        expect(validateRunState(spec.plan, state)).toEqual([]);
        // 3. Every start happened after all dependencies were satisfied, replayed from the log.
        const done = new Set<string>();
        for (const e of sim.events) {
          if (e.type === "node.started")
            for (const d of spec.plan.nodes[e.nodeId].deps)
              expect(done.has(d) || state.nodes[d].status === "skipped").toBe(true);
          if (e.type === "node.succeeded") done.add(e.nodeId);
        }
        // 4. Attempts stay within 1 + retries; a succeeded run has every node satisfied or skipped.
        for (const [i, p] of policies.entries())
          expect(state.nodes[`n${i}`].attempts).toBeLessThanOrEqual(p === "retry" ? 2 : 1);
        if (state.status === "succeeded")
          for (const id of spec.plan.order)
            expect(isSatisfied(state.nodes[id]) || state.nodes[id].status === "skipped").toBe(true);
        // 5. The counters match the node statuses.
        const counts: Record<string, number> = {};
        for (const n of Object.values(state.nodes)) counts[n.status] = (counts[n.status] ?? 0) + 1;
        for (const [s, c] of Object.entries(state.counts)) expect(c).toBe(counts[s] ?? 0);
      }),
      { numRuns: 300 },
    );
  });
});
